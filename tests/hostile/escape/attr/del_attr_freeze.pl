% expect: refused del_attr freeze
% Removes a goal the system froze.
choose_move(State, _, Move) :-
    freeze(V, true),
    del_attr(V, freeze),
    V = x,
    valid_moves(State, [Move|_]).
