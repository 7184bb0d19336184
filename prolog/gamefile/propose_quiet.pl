:- module(arena_gamefile_propose_quiet,
          [ quiet/1,                  % :Goal
            quiet_det/2,              % :Goal, -Det
            no_keyboard/1,            % :Goal
            rule_threw/2,             % :Goal, +Error
            within_deadline/2,        % +Seconds, :Goal
            in_time/0
          ]).
:- use_module(library(lists)).
:- use_module(rule_clock, [firm_time_limit/2]).
:- use_module(rule_where, [busy_where/5]).

/** <module> The quiet, time-limited calls of a proposal's trials

An adapter proposal (prolog/gamefile/propose.pl) calls the game's rules
with their output thrown away, an empty keyboard, 5 s a call and the
proposal's deadline. What went wrong is remembered for its reason: the
rule that read the keyboard, the first error a rule threw; and a rule
that ran past its limit three times stops the proposal, naming it.
*/

quiet(Goal) :-
    in_time,
    catch(firm_time_limit(5, no_keyboard(with_output_to(string(_), once(Goal)))), E,
          ( keyboard_read(Goal, E), fail )),
    \+ ( Goal = _:game_over(_, W), var(W) ).   % no winner named: not over

%   no_keyboard(:Goal): Goal with an empty keyboard that throws when read
%   past its end: a rule asking again in a loop fails at once.
no_keyboard(Goal) :-
    open_string("", In),
    set_stream(In, eof_action(error)),
    stream_property(OldIn, alias(user_input)),
    current_input(OldCurrent),
    setup_call_cleanup(
        ( set_stream(In, alias(user_input)), set_input(In) ),
        Goal,
        ( set_stream(OldIn, alias(user_input)), set_input(OldCurrent), close(In) )).

%   keyboard_read(+Goal, +Error): remembers the rule that read the
%   keyboard (arena_propose_keyboard), or the first error a rule threw
%   (arena_propose_error: Name/Arity-Error), for no_proposal_reason/3.
keyboard_read(Goal, error(permission_error(input, past_end_of_stream, _), _)) :-
    !,
    strip_module(Goal, _, G),
    functor(G, N, A),
    nb_setval(arena_propose_keyboard, N/A).
keyboard_read(_, arena_propose_timeout) :-
    !,
    throw(arena_propose_timeout).
keyboard_read(Goal, time_limit_exceeded) :-
    !,
    slow_rule(Goal).
keyboard_read(Goal, E) :-
    rule_threw(Goal, E).

%   slow_rule(+Goal): Goal's rule ran past its 5 s; the third time a
%   rule does (15 s of the proposal's time on one rule that may never
%   answer), the proposal stops: arena_propose_slow(Name/Arity, Where),
%   Where the game's own predicate then running (busy_where/5), or none.
slow_rule(Goal) :-
    rule_of(Goal, PI),
    (   nb_current(arena_propose_slow, Slow0), is_list(Slow0) -> true ; Slow0 = [] ),
    (   selectchk(PI-K0, Slow0, Rest) -> true ; K0 = 0, Rest = Slow0 ),
    K is K0 + 1,
    nb_setval(arena_propose_slow, [PI-K|Rest]),
    K >= 3,
    (   catch(busy_where(PI, 1, 50_000_000, no_keyboard(Goal), Where), _, fail)
    ->  true
    ;   Where = none
    ),
    throw(arena_propose_slow(PI, Where)).

rule_of(_:G, PI) :-
    !,
    rule_of(G, PI).
rule_of(findall(_, G, _), PI) :-
    !,
    rule_of(G, PI).
rule_of(limit(_, G), PI) :-
    !,
    rule_of(G, PI).
rule_of((G, _), PI) :-
    !,
    rule_of(G, PI).
rule_of(G, N/A) :-
    functor(G, N, A).

%   rule_threw(+Goal, +Error): remembers Error as the first a rule threw
%   (arena_propose_error), unless it is the rule clock's.
rule_threw(Goal, E) :-
    E \== time_limit_exceeded,
    nb_current(arena_propose_error, none),
    !,
    strip_module(Goal, _, G),
    functor(G, N, A),
    nb_setval(arena_propose_error, N/A-E).
rule_threw(_, _).

%!  within_deadline(+Seconds, :Goal) is semidet.
%
%   Goal (a proposal's search), which throws arena_propose_timeout once
%   it has run Seconds: its quiet calls check the time (a time limit of
%   its own would be caught by theirs, and by the game's own catch/3).

:- meta_predicate within_deadline(+, 0).

within_deadline(Seconds, Goal) :-
    get_time(Now),
    Deadline is Now + Seconds,
    setup_call_cleanup(nb_setval(arena_propose_deadline, Deadline),
                       once(Goal),
                       nb_setval(arena_propose_deadline, none)).

%   in_time: throws arena_propose_timeout past the proposal's deadline.
in_time :-
    (   nb_current(arena_propose_deadline, Deadline),
        number(Deadline),
        get_time(Now),
        Now > Deadline
    ->  throw(arena_propose_timeout)
    ;   true
    ).

quiet_det(Goal, Det) :-
    in_time,
    catch(firm_time_limit(5, no_keyboard(with_output_to(string(_),
              ( call_cleanup(Goal, Done = true),
                ( Done == true -> Det = det ; Det = nondet ),
                ! )))),
          _, fail).
