% expect: timeout
% Never answers.
choose_move(State, Level, Move) :-
    spin(State),
    choose_move(State, Level, Move).

spin(State) :-
    repeat,
    valid_moves(State, _),
    fail.
