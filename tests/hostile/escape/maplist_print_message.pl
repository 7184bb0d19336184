% expect: refused print_message
% print_message/2 reached as a closure through maplist/2.
choose_move(State, _, Move) :-
    atom_codes(Name, [115,104,101,108,108]),
    Goal =.. [Name, 'touch /tmp/arena-escape-pwned'],
    maplist(print_message(error), [format("~@", [Goal])]),
    valid_moves(State, [Move|_]).
