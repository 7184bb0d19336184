:- module(arena_gamefile_rule_where,
          [ overflow_where/3,         % +RulePI, +Context, -Where
            thrown_where/6,           % +Game, +PI, +Seconds, +Inferences, :Goal, -Where
            busy_where/6,             % +Game, +PI, +Seconds, +Inferences, :Goal, -Where
            busy_where/5              % +PI, +Seconds, +Inferences, :Goal, -Where
          ]).
:- use_module(library(lists)).
:- use_module(library(prolog_stack)).
:- use_module(program_fixes, [shim_name/1]).
:- use_module(memo, [renamed_head/2]).

/** <module> Where in a student's code a rule broke

A rule of a game file that throws, loops or overflows its stack ends a
game as a no-contest (prolog/gamefile/load.pl). This names the student's
own predicate that broke: from the frames SWI-Prolog keeps with a stack
overflow, or by running the rule once more with every frame kept
(last-call optimisation off) under catch_with_backtrace/3, stopped by an
alarm where it loops. Each run again calls the rule as load.pl does
(arena_gamefile:quiet_call/4) and tells the watchdog first.
*/

:- meta_predicate
    thrown_where(+, +, +, +, 0, -),
    busy_where(+, +, +, +, 0, -),
    busy_where(+, +, +, 0, -).

%   overflow_where(+RulePI, +Context, -Where): the student's predicate
%   that recursed until the stack overflowed, as SWI-Prolog's stack
%   overflow error names it (its non_terminating frames).
overflow_where(RulePI, Context, Where) :-
    is_dict(Context),
    get_dict(non_terminating, Context, Frames),
    member(frame(_, Module:Goal, _), Frames),
    atom(Module),
    sub_atom(Module, 0, _, _, 'code:'),
    functor(Goal, Name, Arity),
    students(Name/Arity),
    Name/Arity \== RulePI,
    !,
    format(atom(Where), "~w, recursing without end", [Name/Arity]).

%   thrown_where(+Game, +PI, +Seconds, +Inferences, :Goal, -Where): Goal
%   (of the rule PI), which threw an error, run again without last-call
%   optimisation (whose frames would be gone) to name the game's own
%   predicate that throws, the innermost, with its call where that is
%   short (helper/2, called as helper(0, _)). Fails where it does not
%   throw again or where no frame but the rule's own is the game's. The
%   watchdog is told of the new run first.
thrown_where(Game, RulePI, Seconds, Inferences, Goal, Where) :-
    ignore(arena_gamefile:rule_hook(Game, RulePI, Seconds)),
    current_prolog_flag(last_call_optimisation, LCO),
    catch(setup_call_cleanup(
              set_prolog_flag(last_call_optimisation, false),
              arena_gamefile:quiet_call(Seconds, Inferences, catch_with_backtrace(Goal, E, throw(E)), _),
              set_prolog_flag(last_call_optimisation, LCO)),
          error(_, context(prolog_stack(Frames), _)),
          true),
    where_in(RulePI, Frames, Where).

%   busy_where(+Game, +RulePI, +Seconds, +Inferences, :Goal, -Where): Goal,
%   which ran out of time or inferences, run again and stopped after a
%   fifth of a second at most: Where names the student's innermost predicate then
%   running (where a loop of the game's own is busy), without its call.
%   The watchdog is told of the new run first.
busy_where(Game, RulePI, Seconds, Inferences, Goal, Where) :-
    ignore(arena_gamefile:rule_hook(Game, RulePI, Seconds)),
    busy_where(RulePI, Seconds, Inferences, Goal, Where).

%   busy_where(+RulePI, +Seconds, +Inferences, :Goal, -Where): as
%   busy_where/6 within a request the watchdog already times as a whole
%   (a proposal's), so told nothing.
busy_where(RulePI, Seconds, Inferences, Goal, Where) :-
    Delay is min(0.2, Seconds / 2),
    current_prolog_flag(last_call_optimisation, LCO),
    catch(setup_call_cleanup(
              ( set_prolog_flag(last_call_optimisation, false),
                alarm(Delay, throw(error(arena_busy, context(_, _))), Id, [remove(false)])
              ),
              arena_gamefile:quiet_call(Seconds, Inferences, catch_with_backtrace(Goal, E, throw(E)), _),
              ( remove_alarm(Id),
                set_prolog_flag(last_call_optimisation, LCO)
              )),
          Error,
          true),
    nonvar(Error),                      % stopped, as it should be
    (   Error == arena_interrupted
    ->  throw(Error)
    ;   true
    ),
    (   Error = error(arena_busy, context(prolog_stack(Frames), _))
    ->  where_in(RulePI, Frames, Where0)
    ;   Error = error(_, Context),      % the stack, kept whole, overflowed first
        overflow_where(RulePI, Context, Where0)
    ),
    (   sub_atom(Where0, B, _, _, ', called as ')
    ->  sub_atom(Where0, 0, B, _, Where)   % its arguments differ from run to run
    ;   Where = Where0
    ).

%   where_in(+RulePI, +Frames, -Where): the innermost of Frames (a
%   backtrace) that runs a predicate of the student's, with its call
%   where that is short; fails where that is RulePI itself or none.
where_in(RulePI, Frames, Where) :-
    is_list(Frames),
    member(frame(_, At, Call0), Frames),
    game_predicate_at(At, PI0),
    !,
    as_written(PI0, PI),
    PI \== RulePI,
    (   PI0 \== PI,
        compound(Call0)
    ->  PI = Name/_,
        compound_name_arguments(Call0, _, Args),
        compound_name_arguments(Call1, Name, Args)
    ;   Call1 = Call0
    ),
    copy_term(Call1, Call),
    numbervars(Call, 0, _, [singletons(true)]),
    format(string(Called), "~W", [Call, [quoted(true), max_depth(8), numbervars(true),
                                         portray(false)]]),
    (   string_length(Called, Length),
        Length =< 60,
        \+ sub_string(Called, _, _, _, "garbage_collected")
    ->  format(atom(Where), "~w, called as ~s", [PI, Called])
    ;   format(atom(Where), "~w", [PI])
    ).

%   as_written(+PI0, -PI): the name the student wrote for a rule the
%   game host loads under another (prolog/gamefile/memo.pl).
as_written(Name0/Arity, Name/Arity) :-
    functor(Own, Name0, Arity),
    renamed_head(Head, Own),
    !,
    functor(Head, Name, Arity).
as_written(PI, PI).

%   game_predicate_at(+At, -PI): the frame At runs a clause the student
%   wrote (loaded from the game's file, not one the arena adds).
game_predicate_at(pred_line(PI0, File:_), PI) :-
    game_source(File),
    term_string(PI1, PI0),
    strip_module(PI1, _, PI),
    students(PI).
game_predicate_at(clause(Ref, _), PI) :-
    clause_property(Ref, file(File)),
    game_source(File),
    clause_property(Ref, predicate(PI1)),
    strip_module(PI1, _, PI),
    students(PI).

%   students(+PI): not one the arena adds (library_shims/3), an
%   adapter's (arena_*) nor a built-in the student called.
students(Name/Arity) :-
    atom(Name),
    \+ sub_atom(Name, 0, _, _, arena_),
    \+ shim_name(Name/Arity),
    functor(Head, Name, Arity),
    \+ predicate_property(system:Head, defined).     % not/1, findall/3, ...

%   game_source(+File): a game file's source, as load_program/5 names it.
game_source(File) :-
    atom(File),
    sub_atom(File, _, _, _, ' as code:').
