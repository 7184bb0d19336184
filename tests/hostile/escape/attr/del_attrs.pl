% expect: refused del_attrs
% Drops every attribute of a variable, the system's included.
choose_move(State, _, Move) :-
    freeze(V, true),
    del_attrs(V),
    valid_moves(State, [Move|_]).
