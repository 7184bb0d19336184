% expect: crashed uncaught
% A huge exception term.
choose_move(_, _, _) :-
    numlist(1, 1000000, L),
    throw(L).
