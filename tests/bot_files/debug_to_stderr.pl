% A student debugging with format(user_error, ...): refused, with how to print instead.
choose_move(State, _Level, Move) :-
    valid_moves(State, [Move|_]),
    format(user_error, "debug: ~w~n", [Move]).
