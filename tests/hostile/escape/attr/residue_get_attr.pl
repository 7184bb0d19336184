% expect: refused get_attr
% call_residue_vars/2 finds the frozen variable; its goal is read back.
choose_move(State, _, Move) :-
    call_residue_vars(freeze(V, (true, true)), Vs),
    member(W, Vs), get_attr(W, freeze, _:G),
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"), setarg(1, G, E),
    V = x,
    valid_moves(State, [Move|_]).
