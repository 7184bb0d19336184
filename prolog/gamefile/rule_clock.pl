:- module(arena_rule_clock,
          [ clocked_call/4            % +Seconds, +Inferences, :Goal, -Result
          ]).
:- use_module(library(time)).

/** <module> The time limit of a game's rule calls, cheap enough for many

call_with_time_limit/2 sets and removes an alarm each call, which cost a
game file's step more than its rules did (a referee's step makes a dozen
rule calls, a playout hundreds). Here one alarm serves many short calls.
*/

:- meta_predicate clocked_call(+, +, 0, -).

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
    ->  (   call_with_time_limit(Seconds, call_with_inference_limit(Goal, Inferences, Result0))
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
        ->  throw(time_limit_exceeded)
        ;   clock_alarm(Until)
        )
    ;   true                            % no call runs: the next one sets it
    ).
