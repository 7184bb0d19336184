% A PFL bot that thinks for about two seconds, then plays its first move.
choose_move(State, _Level, Move) :-
    get_time(T0),
    think_until(T0 + 2),
    valid_moves(State, [Move|_]).

think_until(End) :-
    get_time(Now),
    (   Now >= End
    ->  true
    ;   think_until(End)
    ).
