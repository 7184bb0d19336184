% expect: refused message_to_string
% message_to_string/2 translates a message, running its ~@.
choose_move(State, _, Move) :-
    atom_codes(Name, [115,104,101,108,108]),
    Goal =.. [Name, 'touch /tmp/arena-escape-pwned'],
    message_to_string(format("~@", [Goal]), _),
    valid_moves(State, [Move|_]).
