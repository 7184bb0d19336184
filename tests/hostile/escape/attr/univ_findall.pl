% expect: refused run time
% A goal made with =.., called through findall/3.
choose_move(State, _, Move) :-
    G =.. [shell, 'touch /tmp/arena-escape-pwned'],
    findall(x, G, _),
    valid_moves(State, [Move|_]).
