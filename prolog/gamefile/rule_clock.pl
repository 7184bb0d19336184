:- module(arena_rule_clock,
          [ clocked_call/4,           % +Seconds, +Inferences, :Goal, -Result
            firm_time_limit/2         % +Seconds, :Goal
          ]).
:- use_module(library(time)).

/** <module> The time limit of a game's rule calls, cheap enough for many

call_with_time_limit/2 sets and removes an alarm each call, which cost a
game file's step more than its rules did (a referee's step makes a dozen
rule calls, a playout hundreds). Here one alarm serves many short calls.

A student's rule may catch every error in a loop (`repeat,
catch(read(X), _, fail), ...`), and so the one time_limit_exceeded
that call_with_time_limit/2 throws: here the alarm rings again every
20 ms until the call is gone.
*/

:- meta_predicate clocked_call(+, +, 0, -), firm_time_limit(+, 0).

%!  firm_time_limit(+Seconds, :Goal) is semidet.
%
%   As call_with_time_limit/2 (Goal once; time_limit_exceeded thrown
%   after Seconds), but the exception is thrown again every 20 ms while
%   Goal runs on, so that a catch-all inside Goal cannot keep it.

firm_time_limit(Seconds, Goal) :-
    gensym(arena_firm_alarm_, Key),
    setup_call_cleanup(
        ( alarm(Seconds, arena_rule_clock:firm_rings(Key), Id,
                [remove(false), install(false)]),
          nb_setval(Key, Id),
          install_alarm(Id) ),
        once(Goal),
        ( catch(remove_alarm(Id), _, true), nb_delete(Key) )).

:- public firm_rings/1.

firm_rings(Key) :-
    (   nb_current(Key, Id)             % else the call is gone
    ->  catch(uninstall_alarm(Id), _, true),
        install_alarm(Id, 0.02),
        throw(time_limit_exceeded)
    ;   true
    ).

%!  clocked_call(+Seconds, +Inferences, :Goal, -Result) is det.
%
%   Goal once within Seconds (else time_limit_exceeded is thrown) and
%   Inferences (Result inference_limit_exceeded); Result is fail when it
%   fails, else as call_with_inference_limit/3 gives it.
%
%   A call notes when its time ends (a global, 0 between calls); the
%   alarm, set for the first call's end, throws when it rings if the
%   call running then has run out of time, and else is set again for
%   that call's end. A call within a call is limited by an alarm of its
%   own.
clocked_call(Seconds, Inferences, Goal, Result) :-
    (   nb_current(arena_rule_clock, Running),
        Running > 0
    ->  (   firm_time_limit(Seconds, call_with_inference_limit(Goal, Inferences, Result0))
        ->  Result = Result0
        ;   Result = fail
        )
    ;   get_time(Now),
        Until is Now + Seconds,
        catch(( clock_start(Until),
                (   call_with_inference_limit(Goal, Inferences, Result0)
                ->  Result = Result0
                ;   Result = fail
                ),
                nb_setval(arena_rule_clock, 0)
              ),
              Error,
              ( nb_setval(arena_rule_clock, 0), throw(Error) ))
    ).

clock_start(Until) :-
    nb_setval(arena_rule_clock, Until),
    (   nb_current(arena_rule_alarm, alarm(Id, At))
    ->  (   At =< Until
        ->  true                        % it rings first, and is set again
        ;   catch(remove_alarm(Id), _, true),   % it may have rung just now
            clock_alarm(Until)
        )
    ;   clock_alarm(Until)
    ).

clock_alarm(At) :-
    (   nb_current(arena_rule_alarm, _)
    ->  true
    ;   thread_self(main)
    ->  true                            % at_halt/1 below
    ;   thread_at_exit(clock_off)
    ),
    alarm_at(At, arena_rule_clock:clock_rings, Id, [remove(true)]),
    nb_setval(arena_rule_alarm, alarm(Id, At)).

%   A pending alarm keeps a process from halting: it is removed first.
:- at_halt(clock_off).

clock_off :-
    (   nb_current(arena_rule_alarm, alarm(Id, _))
    ->  nb_setval(arena_rule_alarm, none),
        catch(remove_alarm(Id), _, true)
    ;   true
    ).

:- public clock_rings/0.

clock_rings :-
    nb_setval(arena_rule_alarm, none),
    (   nb_current(arena_rule_clock, Until),
        Until > 0
    ->  get_time(Now),
        (   Now >= Until - 0.001
        ->  Again is Now + 0.02,        % again, should the rule catch it and go on
            clock_alarm(Again),
            throw(time_limit_exceeded)
        ;   clock_alarm(Until)
        )
    ;   true                            % no call runs: the next one sets it
    ).
