% expect: crashed uncaught
% A cyclic exception term.
choose_move(_, _, _) :-
    X = f(X),
    throw(X).
