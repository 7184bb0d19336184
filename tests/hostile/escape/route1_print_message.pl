% expect: refused print_message
% Route 1: a message whose format runs ~@ with a goal built from codes.
choose_move(State, _, Move) :-
    atom_codes(Name, [115,104,101,108,108]),
    Goal =.. [Name, 'touch /tmp/arena-escape-pwned'],
    print_message(error, format("~@", [Goal])),
    valid_moves(State, [Move|_]).
