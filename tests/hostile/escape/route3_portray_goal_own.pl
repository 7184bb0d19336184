% expect: refused evil
% Route 3: portray_goal calling the bot's own predicate, which no entry
% point reaches.
choose_move(State, _, Move) :-
    write_term(f(x), [portray_goal(evil)]),
    valid_moves(State, [Move|_]).
evil(_, _) :-
    atom_codes(Name, [115,104,101,108,108]),
    Goal =.. [Name, 'touch /tmp/arena-escape-pwned'],
    call(Goal).
