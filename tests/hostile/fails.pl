% expect: no_move
% Fails.
choose_move(_, _, _) :-
    fail.
