% expect: refused
% put_attr/3 inside a lambda.
:- use_module(library(yall)).
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    call([X]>>put_attr(X, freeze, E), V),
    V = x,
    valid_moves(State, [Move|_]).
