% expect: refused get_attr clpfd
% Reads clpfd's attribute of a constrained variable (its propagators).
:- use_module(library(clpfd)).
choose_move(State, _, Move) :-
    X #> 3,
    get_attr(X, clpfd, A),
    setarg(1, A, x),
    valid_moves(State, [Move|_]).
