% expect: refused get_attrs
% The bot's own attribute, renamed to freeze's in place.
choose_move(State, _, Move) :-
    term_string(E, "shell('touch /tmp/arena-escape-pwned')"),
    put_attr(V, arena_bot, x),
    get_attrs(V, A),
    setarg(1, A, freeze),
    setarg(2, A, E),
    V = x,
    valid_moves(State, [Move|_]).
attr_unify_hook(_, _).
