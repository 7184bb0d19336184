% expect: crashed stack
% Asks for a list of a billion cells, then for ever longer ones.
choose_move(_, _, Move) :-
    length(Cells, 1000000000),
    grow([], Cells, Move).

grow(Xs, Ys, Move) :-
    append(Xs, [Ys|Xs], Zs),
    grow(Zs, Ys, Move).
