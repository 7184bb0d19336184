% expect: refused run time
% when/2 of a goal built from text.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    when(nonvar(V), E),
    V = x,
    valid_moves(State, [Move|_]).
