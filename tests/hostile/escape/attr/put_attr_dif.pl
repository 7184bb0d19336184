% expect: refused put_attr dif
% library(dif)'s attribute, set by hand.
choose_move(State, _, Move) :-
    put_attr(V, dif, vardif([], [])),
    V = x,
    valid_moves(State, [Move|_]).
