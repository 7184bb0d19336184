:- module(arena_bot_check,
          [ check_clauses/2           % +Entries, -Problems
          ]).
:- use_module(library(lists)).
:- use_module(library(sandbox)).
:- use_module(bot_facts).
:- use_module(bot_text).
:- use_module(policy, [attribute_shadow/3]).
:- use_module('../attribute_builtins').
:- use_module(game_ai, [checking_bot_predicate/2]).

/** <module> Proves a bot's clauses safe, or says why not

Every predicate of the bot, not only what its entry points reach
(attribute hooks are called from outside), goes through library(sandbox)
safe_goal/1 with the allowlist of policy.pl. A refusal names the clause
that calls what is not allowed and why, in words a student can act on.
*/

%!  check_clauses(+Entries, -Problems) is det.
%
%   Proves every predicate of the bot safe with library(sandbox), the
%   entry points first: code no entry point reaches can still be called
%   (attribute hooks, for one). A refusal names the clause that calls
%   what is not allowed.

check_clauses(Entries, Problems) :-
    bot_module(Bot),
    findall(PI, bot_clause(PI, _, _, _), PIs0),
    append(Entries, PIs0, PIs1),
    list_to_set(PIs1, PIs),
    findall(Problem,
            ( member(Name/Arity, PIs),
              functor(Head, Name, Arity),
              catch(checking_bot_predicate(Name/Arity, safe_goal(Bot:Head)), E, true),
              nonvar(E),
              entry_problem(E, Name/Arity, Problem)
            ),
            Problems0),
    sort(Problems0, Problems).

entry_problem(E, Entry, Line-Text) :-
    culprit(E, Entry, PI, Callee),
    sandbox_reason(E, Callee, Reason),
    clause_line_refused(PI, Line),
    format(atom(Text), "~q ~w", [PI, Reason]).

sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    goal_pi(Goal, Refused),
    memberchk(Refused, [format/3, write/2, writeln/2, print/2, writeq/2, nl/1,
                        write_term/3, write_canonical/2, put_char/2, tab/2]),
    !,
    format(atom(Reason), "calls ~q with a stream, which a bot may not; without \c
                          one (format/2, write/1, nl/0) it prints to its own \c
                          output, which is shown", [Refused]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, Shadow),
    attribute_shadow(Shadow, PI, Module),
    !,
    bot_module(Bot),
    bounded_text(Module, M),
    format(atom(Reason), "calls ~q with attribute module ~s: a bot may use only \c
                          its own module, ~q, as an attribute module (another \c
                          module's attribute can run goals when its variable is \c
                          bound)", [PI, M, Bot]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, not_for_bots(PI, _)),
    attribute_builtin_pi(PI, attributes),
    !,
    bot_module(Bot),
    format(atom(Reason), "calls ~q, which a bot may not call (it reaches other \c
                          modules' attributes); use put_attr/3, get_attr/3 and \c
                          del_attr/2 with the bot's own module, ~q", [PI, Bot]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, not_for_bots(PI, _)),
    attribute_builtin_pi(PI, global_variables),
    !,
    format(atom(Reason), "calls ~q, which a bot may not call (global variables \c
                          are the system's; a bot keeps its data in its own \c
                          dynamic predicates)", [PI]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), _, Reason) :-
    strip_module(Goal, _, not_for_bots(PI, _)),
    !,
    format(atom(Reason), "calls ~q, which a bot may not call (it turns a message \c
                          into text, which can run goals); use format/2", [PI]).
sandbox_reason(error(permission_error(call, sandboxed, Goal), _), Callee, Reason) :-
    !,
    goal_pi(Goal, Refused),
    (   Callee == Refused
    ->  format(atom(Reason), "calls ~q, which a bot may not call", [Refused])
    ;   format(atom(Reason), "calls ~q, which a bot may not call (it leads to ~q)",
               [Callee, Refused])
    ).
sandbox_reason(error(instantiation_error, _), _, Reason) :-
    !,
    Reason = 'calls a goal built at run time (call/N of a goal unknown when \c
              loading), which cannot be checked'.
sandbox_reason(error(existence_error(procedure, Goal), _), _, Reason) :-
    !,
    goal_pi(Goal, PI),
    format(atom(Reason), "calls ~q, which is not defined", [PI]).
sandbox_reason(E, _, Reason) :-
    error_text(E, Text),
    format(atom(Reason), "cannot be proved safe: ~w", [Text]).

%   attribute_builtin_pi(+PI, ?Use): PI is an attribute built-in
%   of Use (prolog/attribute_builtins.pl).
attribute_builtin_pi(Name/Arity, Use) :-
    functor(Head, Name, Arity),
    attribute_builtin(Head, Use).

goal_pi(Goal, PI) :-
    strip_module(Goal, _, Plain),
    (   Plain = Name/Arity
    ->  PI = Name/Arity
    ;   callable(Plain)
    ->  functor(Plain, Name, Arity),
        PI = Name/Arity
    ;   PI = Plain
    ).

%   culprit(+Error, +Entry, -PI, -Callee): PI is the bot predicate nearest
%   to the refused goal in the sandbox's call chain (innermost first),
%   Callee what its clause calls on the way there.

culprit(error(Formal, sandbox(Goal, Parents)), _, PI, Callee) :-
    is_list(Parents),
    append(Inner, [Parent|_], Parents),
    bot_goal_pi(Parent, PI),
    !,
    (   append(_, [Direct], Inner)
    ->  goal_pi(Direct, Callee)
    ;   Formal = existence_error(procedure, Undefined)
    ->  Callee = Undefined
    ;   goal_pi(Goal, Callee)
    ).
culprit(_, Entry, Entry, Entry).

bot_goal_pi(Goal, Name/Arity) :-
    nonvar(Goal),
    bot_module(Bot),
    Goal = Bot:Plain,
    callable(Plain),
    functor(Plain, Name, Arity),
    defines(Name/Arity).

clause_line_refused(PI, Line) :-
    bot_module(Bot),
    (   bot_clause(PI, Line, _, Body),
        catch(( safe_goal(Bot:Body), fail ), _, true)
    ->  true
    ;   once(bot_clause(PI, Line, _, _))
    ).
