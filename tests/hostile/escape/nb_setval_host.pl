% expect: refused nb_setval
% Overwrites a global variable the system might read.
choose_move(State, _, Move) :-
    nb_setval('$arena_nonce', forged),
    valid_moves(State, [Move|_]).
