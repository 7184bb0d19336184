% expect: crashed format
% Route 2: an exception that message translation would run.
choose_move(_, _, _) :-
    atom_codes(Name, [115,104,101,108,108]),
    Goal =.. [Name, 'touch /tmp/arena-escape-pwned'],
    throw(error(format("~@", [Goal]), _)).
