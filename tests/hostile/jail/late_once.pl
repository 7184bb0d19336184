% expect: timeout
% Catches the time limit's exception once and thinks on for 1.5 s: the
% limit rings again, so the move never comes.
choose_move(State, _Level, Move) :-
    get_time(T0),
    catch(think_until(T0 + 1000), _, true),
    get_time(T1),
    think_until(T1 + 1.5),
    valid_moves(State, [Move|_]).

think_until(End) :-
    get_time(Now),
    (   Now >= End
    ->  true
    ;   think_until(End)
    ).
