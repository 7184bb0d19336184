:- module(arena_retries,
          [ guard_retries/1,          % +Module
            pick/1                    % ?Name/Arity
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate), [aggregate_all/3]).
:- use_module(library(occurs), [sub_term/2]).

/** <module> A computer player's retry taken as a refusal

Course computer players often draw a move at random, check it, and where
it is refused call themselves again with the same arguments. While the
arena takes such picks in turn (prolog/gamefile/picked.pl) or drives
them (prolog/gamefile/loop_drive.pl), a call made inside a call of the
same predicate with the same arguments (or with picks made since in
place of some: a caller's picks passed in, drawn again by a helper),
nothing written between, fails instead: the refused pick is backtracked
into and its next alternative tried (where the game cut its pick away
before calling itself, the call goes on and draws anew). Otherwise the
wrapper only calls the predicate. Recursion over other arguments (a
list built pick by pick), or after the loop wrote something (its
position kept in facts), goes on.
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

%   retrying(+M, -Head): a predicate of M that calls itself (directly or
%   through one other) and makes a random pick within three calls.
retrying(M, Head) :-
    own(M, Name/Arity),
    callees(M, Name/Arity, Direct),
    (   memberchk(Name/Arity, Direct)
    ->  true
    ;   member(Via, Direct),
        callees(M, Via, Next),
        memberchk(Name/Arity, Next)
    ->  true
    ),
    picks_within(3, M, [Name/Arity]),
    functor(Head, Name, Arity).

own(M, Name/Arity) :-
    current_predicate(M:Name/Arity),
    functor(Head, Name, Arity),
    \+ predicate_property(M:Head, imported_from(_)),
    \+ predicate_property(M:Head, dynamic),
    predicate_property(M:Head, number_of_clauses(_)).

%   callees(+M, +PI, -Callees): the predicates of M (and the random picks)
%   that PI's clauses call.
callees(M, Name/Arity, Callees) :-
    functor(Head, Name, Arity),
    findall(F/A, ( catch(clause(M:Head, Body), _, fail),
                   sub_term(G, Body), callable(G), functor(G, F, A),
                   ( pick(F/A) -> true ; F/A \== Name/Arity -> own(M, F/A) ; true ) ),
            Callees0),
    sort(Callees0, Callees).

%!  pick(?PI) is nondet.
%
%   The random picks a game's computer player makes.

pick(random/3).
pick(random_member/2).
pick(random_select/3).
pick(random_between/3).
pick(loop_choice/3).                    % a draw over bounds it writes (program_fixes.pl)

picks_within(N, M, PIs) :-
    N > 0,
    member(PI, PIs),
    callees(M, PI, Callees),
    (   member(P, Callees), pick(P)
    ->  true
    ;   N1 is N - 1,
        picks_within(N1, M, Callees)
    ),
    !.

guard(M:Head) :-
    (   current_predicate_wrapper(M:Head, arena_retry, _, _)
    ->  true
    ;   wrap_predicate(M:Head, arena_retry, Wrapped, arena_retries:retry_call(Head, Wrapped))
    ).

:- public retry_call/2.

retry_call(Head, Wrapped) :-
    (   guarding(Written, Taken)
    ->  (   nb_current(arena_retry_calls, Calls) -> true ; Calls = [] ),
        (   member(c(Call, Written0, Taken0, Depth0, Choice0), Calls),
            Written0 == Written,
            again(Call, Head, Taken0, Taken, How)
        ->  (   How == same
            ->  (   pick_open(Choice0)  % the pick made inside the first call is
                ->  fail                % refused, unless the game cut it away
                ;   drawn_again(Head, Calls)
                ->  fail
                ;   true
                )
            ;   throw(arena_retry_refused(Depth0))  % the pick passed in to it is
            )
        ;   true
        ),
        copy_term(Head, Key),
        length(Calls, Depth),
        prolog_current_choice(Choice),
        b_setval(arena_retry_calls, [c(Key, Written, Taken, Depth, Choice)|Calls]),
        catch(call(Wrapped), arena_retry_refused(Depth), fail),
        b_setval(arena_retry_calls, Calls)
    ;   call(Wrapped)
    ).

%   drawn_again(+Head, +Calls): picks taken in turn, and the call already
%   went on once (its last pick refused, or cut away): a second time
%   would take the same picks again, without end where all are refused.
drawn_again(Head, Calls) :-
    nb_current(arena_picking, on),
    aggregate_all(count, ( member(c(C, _, _, _, _), Calls), C =@= Head ), N),
    N >= 2.

%   pick_open(+Choice0): a pick made since the choice point Choice0 can
%   still be backtracked into; where the game cut it away (`( Ok -> ... ;
%   !, retry )`), failing would not retry it, so the call goes on.
pick_open(Choice0) :-
    prolog_current_choice(Choice),
    pick_open(Choice, Choice0, 100000).

pick_open(Choice, Choice0, N) :-
    N > 0,
    Choice \== Choice0,
    (   prolog_choice_attribute(Choice, frame, Frame),
        (   pick_frame(Frame)
        ;   prolog_frame_attribute(Frame, parent, Parent),
            pick_frame(Parent)
        )
    ->  true
    ;   prolog_choice_attribute(Choice, parent, Up),
        N1 is N - 1,
        pick_open(Up, Choice0, N1)
    ).

pick_frame(Frame) :-
    prolog_frame_attribute(Frame, predicate_indicator, PI),
    memberchk(PI, [arena_loop_drive:driven/4, arena_loop_drive:loop_choice/3]).

%   again(+Call, +Head, +Taken0, +Taken): Head calls Call again: with the
%   same arguments, or with new picks only in place of some (those made
%   since, Taken0 then, Taken now: where the caller passed its picks in).
again(Call, Head, _, _, same) :-
    Call =@= Head,
    !.
again(Call, Head, Taken0, Taken, picked) :-
    length(Taken0, N0),
    length(Taken, N),
    N > N0,
    Fresh is N - N0,
    length(New, Fresh),
    append(New, _, Taken),
    Call =.. [F|As0],
    Head =.. [F|As],
    maplist(same_or_picked(New), As0, As),
    \+ maplist(==, As0, As).

same_or_picked(New, A0, A) :-
    (   A0 =@= A
    ->  true
    ;   atomic(A),
        memberchk(A, New)
    ).

%   guarding(-Written, -Taken): picks are taken in turn, or driven
%   (Written: the characters the loop has written so far: a call after
%   the loop wrote something, its position kept in facts, goes on;
%   Taken: the decisions so far, latest first).
guarding(0, []) :-
    nb_current(arena_picking, on),
    !.
guarding(Written, Taken) :-
    nb_current(arena_loop, Drive),
    Drive = drive(_, _, Taken, _, Out),
    character_count(Out, Written).
