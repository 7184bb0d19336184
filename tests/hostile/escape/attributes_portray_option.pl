% expect: crashed attributes
% attributes(portray) with a harmless hook: the option itself is refused.
choose_move(State, _, Move) :-
    put_attr(X, arena_bot, x),
    write_term(f(X), [attributes(portray)]),
    valid_moves(State, [Move|_]).
attr_unify_hook(_, _).
attr_portray_hook(_, _) :- write(hooked).
