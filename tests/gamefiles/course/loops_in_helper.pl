% A game of our own whose valid_moves/2 reaches, once the heap is small,
% a helper that counts up for ever (a base case the student forgot): the
% no-contest names that helper as the place the loop was busy.
players([first, second]).
initial_state(_, s(7, first)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- N > 3, !, findall(T, (member(T, [1, 2]), T =< N), Ms).
valid_moves(s(N, _), Ms) :- takes_left(N, 0, Ms).
takes_left(N, K, Ms) :- K1 is K + 1, takes_left(N, K1, Ms).
move(s(N, P), T, s(N1, Q)) :- memberchk(T, [1, 2]), T =< N, N1 is N - T, other(P, Q).
other(first, second).
other(second, first).
game_over(s(0, P), W) :- other(P, W).
display_game(s(N, P)) :- format("~w left, ~w to move~n", [N, P]).
