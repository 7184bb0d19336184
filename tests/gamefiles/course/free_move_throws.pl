% A game of our own with no valid_moves whose move/3 does arithmetic on
% the move's parts before it looks them up, so a free move throws: the
% proposal binds the parts its head shows (From-To) in turn, from 0 to
% the length of the state's longest list. Move a stone one cell right;
% whoever moves the last stone to the end wins.
initial_state(_, s([1, 1, 0, 0, 0], left)).
move(s(Cells, P), From-To, s(Cells1, Q)) :-
    To =:= From + 1,
    nth0(From, Cells, 1),
    nth0(To, Cells, 0),
    set(Cells, From, 0, C1),
    set(C1, To, 1, Cells1),
    other(P, Q).
set([_|T], 0, X, [X|T]) :- !.
set([H|T], I, X, [H|T1]) :- I1 is I - 1, set(T, I1, X, T1).
game_over(s([0, 0, 0, 1, 1], P), W) :- other(P, W).
other(left, right).
other(right, left).
