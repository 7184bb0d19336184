:- module(arena_bot_lambdas,
          [ compiled_lambdas/2,       % +Body0, -Body
            record_imports/2          % +Spec, +Imports
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(bot_facts).

/** <module> A bot's lambdas, as swipl would compile them

A bot's clauses are asserted, not compiled: compiled_lambdas/2 makes
each yall lambda of a clause mean what it means when `swipl FILE`
compiles the file, from what the bot's directives imported
(record_imports/2).
*/

%!  compiled_lambdas(+Body0, -Body) is det.
%
%   Body0 with each yall lambda that `swipl FILE` would compile when
%   loading the file made to mean what it means there. swipl compiles
%   `Params>>Lambda` into a predicate of its own where it is the goal
%   argument of a meta-predicate known at that point (a built-in, or
%   one the file imported before the clause) and library(yall) is
%   loaded (the file loaded it, or clpfd, before the clause): the
%   lambda then shares no variable with the clause (a variable of the
%   clause not declared with `Free/` is a fresh one inside it). Elsewhere
%   the lambda is called as it is, seeing the values the clause's
%   variables have then. A bot's clauses are asserted, not compiled: a
%   lambda swipl would compile is copied here, so that it shares no
%   variable with its clause either.

compiled_lambdas(Body0, Body) :-
    (   bot_lambdas_compiled
    ->  catch(lambda_goal(Body0, Body), _, Body = Body0)
    ;   Body = Body0
    ).

lambda_goal(G0, G) :-
    var(G0),
    !,
    G = G0.
lambda_goal(M:G0, M:G) :-
    !,
    lambda_goal(G0, G).
lambda_goal(G0, G) :-
    compound(G0),
    compound_name_arity(G0, Name, Arity),
    compile_time_meta(Name, Arity, Spec),
    !,
    G0 =.. [Name|Args0],
    Spec =.. [_|Specs],
    maplist(lambda_argument, Specs, Args0, Args),
    G =.. [Name|Args].
lambda_goal(G, G).

%   compile_time_meta(+Name, +Arity, -Spec): the meta-predicate
%   declaration swipl would know for Name/Arity when compiling the bot's
%   file: control constructs and built-ins, and what the bot imported.
compile_time_meta(Name, Arity, Spec) :-
    functor(Head, Name, Arity),
    (   current_predicate(system:Name/Arity),    % never autoloads
        predicate_property(system:Head, meta_predicate(Spec))
    ->  true
    ;   bot_import(Name/Arity),
        bot_module(Bot),
        predicate_property(Bot:Head, meta_predicate(Spec))
    ).

lambda_argument(N, A0, A) :-
    integer(N),
    !,
    lambda_closure(N, A0, A).
lambda_argument(^, A0, A) :-
    !,
    existential_goal(A0, A).
lambda_argument(_, A, A).

existential_goal(A0, A) :-
    nonvar(A0),
    A0 = V^G0,
    !,
    A = V^G,
    existential_goal(G0, G).
existential_goal(A0, A) :-
    lambda_goal(A0, A).

lambda_closure(N, A0, A) :-
    nonvar(A0),
    A0 = (Params>>Lambda0),
    nonvar(Params),
    !,
    (   Params = Free/Params1
    ->  lambda_goal(Lambda0, Lambda),   % Free shared: compiled alike
        A = (Free/Params1>>Lambda)
    ;   is_list(Params),
        length(Params, N)
    ->  copy_term_nat(Params>>Lambda0, Params2>>Lambda1),
        lambda_goal(Lambda1, Lambda),
        A = (Params2>>Lambda)
    ;   A = A0                          % not compiled by swipl either
    ).
lambda_closure(0, A0, A) :-
    !,
    lambda_goal(A0, A).
lambda_closure(_, A, A).

%   record_imports(+Spec, +Imports): what a use_module/1,2 directive of
%   the bot imported (compiled_lambdas/2 needs what swipl would know).
record_imports(Spec, Imports) :-
    (   absolute_file_name(Spec, File, [file_type(prolog), access(read),
                                        file_errors(fail)]),
        module_property(Module, file(File)),
        module_property(Module, exports(Exports))
    ->  forall(( member(PI, Exports),
                 imported(PI, Imports, Name/Arity)
               ),
               assertz(bot_import(Name/Arity)))
    ;   true
    ).

imported(PI, all, PI) :-
    !.
imported(Name/Arity, Imports, As/Arity) :-
    (   memberchk(Name/Arity, Imports)
    ->  As = Name
    ;   memberchk(Name/Arity as As, Imports)
    ).
