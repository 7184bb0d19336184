% expect: crashed stack
% Recursion that is not tail recursive: the stacks overflow.
choose_move(_, _, Move) :-
    depth(0, Move).

depth(N, Move) :-
    N1 is N + 1,
    depth(N1, Move),
    Move > N.
