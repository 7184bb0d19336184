% Plays the Level-th valid move: shows which level it was given.
choose_move(State, Level, Move) :-
    valid_moves(State, Moves),
    nth1(Level, Moves, Move).
