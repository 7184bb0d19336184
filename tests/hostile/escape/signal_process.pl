% expect: refused process
% Signals another process (the referee, the opponent) by pid.
:- use_module(library(process)).
choose_move(State, _, Move) :-
    process_kill(1, stop),
    valid_moves(State, [Move|_]).
