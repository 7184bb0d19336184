% The moves the game's computer players choose from.
valid_moves(state(Cells, _), Moves) :-
    findall(I, nth1(I, Cells, e), Moves).
