:- module(arena_bot_directives,
          [ directive/4               % +Directive, +Quotes0, -Quotes, -Result
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(bot_facts).
:- use_module(bot_text).
:- use_module(policy, [safe_library/1, head_problem/2, own_definition/1]).
:- use_module(lambdas, [record_imports/2]).
:- use_module('../untrusted_read', [double_quotes_value/1]).
:- use_module('../sandbox_keys', [var_name_problem/2]).

/** <module> The directives a bot may use, run for it

module/2 and style_check/1 (ignored), set_prolog_flag(double_quotes, _),
use_module/1,2 and ensure_loaded/1 of the libraries in safe_library/1,
dynamic/1 of the bot's own predicates, discontiguous/1 and op/3 (in the
bot's module). Any other directive is refused.
*/

%!  directive(+Directive, +Quotes0, -Quotes, -Result) is det.
%
%   Runs Directive when it is allowed; Result is ok or why not.

directive(Directive, Q, Q, 'a directive cannot be a variable') :-
    var(Directive),
    !.
directive(module(_, _), Q, Q, ok) :-
    !.                                  % green: the bot's module is ours
directive(style_check(_), Q, Q, ok) :-
    !.                                  % green: harmless, ignored
directive(set_prolog_flag(double_quotes, Value), Q0, Q, Result) :-
    !,                                  % green: the one flag allowed
    (   double_quotes_value(Value)
    ->  Q = Value,
        Result = ok
    ;   Q = Q0,
        bounded_text(Value, V),
        format(atom(Result), "~s is not a value of double_quotes", [V])
    ).
directive(Directive, Q, Q, Result) :-
    catch(directive_(Directive, Result), E,
          ( error_text(E, Text),
            bounded_text(Directive, D),
            format(atom(Result), "directive ~s: ~w", [D, Text])
          )).

directive_(use_module(Spec), Result) :-
    !,
    library_directive(Spec, all, Result).
directive_(use_module(Spec, Imports), Result) :-
    !,
    library_directive(Spec, Imports, Result).
directive_(ensure_loaded(Spec), Result) :-
    !,
    library_directive(Spec, all, Result).
directive_(dynamic(Specs), Result) :-
    !,
    declaration(dynamic, Specs, Result).
directive_(discontiguous(Specs), Result) :-
    !,                                  % clauses are added one by one
    (   pi_list(Specs, _)
    ->  Result = ok
    ;   bounded_text(Specs, S),
        format(atom(Result), "discontiguous ~s: declare the bot's own \c
                              predicates as Name/Arity", [S])
    ).
directive_(op(Priority, Type, Names), Result) :-
    !,
    bot_module(Bot),
    (   op_names(Names, List)
    ->  forall(member(Name, List), op(Priority, Type, Bot:Name)),
        Result = ok
    ;   bounded_text(Names, N),
        format(atom(Result), "op/3 with ~s: name operators by plain atoms", [N])
    ).
directive_(Directive, Result) :-
    bounded_text(Directive, D),
    format(atom(Result), "directive ~s is not allowed in a bot (allowed: \c
                          use_module of a safe library, dynamic, \c
                          discontiguous, op)", [D]).

library_directive(Spec, Imports, Result) :-
    bot_module(Bot),
    (   Spec = library(Name),
        ground(Name),
        safe_library(Name)
    ->  (   Imports == all
        ->  use_module(Bot:Spec)
        ;   is_list(Imports)
        ->  use_module(Bot:Spec, Imports)
        ;   domain_error(import_list, Imports)
        ),
        record_imports(Spec, Imports),
        (   memberchk(Name, [yall, clpfd])      % clpfd loads yall
        ->  assertz(bot_lambdas_compiled)
        ;   true
        ),
        Result = ok
    ;   findall(L, safe_library(L), Ls),
        bounded_text(Spec, S),
        format(atom(Result), "~s is not a library a bot may load (allowed: ~w)",
               [S, Ls])
    ).

declaration(dynamic, Specs, Result) :-
    sub_term(Sub, Specs),
    nonvar(Sub),
    Sub = Name/Arity,
    var_name_problem(Name/Arity, Result),
    !.
declaration(dynamic, Specs, Result) :-
    bot_module(Bot),
    (   pi_list(Specs, PIs)
    ->  forall(member(PI, PIs),
               ( own_definition(PI),
                 dynamic(Bot:PI),
                 assertz(bot_dynamic(PI))
               )),
        Result = ok
    ;   bounded_text(Specs, S),
        format(atom(Result), "dynamic ~s: declare the bot's own predicates as \c
                              Name/Arity", [S])
    ).

pi_list(Var, _) :-
    var(Var),
    !,
    fail.
pi_list([], []) :-
    !.
pi_list([H|T], PIs) :-
    !,
    pi_list(H, P1),
    pi_list(T, P2),
    append(P1, P2, PIs).
pi_list((A, B), PIs) :-
    !,
    pi_list(A, P1),
    pi_list(B, P2),
    append(P1, P2, PIs).
pi_list(Name/Arity, [Name/Arity]) :-
    atom(Name),
    integer(Arity),
    Arity >= 0,
    functor(Head, Name, Arity),
    \+ head_problem(Head, _).

op_names(Name, [Name]) :-
    atom(Name),
    !.                                  % green: one name
op_names(Names, Names) :-
    is_list(Names),
    maplist(atom, Names).
