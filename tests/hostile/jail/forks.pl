% jail: loaded unchecked (tests/jail/test_jail.py). Every move forks 40
% processes that leave their parent (double fork, own session) and spin
% forever, then answers at once: the jail must bound them and kill them
% all before the opponent's clock starts.
:- use_module(library(unix)).

choose_move(State, _Level, Move) :-
    spawn(40, 0, Made),
    format(user_error, "forked ~w~n", [Made]),
    valid_moves(State, [Move|_]).

spawn(0, Made, Made) :-
    !.
spawn(K, Made0, Made) :-
    K1 is K - 1,
    (   catch(fork(Pid), _, fail)
    ->  (   Pid == child
        ->  detached_spinner
        ;   Made1 is Made0 + 1
        )
    ;   Made1 = Made0
    ),
    spawn(K1, Made1, Made).

detached_spinner :-
    (   catch(fork(Pid), _, fail),
        Pid == child
    ->  catch(detach_IO, _, true),
        spin
    ;   spin
    ).

spin :-
    repeat,
    fail.
