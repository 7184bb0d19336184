% Unit tests of the time limit of rule calls (prolog/gamefile/rule_clock.pl):
% one alarm for many calls stops a loop in time, never cuts a call short,
% and leaves nothing that keeps the process from halting; a rule that
% catches every error in a loop is stopped all the same.
:- use_module('../../prolog/gamefile/rule_clock').
:- use_module(library(plunit)).

:- begin_tests(rule_clock).

spin :- repeat, fail.

test(a_loop_is_stopped_near_its_time, [true(D < 1.5)]) :-
    get_time(T0),
    catch(clocked_call(0.5, 1_000_000_000_000, spin, _), time_limit_exceeded, true),
    get_time(T1),
    D is T1 - T0,
    assertion(D >= 0.49).

test(many_calls_then_a_loop, [true(D < 1.5)]) :-
    forall(between(1, 2000, I), ( clocked_call(5, 1000, succ(I, _), R), R \== fail )),
    get_time(T0),
    catch(clocked_call(0.3, 1_000_000_000_000, spin, _), time_limit_exceeded, true),
    get_time(T1),
    D is T1 - T0.

% (a call that succeeds without a choice point gives !, as
% call_with_inference_limit/3 does) the alarm set for the first call rings while the second runs: the
% second still gets its whole time
test(a_later_call_gets_its_whole_time, [true(R == !)]) :-
    clocked_call(0.4, 1000, true, _),
    sleep(0.25),
    clocked_call(0.4, 1_000_000_000, sleep(0.3), R).

test(a_failing_call_and_an_inference_limit) :-
    clocked_call(1, 1000, fail, R1),
    assertion(R1 == fail),
    clocked_call(1, 1000, spin, R2),
    assertion(R2 == inference_limit_exceeded).

test(a_call_within_a_call_has_its_own_limit, [true(E == time_limit_exceeded)]) :-
    catch(clocked_call(5, 1_000_000_000_000,
                       clocked_call(0.2, 1_000_000_000_000, spin, _), _),
          E, true).

% a rule that catches every error and asks again (at end of input,
% read/1 throws here) keeps neither limit's exception
asks_again :-
    repeat,
    catch(( write(user_error, ''), read_term(_, []), fail ), _, fail).

eof_input(Goal) :-
    open_string("", In),
    set_stream(In, eof_action(error)),
    current_input(Old),
    setup_call_cleanup(set_input(In), Goal, ( set_input(Old), close(In) )).

test(a_catch_all_loop_is_still_stopped, [true(D < 1.5)]) :-
    get_time(T0),
    catch(eof_input(clocked_call(0.3, 1_000_000_000_000, asks_again, _)),
          time_limit_exceeded, true),
    get_time(T1),
    D is T1 - T0.

test(a_catch_all_loop_is_stopped_by_a_firm_limit, [true(D < 1.5)]) :-
    get_time(T0),
    catch(eof_input(firm_time_limit(0.3, asks_again)), time_limit_exceeded, true),
    get_time(T1),
    D is T1 - T0.

test(a_firm_limit_that_is_kept_leaves_no_alarm) :-
    firm_time_limit(0.2, true),
    sleep(0.3),
    firm_time_limit(1, sleep(0.1)).

:- end_tests(rule_clock).
