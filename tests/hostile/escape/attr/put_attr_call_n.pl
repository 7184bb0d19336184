% expect: refused
% put_attr/3 through call/3.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    call(put_attr(V), freeze, E),
    V = x,
    valid_moves(State, [Move|_]).
