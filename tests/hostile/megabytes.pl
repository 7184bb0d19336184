% expect: ok
% Prints a mebibyte at every move, then plays.
choose_move(State, _, Move) :-
    format("~`xt~1048576|~n"),
    valid_moves(State, [Move|_]).
