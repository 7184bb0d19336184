% expect: refused
% format/2 with ~@ of a goal built at run time.
choose_move(State, _, Move) :-
    atom_codes(Name, [115,104,101,108,108]),
    Goal =.. [Name, 'touch /tmp/arena-escape-pwned'],
    format("~@", [Goal]),
    valid_moves(State, [Move|_]).
