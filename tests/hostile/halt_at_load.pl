% expect: refused halt
% Ends the process while it loads.
:- initialization(halt).
:- halt.

choose_move(State, _, Move) :-
    valid_moves(State, [Move|_]).
