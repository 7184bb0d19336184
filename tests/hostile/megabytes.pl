% expect: ok
% Prints about 3 MB at every move, then plays.
choose_move(State, _, Move) :-
    forall(between(1, 30000, I),
           format("~d ~`xt~100|~n", [I])),
    valid_moves(State, [Move|_]).
