% expect: crashed boom
% Throws an exception.
choose_move(_, _, _) :-
    throw(boom).
