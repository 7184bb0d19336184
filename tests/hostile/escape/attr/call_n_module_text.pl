% expect: refused run time
% call/N of a module named by text.
choose_move(State, _, Move) :-
    atom_string(M, "unix"),
    call(M:fork, _),
    valid_moves(State, [Move|_]).
