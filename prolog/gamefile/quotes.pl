:- module(arena_gamefile_quotes,
          [ strings_as_lists/1        % +Program
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

/** <module> Does a game file use "text" as a list, as SICStus reads it?

SICStus reads "text" as a list of codes, SWI-Prolog as a string. A
program read as SWI-Prolog reads it that gives a "text" to length/2,
append/3 and their kind, directly or through an argument of its own
predicates that its clauses use so, was written for SICStus: there it
runs, here it would throw a type error. Such a file is read as SICStus
reads it (prolog/gamefile/read.pl).
*/

%!  strings_as_lists(+Program) is semidet.
%
%   Program (the terms read, strings as strings) uses a string literal
%   as a list, or compares one with a line SICStus' read_line/1 read.

strings_as_lists(Program) :-
    findall(Head-Body, ( member(T, Program), clause_parts(T, Head, Body) ), Clauses),
    (   lines_as_codes(Clauses)
    ->  true
    ;   string_used_as_list(Clauses)
    ).

%   lines_as_codes(+Clauses): a clause reads a line with SICStus'
%   read_line/1,2 (codes; the program defines no such predicate), and a
%   string literal is a clause's argument or compared (`option("1")`,
%   `Input == "yes"`): as codes, as SICStus reads it, or it never matches.
lines_as_codes(Clauses) :-
    member(_-Body, Clauses),
    body_goal(Body, Goal),
    ( Goal = read_line(_) ; Goal = read_line(_, _) ),
    \+ ( member(H0-_, Clauses), ( H0 = read_line(_) ; H0 = read_line(_, _) ) ),
    member(Head-Body1, Clauses),
    (   compound(Head), arg(_, Head, S), string(S)
    ;   body_goal(Body1, G),
        compound(G), compound_name_arity(G, Op, 2), memberchk(Op, [=, ==, \==, \=]),
        arg(_, G, S), string(S)
    ),
    !.

string_used_as_list(Clauses) :-
    findall(Name/Arity-I, ( member(Head-Body, Clauses), list_argument(Head, Body, I),
                            functor(Head, Name, Arity) ), Listy0),
    sort(Listy0, Listy),
    member(_-Body, Clauses),
    body_goal(Body, Goal),
    string_as_list(Goal, Listy),
    !.

clause_parts((:- _), _, _) :- !, fail.
clause_parts((Head :- Body), Head, Body) :- !, callable(Head).
clause_parts(Head, Head, true) :- callable(Head).

%   body_goal(+Body, -Goal): each goal of Body, within its control
%   constructs and the goals findall/3, forall/2 and the like call.
body_goal(Body, _) :- var(Body), !, fail.
body_goal((A, B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal((A ; B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal((A -> B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal(\+ A, G) :- !, body_goal(A, G).
body_goal(findall(_, A, _), G) :- !, body_goal(A, G).
body_goal(forall(A, B), G) :- !, ( body_goal(A, G) ; body_goal(B, G) ).
body_goal(once(A), G) :- !, body_goal(A, G).
body_goal(G, G) :- callable(G).

%   list_use(?Goal, -Positions): the arguments of Goal used as lists.
list_use(length(_, _), [1]).
list_use(append(_, _, _), [1, 2]).
list_use(append(_, _), [1]).
list_use(nth0(_, _, _), [2]).
list_use(nth1(_, _, _), [2]).
list_use(reverse(_, _), [1]).
list_use(last(_, _), [1]).
list_use(msort(_, _), [1]).
list_use(sum_list(_, _), [1]).
list_use(sumlist(_, _), [1]).
list_use(max_list(_, _), [1]).
list_use(exclude(_, _, _), [2]).
list_use(include(_, _, _), [2]).
list_use(maplist(_, _), [2]).
list_use(maplist(_, _, _), [2]).

used_as_list(Goal, I) :-
    list_use(Goal, Is),
    memberchk(I, Is).

%   list_argument(+Head, +Body, -I): the clause uses its I-th argument as a
%   list: a list pattern in the head, or a variable its body gives to a
%   list built-in.
list_argument(Head, Body, I) :-
    compound(Head),
    arg(I, Head, A),
    (   nonvar(A),
        ( A = [_|_] ; A == [] )
    ->  true
    ;   var(A),
        body_goal(Body, Goal),
        used_as_list(Goal, J),
        arg(J, Goal, V),          % list_use/2's goals are compound
        V == A
    ).

string_as_list(Goal, Listy) :-
    compound(Goal),
    arg(I, Goal, S),
    string(S),
    (   used_as_list(Goal, I)
    ->  true
    ;   functor(Goal, Name, Arity),
        memberchk(Name/Arity-I, Listy)
    ),
    !.
