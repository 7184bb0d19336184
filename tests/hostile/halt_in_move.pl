% expect: refused halt
% Ends the process during its move.
choose_move(_, _, _) :-
    halt.
