:- module(arena_retries,
          [ guard_retries/1           % +Module
          ]).
:- use_module(library(lists)).
:- use_module(library(occurs), [sub_term/2]).

/** <module> A computer player's retry taken as a refusal

Course computer players often draw a move at random, check it, and where
it is refused call themselves again with the same arguments. While the
arena takes such picks in turn (prolog/gamefile/picked.pl) or drives
them (prolog/gamefile/loop_drive.pl), a call made inside a call of the
same predicate with the same arguments, nothing written between, fails
instead: the refused pick is backtracked into and its next alternative
tried, with no new decision. Otherwise the wrapper only calls the
predicate. Recursion over other arguments (a list built pick by pick),
or after the loop wrote something (its position kept in facts), goes on.
*/

:- dynamic guarded/1.

%!  guard_retries(+Module) is det.
%
%   Wraps, once, each predicate of Module whose clauses make a random
%   pick and call the predicate itself.

guard_retries(M) :-
    (   guarded(M)
    ->  true
    ;   forall(retrying(M, Head), guard(M:Head)),
        assertz(guarded(M))
    ).

retrying(M, Head) :-
    current_predicate(M:Name/Arity),
    functor(Head, Name, Arity),
    \+ predicate_property(M:Head, imported_from(_)),
    \+ predicate_property(M:Head, dynamic),
    predicate_property(M:Head, number_of_clauses(_)),
    \+ \+ once(( catch(clause(M:Head, Body), _, fail),
           sub_term(Pick, Body), callable(Pick),
           functor(Pick, F, A),
           memberchk(F/A, [random/3, random_member/2, random_select/3, random_between/3]) )),
    \+ \+ once(( catch(clause(M:Head, Body1), _, fail),
           sub_term(Call, Body1), callable(Call),
           functor(Call, Name, Arity) )).

guard(M:Head) :-
    (   current_predicate_wrapper(M:Head, arena_retry, _, _)
    ->  true
    ;   wrap_predicate(M:Head, arena_retry, Wrapped, arena_retries:retry_call(Head, Wrapped))
    ).

:- public retry_call/2.

retry_call(Head, Wrapped) :-
    (   guarding(Written)
    ->  (   nb_current(arena_retry_calls, Calls) -> true ; Calls = [] ),
        \+ ( member(Call-Written0, Calls), Written0 == Written, Call =@= Head ),
        copy_term(Head, Key),
        b_setval(arena_retry_calls, [Key-Written|Calls]),
        call(Wrapped),
        b_setval(arena_retry_calls, Calls)
    ;   call(Wrapped)
    ).

%   guarding(-Written): picks are taken in turn, or driven (Written: the
%   characters the loop has written so far: a call after the loop wrote
%   something, its position kept in facts, goes on).
guarding(0) :-
    nb_current(arena_picking, on),
    !.
guarding(Written) :-
    nb_current(arena_loop, Drive),
    Drive = drive(_, _, _, _, Out),
    character_count(Out, Written).
