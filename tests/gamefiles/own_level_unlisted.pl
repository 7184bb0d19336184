% A game of our own whose choose_move/3 answers a move valid_moves/2
% never lists: a player at its level plays a random valid move instead,
% and says so.
players([a, b]).
initial_state(_, s(7, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Moves) :-
    findall(T, ( between(1, 2, T), T =< N ), Moves).
move(s(N, P), T, s(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    other(P, Q).
other(a, b).
other(b, a).
game_over(s(0, P), W) :-
    other(P, W).
choose_move(_, _, 99).
