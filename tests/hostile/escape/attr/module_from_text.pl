% expect: refused run time
% The attribute module made from text.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    atom_string(M, "freeze"),
    put_attr(V, M, E),
    V = x,
    valid_moves(State, [Move|_]).
