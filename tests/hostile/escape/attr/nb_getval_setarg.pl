% expect: refused nb_getval
% A global variable of the system's, read to change it in place.
choose_move(State, _, Move) :-
    nb_getval('$arena', T),
    setarg(1, T, x),
    valid_moves(State, [Move|_]).
