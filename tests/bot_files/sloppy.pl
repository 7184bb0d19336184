% Loads and plays, with what a compiler warns about: a variable used
% once (a misspelt Level) and a helper named like one of the game's rules.
choose_move(State, Level, Move) :-
    valid_moves(State, Moves),
    (   Levl > 1
    ->  last(Moves, Move)
    ;   Moves = [Move|_]
    ).

value(_, _, 0).
