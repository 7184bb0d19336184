:- module(arena_sicstus_lists_apply,
          [ scanlist/4,               % :Pred, ?Xs, ?V0, ?V
            scanlist/5,               % :Pred, ?Xs, ?Ys, ?V0, ?V
            scanlist/6,               % :Pred, ?Xs, ?Ys, ?Zs, ?V0, ?V
            include/4,                % :Pred, +Xs, +Ys, ?SubList
            include/5,                % :Pred, +Xs, +Ys, +Zs, ?SubList
            exclude/4,                % :Pred, +Xs, +Ys, ?SubList
            exclude/5,                % :Pred, +Xs, +Ys, +Zs, ?SubList
            group/3,                  % :Pred, +List, ?ListOfLists
            group/4,                  % :Pred, +List, ?Front, ?Back
            group/5,                  % :Pred, +Key, +List, ?Front, ?Back
            ordered/1,                % +List
            ordered/2,                % :Pred, +List
            select_min/3,             % ?Elem, +List, ?Residue
            select_min/4,             % :Pred, ?Elem, +List, ?Residue
            select_max/3,             % ?Elem, +List, ?Residue
            select_max/4,             % :Pred, ?Elem, +List, ?Residue
            increasing_prefix/3,      % ?Sequence, ?Prefix, ?Suffix
            increasing_prefix/4,      % :Order, ?Sequence, ?Prefix, ?Suffix
            decreasing_prefix/3,      % ?Sequence, ?Prefix, ?Suffix
            decreasing_prefix/4,      % :Order, ?Sequence, ?Prefix, ?Suffix
            clumps/2,                 % +Items, -Clumps
            keyclumps/2,              % +Pairs, ?Clumps
            keyclumped/2              % +Pairs, ?Groups
          ]).
:- use_module(library(lists), []).
:- use_module(library(apply), []).
:- use_module(library(error), []).

/** <module> SICStus 4's library(lists) predicates that take a predicate, and clumps

Those SWI-Prolog lacks, as SICStus' manual defines them; exported by
prolog/sicstus_lists.pl. Like it, this module imports nothing and
qualifies its calls of libraries.
*/

:- meta_predicate
    scanlist(3, ?, ?, ?), scanlist(4, ?, ?, ?, ?), scanlist(5, ?, ?, ?, ?, ?),
    include(2, +, +, ?), include(3, +, +, +, ?),
    exclude(2, +, +, ?), exclude(3, +, +, +, ?),
    group(2, +, ?), group(1, +, ?, ?), group(2, +, +, ?, ?),
    ordered(2, +),
    select_min(2, ?, +, ?), select_max(2, ?, +, ?),
    increasing_prefix(2, ?, ?, ?), decreasing_prefix(2, ?, ?, ?).

%!  scanlist(:Pred, ?Xs, ?V0, ?V) is nondet.
%!  scanlist(:Pred, ?Xs, ?Ys, ?V0, ?V) is nondet.
%!  scanlist(:Pred, ?Xs, ?Ys, ?Zs, ?V0, ?V) is nondet.
%
%   V is V0 threaded through Pred over the lists: Pred(X1, V0, V1), ...,
%   Pred(Xn, Vn-1, V) (SWI-Prolog's foldl/4,5,6).

scanlist(P, Xs, V0, V) :-
    scan_(Xs, P, V0, V).
scanlist(P, Xs, Ys, V0, V) :-
    scan_(Xs, Ys, P, V0, V).
scanlist(P, Xs, Ys, Zs, V0, V) :-
    scan_(Xs, Ys, Zs, P, V0, V).

scan_([], _, V, V).
scan_([X|Xs], P, V0, V) :-
    call(P, X, V0, V1),
    scan_(Xs, P, V1, V).
scan_([], [], _, V, V).
scan_([X|Xs], [Y|Ys], P, V0, V) :-
    call(P, X, Y, V0, V1),
    scan_(Xs, Ys, P, V1, V).
scan_([], [], [], _, V, V).
scan_([X|Xs], [Y|Ys], [Z|Zs], P, V0, V) :-
    call(P, X, Y, Z, V0, V1),
    scan_(Xs, Ys, Zs, P, V1, V).

%!  include(:Pred, +Xs, +Ys, ?SubList) is det.
%!  include(:Pred, +Xs, +Ys, +Zs, ?SubList) is det.
%!  exclude(:Pred, +Xs, +Ys, ?SubList) is det.
%!  exclude(:Pred, +Xs, +Ys, +Zs, ?SubList) is det.
%
%   SubList the elements Xi of Xs for which Pred(Xi, Yi[, Zi]) holds
%   (include) or fails (exclude), Pred called once each.

include(P, Xs, Ys, Sub) :-
    filter_(Xs, Ys, P, true, Sub).
include(P, Xs, Ys, Zs, Sub) :-
    filter_(Xs, Ys, Zs, P, true, Sub).
exclude(P, Xs, Ys, Sub) :-
    filter_(Xs, Ys, P, false, Sub).
exclude(P, Xs, Ys, Zs, Sub) :-
    filter_(Xs, Ys, Zs, P, false, Sub).

filter_([], [], _, _, []).
filter_([X|Xs], [Y|Ys], P, Keep, Sub) :-
    (   call(P, X, Y)
    ->  Holds = true
    ;   Holds = false
    ),
    (   Holds == Keep
    ->  Sub = [X|Sub1]
    ;   Sub = Sub1
    ),
    filter_(Xs, Ys, P, Keep, Sub1).
filter_([], [], [], _, _, []).
filter_([X|Xs], [Y|Ys], [Z|Zs], P, Keep, Sub) :-
    (   call(P, X, Y, Z)
    ->  Holds = true
    ;   Holds = false
    ),
    (   Holds == Keep
    ->  Sub = [X|Sub1]
    ;   Sub = Sub1
    ),
    filter_(Xs, Ys, Zs, P, Keep, Sub1).

%!  group(:Pred, +List, ?Front, ?Back) is det.
%!  group(:Pred, +Key, +List, ?Front, ?Back) is det.
%
%   append(Front, Back, List) with Front the longest prefix whose every
%   element X satisfies Pred(X) (Pred(Key, X)).

group(P, List, Front, Back) :-
    (   nonvar(List),
        List = [X|Xs],
        call(P, X)
    ->  Front = [X|Front1],
        group(P, Xs, Front1, Back)
    ;   Front = [],
        Back = List
    ).

group(P, Key, List, Front, Back) :-
    (   nonvar(List),
        List = [X|Xs],
        call(P, Key, X)
    ->  Front = [X|Front1],
        group(P, Key, Xs, Front1, Back)
    ;   Front = [],
        Back = List
    ).

%!  group(:Pred, +List, ?ListOfLists) is det.
%
%   List cut into its longest runs [H|T] with Pred(H, X) for every X of
%   T: append(ListOfLists, List).

group(P, List, Groups) :-
    groups_(List, P, Groups).

groups_([], _, []).
groups_([X|Xs], P, [[X|Front]|Groups]) :-
    group(P, X, Xs, Front, Back),
    groups_(Back, P, Groups).

%!  ordered(+List) is semidet.
%!  ordered(:Pred, +List) is semidet.
%
%   Each element of List is @=< the next (Pred(X, Next) holds; with
%   Pred it can fill in a partial list: ordered(times(2), [1,_,_])).

ordered(List) :-
    ordered(@=<, List).

ordered(P, List) :-
    ordered_(List, P).

ordered_([], _).
ordered_([X|Xs], P) :-
    ordered_(Xs, X, P).

ordered_([], _, _).
ordered_([Y|Ys], X, P) :-
    call(P, X, Y),
    ordered_(Ys, Y, P).

%!  select_min(?Elem, +List, ?Residue) is semidet.
%!  select_min(:Pred, ?Elem, +List, ?Residue) is semidet.
%!  select_max(?Elem, +List, ?Residue) is semidet.
%!  select_max(:Pred, ?Elem, +List, ?Residue) is semidet.
%
%   Elem the leftmost least (greatest) element of List by @=< (by Pred,
%   which acts as @=<), Residue the others in their order; an empty
%   List fails.

select_min(Elem, List, Residue) :-
    select_best(min, @=<, Elem, List, Residue).
select_min(P, Elem, List, Residue) :-
    select_best(min, P, Elem, List, Residue).

select_max(Elem, List, Residue) :-
    select_best(max, @=<, Elem, List, Residue).
select_max(P, Elem, List, Residue) :-
    select_best(max, P, Elem, List, Residue).

select_best(MinMax, P, Elem, List, Residue) :-
    List = [X|Xs],
    best_index(Xs, P, MinMax, X, 0, 1, Index),
    lists:nth0(Index, List, Elem0, Residue0),
    Elem = Elem0,
    Residue = Residue0.

%   best_index(+Xs, :P, +MinMax, +Best, +BestAt, +At, -Index): Index of
%   the leftmost best element, Best at BestAt so far, Xs from At on.

best_index([], _, _, _, Index, _, Index).
best_index([X|Xs], P, MinMax, Best, BestAt, At, Index) :-
    At1 is At + 1,
    (   keeps(MinMax, P, Best, X)
    ->  best_index(Xs, P, MinMax, Best, BestAt, At1, Index)
    ;   best_index(Xs, P, MinMax, X, At, At1, Index)
    ).

keeps(min, P, Best, X) :-
    call(P, Best, X).
keeps(max, P, Best, X) :-
    call(P, X, Best).

%!  increasing_prefix(?Sequence, ?Prefix, ?Suffix) is det.
%!  increasing_prefix(:Order, ?Sequence, ?Prefix, ?Suffix) is det.
%!  decreasing_prefix(?Sequence, ?Prefix, ?Suffix) is det.
%!  decreasing_prefix(:Order, ?Sequence, ?Prefix, ?Suffix) is det.
%
%   append(Prefix, Suffix, Sequence), Prefix the longest run of
%   elements each @=< (Order) the next, which is Suffix's first;
%   decreasing: each with the next @=< it (Order(Next, X)).

increasing_prefix(Sequence, Prefix, Suffix) :-
    run_prefix(Sequence, @=<, up, Prefix, Suffix).
increasing_prefix(Order, Sequence, Prefix, Suffix) :-
    run_prefix(Sequence, Order, up, Prefix, Suffix).

decreasing_prefix(Sequence, Prefix, Suffix) :-
    run_prefix(Sequence, @=<, down, Prefix, Suffix).
decreasing_prefix(Order, Sequence, Prefix, Suffix) :-
    run_prefix(Sequence, Order, down, Prefix, Suffix).

run_prefix(Sequence, Order, Way, Prefix, Suffix) :-
    (   nonvar(Sequence),
        Sequence = [X|Rest],
        nonvar(Rest),
        Rest = [Next|_],
        in_order(Way, Order, X, Next)
    ->  Prefix = [X|Prefix1],
        run_prefix(Rest, Order, Way, Prefix1, Suffix)
    ;   Prefix = [],
        Suffix = Sequence
    ).

in_order(up, Order, X, Next) :-
    call(Order, X, Next).
in_order(down, Order, X, Next) :-
    call(Order, Next, X).

%!  clumps(+Items, -Clumps) is det.
%
%   Items cut into its runs of identical (==) elements:
%   clumps([a,b,b,a], [[a],[b,b],[a]]).

clumps([], []).
clumps([X|Xs], [[X|Same]|Clumps]) :-
    run_of(Xs, X, Same, Rest),
    clumps(Rest, Clumps).

run_of(List, X, Same, Rest) :-
    (   nonvar(List),
        List = [Y|Ys],
        Y == X
    ->  Same = [Y|Same1],
        run_of(Ys, X, Same1, Rest)
    ;   Same = [],
        Rest = List
    ).

%!  keyclumps(+Pairs, ?Clumps) is semidet.
%!  keyclumped(+Pairs, ?Groups) is semidet.
%
%   Pairs (K-V, usually keysorted) cut into its runs of identical (==)
%   keys: [[K-V1,...,K-Vn], ...] (keyclumps), [K-[V1,...,Vn], ...]
%   (keyclumped).

keyclumps([], []).
keyclumps([K-V|Pairs], [[K-V|Same]|Clumps]) :-
    key_run(Pairs, K, Same, _, Rest),
    keyclumps(Rest, Clumps).

keyclumped([], []).
keyclumped([K-V|Pairs], [K-[V|Values]|Groups]) :-
    key_run(Pairs, K, _, Values, Rest),
    keyclumped(Rest, Groups).

%   key_run(+Pairs, +K, -Same, -Values, -Rest): Same the pairs of key K
%   that Pairs starts with, Values their values.

key_run(Pairs, K, Same, Values, Rest) :-
    (   nonvar(Pairs),
        Pairs = [K1-V|Pairs1],
        K1 == K
    ->  Same = [K1-V|Same1],
        Values = [V|Values1],
        key_run(Pairs1, K, Same1, Values1, Rest)
    ;   Same = [],
        Values = [],
        Rest = Pairs
    ).
