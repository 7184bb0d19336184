% A course-style game of our own whose valid_moves/2 lives in bots.pl,
% which none of its files loads.
initial_state(_, state([e, e, e, e], x)).

move(state(Cells, P), I, state(Cells1, Q)) :-
    integer(I),
    nth1(I, Cells, e, Rest),
    nth1(I, Cells1, P, Rest),
    other(P, Q).

game_over(state(Cells, _), draw) :-
    \+ memberchk(e, Cells).

other(x, o).
other(o, x).
