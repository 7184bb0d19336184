% A game of our own whose valid_moves/2 lists cells [R, C] while move/3
% takes [R, C, Dir], Dir each of the directions its facts give, and
% whose move/3 keeps the list in the state, calling valid_moves/2 itself;
% a last clause takes any other move and leaves the state as it was (its
% loop then asks again). Place a domino on a strip of 6 cells; whoever
% cannot place one loses.
initial_state(_, [Cells, first, Ms]) :- Cells = [e, e, e, e, e, e], cells_free(Cells, Ms).
valid_moves([Cells, _, _], Ms) :- cells_free(Cells, Ms).
cells_free(Cells, Ms) :- findall([1, C], nth1(C, Cells, e), Ms).
move([Cells, P, Listed], [R, C, Dir], [Cells1, Q, Ms]) :-
    member([R, C], Listed),
    lay(Cells, C, Dir, Cells1),
    other(P, Q),
    valid_moves([Cells1, Q, []], Ms),
    !.
move(State, _, State) :- !.
lay(Cells, C, Dir, Cells1) :-
    step(Dir, D), C2 is C + D,
    nth1(C2, Cells, e),
    put(Cells, C, x, T), put(T, C2, x, Cells1).
step(right, 1).
step(left, -1).
put(L, I, X, L1) :- nth1(I, L, _, Rest), nth1(I, L1, X, Rest).
game_over([Cells, P, _], W) :- \+ ( nth1(C, Cells, e), ( C2 is C + 1 ; C2 is C - 1 ), nth1(C2, Cells, e) ), other(P, W).
other(first, second).
other(second, first).
