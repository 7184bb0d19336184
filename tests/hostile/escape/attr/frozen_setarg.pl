% expect: refused frozen
% frozen/2 gives the goal itself, to be changed in place.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    freeze(V, (true, true)),
    frozen(V, F),
    sub_term(C, F), compound(C), C = (_, _),
    setarg(1, C, E),
    V = x,
    valid_moves(State, [Move|_]).
