% A game of our own whose move/3 reaches, two calls down, a helper that
% throws (arithmetic on a variable the student forgot to bind) once the
% heap is small: the no-contest names that helper and its call, not
% only move/3.
players([a, b]).
initial_state(_, s(9, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Ms) :- findall(T, ( member(T, [1, 2]), T =< N ), Ms).
move(s(N, P), T, s(N1, Q)) :-
    memberchk(T, [1, 2]),
    T =< N,
    N1 is N - T,
    tally(N1),
    other(P, Q).
tally(N) :- bonus(N, B), B >= 0.
bonus(N, B) :- N > 4, !, B is N - 4.
bonus(_, B) :- B is _Cells + 1.
other(a, b).
other(b, a).
game_over(s(0, P), W) :- other(P, W).
display_game(s(N, P)) :- format("~w left, ~w to move~n", [N, P]).
