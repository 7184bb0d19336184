% A course-style game of our own whose game_over/2 never answers once
% fewer than four stones are left: a helper recurses on the same heap for
% ever (a slip a student makes). Taking one to three stones a turn; the
% player who cannot move loses.
initial_state(_, 9-first).

other(first, second).
other(second, first).

valid_moves(N-_, Moves) :-
    findall(T, ( between(1, 3, T), T =< N ), Moves).

move(N-P, T, N1-Q) :-
    between(1, 3, T),
    T =< N,
    N1 is N - T,
    other(P, Q).

game_over(N-P, Winner) :-
    N < 4,
    left_over(N, N-P, Winner).

left_over(0, _-P, Winner) :-
    !,
    other(P, Winner).
left_over(N, S, Winner) :-
    left_over(N, S, Winner).

display_game(N-P) :-
    format("~d stones, ~w to take~n", [N, P]).
