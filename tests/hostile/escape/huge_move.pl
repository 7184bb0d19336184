% expect: illegal
% A 400,000-element list as the move: its detail must stay small.
choose_move(_, _, M) :-
    numlist(1, 400000, M).
