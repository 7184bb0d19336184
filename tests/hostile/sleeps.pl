% expect: timeout
% Sleeps past the time limit.
choose_move(State, _, Move) :-
    sleep(30),
    valid_moves(State, [Move|_]).
