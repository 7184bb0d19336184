% A bot that tells what it is doing, as a student debugging one would.
choose_move(State, _Level, Move) :-
    valid_moves(State, Moves),
    length(Moves, N),
    format("thinking about ~w moves~n", [N]),
    Moves = [Move|_],
    write(chose(Move)), nl.
