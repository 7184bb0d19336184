% expect: refused put_attrs
% Every attribute at once, one of them freeze's.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    put_attrs(V, att(freeze, E, [])),
    V = x,
    valid_moves(State, [Move|_]).
