% A course-style game of our own whose valid_moves/2 throws in its first
% state (a helper it calls is missing): no adapter can be proposed, and
% the reason names the rule and what it threw.
initial_state(_, game([0, 0, 0], red)).

valid_moves(game(Cells, P), Moves) :-
    findall(I, ( nth1(I, Cells, 0), may_take(P, I) ), Moves).

move(game(Cells, P), I, game(Cells1, Q)) :-
    nth1(I, Cells, 0),
    set_cell(I, Cells, P, Cells1),
    other(P, Q).

set_cell(1, [_|T], P, [P|T]).
set_cell(I, [H|T], P, [H|T1]) :-
    I > 1,
    I1 is I - 1,
    set_cell(I1, T, P, T1).

other(red, blue).
other(blue, red).

game_over(game(Cells, _), draw) :-
    \+ memberchk(0, Cells).
