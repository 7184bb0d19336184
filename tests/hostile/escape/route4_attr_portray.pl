% expect: refused attr_portray_hook
% Route 4: an attribute of the bot's module printed with attributes(portray).
choose_move(State, _, Move) :-
    put_attr(X, arena_bot, x),
    write_term(f(X), [attributes(portray)]),
    valid_moves(State, [Move|_]).
attr_unify_hook(_, _).
attr_portray_hook(_, _) :-
    atom_codes(Name, [115,104,101,108,108]),
    Goal =.. [Name, 'touch /tmp/arena-escape-pwned'],
    call(Goal).
