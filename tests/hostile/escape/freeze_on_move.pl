% expect: illegal ground
% A goal frozen on the move's variable would run when the host binds it,
% outside the move's limits.
choose_move(_, _, f(X)) :-
    freeze(X, (repeat, fail)).
