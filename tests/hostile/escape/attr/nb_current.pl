% expect: refused nb_current
% Lists the system's global variables.
choose_move(State, _, Move) :-
    findall(K, nb_current(K, _), _),
    valid_moves(State, [Move|_]).
