% expect: illegal cyclic
% A cyclic term as the move.
choose_move(_, _, M) :-
    M = f(M).
