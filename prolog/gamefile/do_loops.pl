:- module(arena_do_loops,
          [ clause_do_loops/3,        % +Clause, -Clauses, -Problems
            goal_do_loops/4,          % +Goal, +File-Line, -Goal1, -Clauses
            sicstus_operator/3,       % ?Priority, ?Type, ?Name
            control_args/3            % +Goal, -GoalArgs, -Rebuild
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

:- op(1100, xfy, do).             % this module's own reading of loops

/** <module> SICStus do-loops, as SICStus compiles them

SICStus 4 (after ECLiPSe's logical loops) reads `(Iterators do Body)`
as a goal: `do` is its operator (1100, xfy), and the loop is compiled
into a recursive predicate of its own. SWI-Prolog has neither; a game
file's clauses are rewritten here the same way, before loading:

    print_row(Row) :- ( foreach(X, Row), count(I, 1, _) do write(I-X) ).

becomes the clause `print_row(Row) :- 'print_row/1 do-loop 1'(Row, 0, _).`
and the loop's own clauses, the first one ending the loop:

    'print_row/1 do-loop 1'([], C, C) :- !.
    'print_row/1 do-loop 1'([X|T], C0, N) :- I is C0+1, write(I-X),
        'print_row/1 do-loop 1'(T, I, N).

The iterators: foreach(X, List), fromto(First, In, Out, Last),
count(I, Min, Max), for(I, Min, Max), foreacharg(X, Struct),
foreacharg(X, Struct, Index) and param(P, ...); several joined by `,`
advance together. As under SICStus, the body's variables that are not
in an iterator or a param are its own in each iteration.
*/

:- dynamic loop_count/1.
loop_count(0).

%!  sicstus_operator(?Priority, ?Type, ?Name) is nondet.
%
%   An operator SICStus 4 reads and SWI-Prolog does not.

sicstus_operator(1100, xfy, do).

%!  clause_do_loops(+Clause, -Clauses, -Problems) is det.
%
%   Clauses is Clause with each do-loop of its body replaced by a call
%   of a predicate of its own, followed by that predicate's clauses.
%   Problems lists the loops left as they were (an iterator SICStus does
%   not have), each as an atom.

clause_do_loops(Clause, Clauses, Problems) :-
    (   Clause = (Head :- Body),
        callable(Head),
        has_loop(Body)
    ->  functor(Head, Name, Arity),
        format(atom(Owner), "~w/~w", [Name, Arity]),
        body_do_loops(Body, Owner, Body1, ExtraClauses, Problems),
        Clauses = [(Head :- Body1)|ExtraClauses]
    ;   Clauses = [Clause],
        Problems = []
    ).

%!  goal_do_loops(+Goal, +File-Line, -Goal1, -Clauses) is det.
%
%   Goal1 is Goal, the directive's at File:Line, with its do-loops
%   replaced by calls of predicates of their own, whose clauses are
%   Clauses. A loop with an iterator SICStus does not have is left as it
%   was (it throws when run, as under SICStus).

goal_do_loops(Goal, File-Line, Goal1, Clauses) :-
    (   has_loop(Goal)
    ->  file_base_name(File, Base),
        format(atom(Owner), "directive at ~w:~w", [Base, Line]),
        body_do_loops(Goal, Owner, Goal1, Clauses, _)
    ;   Goal1 = Goal,
        Clauses = []
    ).

body_do_loops(Body, Owner, Body1, Clauses, Problems) :-
    State = loops([], []),
    body_loops(Body, Owner, State, Body1),
    arg(1, State, Extra),
    arg(2, State, Problems0),
    reverse(Extra, Clauses),
    reverse(Problems0, Problems).

has_loop(G) :-
    compound(G),
    (   G = (_ do _)
    ->  true
    ;   control_args(G, Args, _)
    ->  member(A, Args),
        has_loop(A)
    ).

%   control_args(+Goal, -GoalArgs, -Rebuild): the goals inside a
%   control construct or meta-call, and how to rebuild it from new ones.
control_args((A, B), [A, B], [X, Y]-(X, Y)).
control_args((A ; B), [A, B], [X, Y]-(X ; Y)).
control_args((A -> B), [A, B], [X, Y]-(X -> Y)).
control_args((A *-> B), [A, B], [X, Y]-(X *-> Y)).
control_args(\+ A, [A], [X]-(\+ X)).
control_args(call(A), [A], [X]-call(X)).
control_args(once(A), [A], [X]-once(X)).
control_args(ignore(A), [A], [X]-ignore(X)).
control_args(forall(A, B), [A, B], [X, Y]-forall(X, Y)).
control_args(findall(T, A, L), [A], [X]-findall(T, X, L)).
control_args(findall(T, A, L, R), [A], [X]-findall(T, X, L, R)).
control_args(bagof(T, A, L), [A], [X]-bagof(T, X, L)).
control_args(setof(T, A, L), [A], [X]-setof(T, X, L)).
control_args(aggregate_all(S, A, R), [A], [X]-aggregate_all(S, X, R)).
control_args(V^A, [A], [X]-(V^X)).
control_args(catch(A, E, B), [A, B], [X, Y]-catch(X, E, Y)).

body_loops(G, _, _, G) :-
    var(G),
    !.
body_loops((Specs do Body), Owner, State, Call) :-
    !,
    body_loops(Body, Owner, State, Body1),
    (   loop_clauses(Specs, Body1, Owner, Call, Clauses)
    ->  arg(1, State, Extra),
        reverse(Clauses, Rev),
        append(Rev, Extra, Extra1),
        nb_setarg(1, State, Extra1)
    ;   format(atom(P), "~w: a do-loop with an iterator SICStus does not have: ~q",
               [Owner, Specs]),
        arg(2, State, Ps),
        nb_setarg(2, State, [P|Ps]),
        Call = (Specs do Body1)
    ).
body_loops(G, Owner, State, G1) :-
    control_args(G, Args, News-G1),
    !,
    maplist(body_part(Owner, State), Args, News).
body_loops(G, _, _, G).

body_part(Owner, State, G, G1) :-
    body_loops(G, Owner, State, G1).

%   loop_clauses(+Specs, +Body, +Owner, -Call, -Clauses): the loop as a
%   call and the two clauses of its predicate.
loop_clauses(Specs, Body, Owner, Call, [(Base :- BaseGuard), (Rec :- RecBody)]) :-
    specs_list(Specs, List),
    maplist(iterator, List, Its),
    retract(loop_count(N0)),
    N is N0 + 1,
    assertz(loop_count(N)),
    format(atom(Name), "~w do-loop ~d", [Owner, N]),
    foldl(it_parts, Its, parts([], [], [], [], [], [], []), parts(Pre, Outer, BaseArgs, Guards,
                                                                 RecArgs, RecPre, Next)),
    Loop =.. [Name|Outer],
    conj(Pre, Loop, Call),
    Base =.. [Name|BaseArgs],
    conj(Guards, !, BaseGuard),
    Rec =.. [Name|RecArgs],
    NextCall =.. [Name|Next],
    conj(RecPre, (Body, NextCall), RecBody).

specs_list(Specs, _) :-
    var(Specs),
    !,
    fail.
specs_list((A, B), List) :-
    !,
    specs_list(A, LA),
    specs_list(B, LB),
    append(LA, LB, List).
specs_list(Spec, [Spec]).

%   iterator(+Spec, -it(Pre, Outer, Base, Guards, Rec, RecPre, Next)):
%   goals before the loop and arguments of its first call; arguments
%   and tests of the clause that ends it; arguments of the clause that
%   goes on, goals before the body, arguments of the next call.
iterator(Spec, _) :-
    var(Spec),
    !,
    fail.
iterator(foreach(X, L), it([], [L], [[]], [], [[X|T]], [], [T])).
iterator(fromto(F, In, Out, Last), it([], [F, Last], [L, L], [], [In, L1], [], [Out, L1])).
iterator(count(I, Min, Max), it([C0 is Min - 1], [C0, Max], [C, C], [],
                                [P, M], [I is P + 1], [I, M])).
iterator(for(I, Min, Max), it([I0 is Min, M0 is Max], [I0, M0], [J, M], [J > M],
                              [I, M1], [I1 is I + 1], [I1, M1])).
iterator(foreacharg(X, S), it([functor(S, _, N)], [S, 1, N], [_, K, N1], [K > N1],
                              [S1, J, N2], [arg(J, S1, X), J1 is J + 1], [S1, J1, N2])).
iterator(foreacharg(X, S, I), it([functor(S, _, N)], [S, 1, N], [_, K, N1], [K > N1],
                                 [S1, I, N2], [arg(I, S1, X), J1 is I + 1], [S1, J1, N2])).
iterator(Param, it([], Ps, Ps, [], Ps, [], Ps)) :-
    compound(Param),
    compound_name_arguments(Param, param, Ps),
    Ps \== [].

it_parts(it(Pre, Outer, Base, Guards, Rec, RecPre, Next),
         parts(Pre0, Outer0, Base0, Guards0, Rec0, RecPre0, Next0),
         parts(Pre1, Outer1, Base1, Guards1, Rec1, RecPre1, Next1)) :-
    append(Pre0, Pre, Pre1),
    append(Outer0, Outer, Outer1),
    append(Base0, Base, Base1),
    append(Guards0, Guards, Guards1),
    append(Rec0, Rec, Rec1),
    append(RecPre0, RecPre, RecPre1),
    append(Next0, Next, Next1).

conj([], G, G).
conj([G|Gs], Last, (G, Rest)) :-
    conj(Gs, Last, Rest).
