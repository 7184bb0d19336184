% expect: timeout later than the move time
% Catches the time limit's exception and answers 1.5 s after it: checked
% as usual (catch/3 and get_time/1 are allowed), the referee's own clock
% must call it a timeout.
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
