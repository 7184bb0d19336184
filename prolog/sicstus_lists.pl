:- module(arena_sicstus_lists,
          [ append/5,                 % ?Prefix, ?Tail1, ?List1, ?Tail2, ?List2
            correspond/4,             % ?X, ?Xlist, ?Ylist, ?Y
            delete/4,                 % +List, +Kill, +Count, -Residue
            one_longer/2,             % ?Longer, ?Shorter
            perm/2,                   % +List, ?Perm
            perm2/4,                  % ?A, ?B, ?C, ?D
            same_length/3,            % ?List1, ?List2, ?Length
            shorter_list/2,           % ?Short, ?Long
            subseq/3,                 % ?Sequence, ?SubSequence, ?Complement
            subseq0/2,                % +Sequence, ?SubSequence
            subseq1/2,                % +Sequence, ?SubSequence
            sumlist/2,                % +Numbers, ?Total
            nonmember/2,              % ?Element, ?List
            append_length/3,          % ?Suffix, ?List, ?Length
            append_length/4,          % ?Prefix, ?Suffix, ?List, ?Length
            prefix_length/3,          % ?List, ?Prefix, ?Length
            proper_prefix_length/3,   % ?List, ?Prefix, ?Length
            suffix_length/3,          % +List, ?Suffix, ?Length
            proper_suffix_length/3,   % +List, ?Suffix, ?Length
            sublist/3,                % +Whole, ?Part, ?Before
            sublist/4,                % +Whole, ?Part, ?Before, ?Length
            sublist/5,                % +Whole, ?Part, ?Before, ?Length, ?After
            cons/3,                   % ?Head, ?Tail, ?List
            last/3,                   % ?Fore, ?Last, ?List
            head/2,                   % ?List, ?Head
            tail/2,                   % ?List, ?Tail
            proper_prefix/2,          % ?List, ?Prefix
            suffix/2,                 % ?List, ?Suffix
            proper_suffix/2,          % ?List, ?Suffix
            segment/2,                % ?List, ?Segment
            proper_segment/2          % ?List, ?Segment
          ]).
:- use_module(library(lists), []).
:- use_module(library(apply), []).
:- use_module(library(error), []).

/** <module> SICStus 4's library(lists), where SWI-Prolog lacks it

Every predicate of SICStus 4's library(lists) that SWI-Prolog's
library(lists), library(apply) and library(pairs) do not export, as
SICStus' manual defines it (those taking a predicate, and the clumps,
in prolog/sicstus_lists_apply.pl, exported from here too);
prolog/sicstus_lib.pl exports them to a game file's code module. Like
it, this module imports nothing and qualifies its calls of libraries.
*/

:- reexport(sicstus_lists_apply).

%!  append(?Prefix, ?Tail1, ?List1, ?Tail2, ?List2) is nondet.
%
%   append(Prefix, Tail1, List1) and append(Prefix, Tail2, List2) both;
%   deterministic when Prefix is a proper list.

append([], Tail1, Tail1, Tail2, Tail2).
append([X|Xs], Tail1, [X|List1], Tail2, [X|List2]) :-
    append(Xs, Tail1, List1, Tail2, List2).

%!  correspond(?X, ?Xlist, ?Ylist, ?Y) is semidet.
%
%   X and Y at the same place of Xlist and Ylist: the first place where
%   both unify, committed to.

correspond(X, [X0|Xs], [Y0|Ys], Y) :-
    (   X = X0,
        Y = Y0
    ->  true
    ;   correspond(X, Xs, Ys, Y)
    ).

%!  delete(+List, +Kill, +Count, -Residue) is semidet.
%
%   Residue is List without its first Count elements that unify with
%   Kill (all of them if fewer); fails for a partial List or Count < 0.

delete(List, Kill, Count, Residue) :-
    error:must_be(integer, Count),
    (   var(Kill)
    ->  error:instantiation_error(Kill)
    ;   true
    ),
    (   Count > 0
    ->  delete_first(List, Kill, Count, Residue)
    ;   Count =:= 0
    ->  Residue = List
    ).

delete_first(List, _, _, _) :-
    var(List),
    !,
    fail.
delete_first([], _, _, []).
delete_first([X|Xs], Kill, Count, Residue) :-
    (   X = Kill
    ->  (   Count > 1
        ->  Count1 is Count - 1,
            delete_first(Xs, Kill, Count1, Residue)
        ;   Residue = Xs
        )
    ;   Residue = [X|Residue1],
        delete_first(Xs, Kill, Count, Residue1)
    ).

%!  one_longer(?Longer, ?Shorter) is semidet.
%
%   Longer has one element more than Shorter; deterministic when either
%   is a proper list.

one_longer([_|Longer], Shorter) :-
    equal_length(Longer, Shorter).

%   equal_length(?List1, ?List2): as lists:same_length/2, deterministic
%   when either list is proper.

equal_length(List1, List2) :-
    (   var(List1)
    ->  same_length_walk(List2, List1)
    ;   same_length_walk(List1, List2)
    ).

same_length_walk([], []).
same_length_walk([_|Xs], [_|Ys]) :-
    same_length_walk(Xs, Ys).

%!  perm(+List, ?Perm) is nondet.
%
%   Perm a permutation of the proper list List (SICStus' older
%   permutation/2).

perm([], []).
perm([X|Xs], Perm) :-
    perm(Xs, Perm0),
    insert_anywhere(Perm0, X, Perm).

insert_anywhere(List, X, [X|List]).
insert_anywhere([Y|Ys], X, [Y|List]) :-
    insert_anywhere(Ys, X, List).

%!  perm2(?A, ?B, ?C, ?D) is nondet.
%
%   {A,B} = {C,D}: C-D is A-B, then B-A.

perm2(A, B, A, B).
perm2(A, B, B, A).

%!  same_length(?List1, ?List2, ?Length) is nondet.
%
%   Both lists have Length elements; deterministic when Length is an
%   integer or either list is proper.

same_length(List1, List2, Length) :-
    (   integer(Length)
    ->  Length >= 0,
        length(List1, Length),
        length(List2, Length)
    ;   nonvar(Length)
    ->  error:must_be(integer, Length)
    ;   var(List1)
    ->  count_same_length(List2, List1, 0, Length)
    ;   count_same_length(List1, List2, 0, Length)
    ).

count_same_length([], [], N, N).
count_same_length([_|Xs], [_|Ys], N0, N) :-
    N1 is N0 + 1,
    count_same_length(Xs, Ys, N1, N).

%!  shorter_list(?Short, ?Long) is nondet.
%
%   Short is a list strictly shorter than Long (which may be partial if
%   long enough); generates Short of lengths 0, 1, 2, ...

shorter_list([], [_|_]).
shorter_list([_|Short], [_|Long]) :-
    shorter_list(Short, Long).

%!  subseq(?Sequence, ?SubSequence, ?Complement) is nondet.
%
%   SubSequence and Complement split Sequence, each keeping its order;
%   an element goes to Complement first.

subseq([], [], []).
subseq([X|Xs], Sub, [X|Complement]) :-
    subseq(Xs, Sub, Complement).
subseq([X|Xs], [X|Sub], Complement) :-
    subseq(Xs, Sub, Complement).

%!  subseq0(+Sequence, ?SubSequence) is nondet.
%!  subseq1(+Sequence, ?SubSequence) is nondet.
%
%   SubSequence a subsequence of Sequence: Sequence itself first
%   (subseq0/2), or one with at least one element less (subseq1/2).

subseq0(List, List).
subseq0(List, Sub) :-
    subseq1(List, Sub).

subseq1([_|Xs], Sub) :-
    subseq0(Xs, Sub).
subseq1([X|Xs], [X|Sub]) :-
    subseq1(Xs, Sub).

%!  nonmember(?Element, ?List) is semidet.
%
%   Element is no element of List.

nonmember(Element, List) :-
    \+ lists:member(Element, List).

%!  sumlist(+Numbers, ?Total) is det.
%
%   Total the sum of Numbers (SWI-Prolog's sum_list/2).

sumlist(Numbers, Total) :-
    sum_from(Numbers, 0, Total).

sum_from([], Total, Total).
sum_from([X|Xs], Total0, Total) :-
    Total1 is Total0 + X,
    sum_from(Xs, Total1, Total).

%!  append_length(?Prefix, ?Suffix, ?List, ?Length) is nondet.
%!  append_length(?Suffix, ?List, ?Length) is nondet.
%
%   append(Prefix, Suffix, List) with Length the length of Prefix (not
%   built by append_length/3); deterministic for an integer Length.

append_length(Prefix, Suffix, List, Length) :-
    (   var(Length)
    ->  append_counting(Prefix, Suffix, List, 0, Length)
    ;   error:must_be(integer, Length),
        Length >= 0,
        length(Prefix, Length),
        lists:append(Prefix, Suffix, List)
    ).

append_counting([], List, List, N, N).
append_counting([X|Prefix], Suffix, [X|List], N0, N) :-
    N1 is N0 + 1,
    append_counting(Prefix, Suffix, List, N1, N).

append_length(Suffix, List, Length) :-
    (   var(Length)
    ->  drop_counting(List, Suffix, 0, Length)
    ;   error:must_be(integer, Length),
        Length >= 0,
        drop(Length, List, Suffix)
    ).

drop_counting(List, List, N, N).
drop_counting([_|List], Suffix, N0, N) :-
    N1 is N0 + 1,
    drop_counting(List, Suffix, N1, N).

drop(0, List, Suffix) :-
    !,
    Suffix = List.
drop(N, [_|List], Suffix) :-
    N1 is N - 1,
    drop(N1, List, Suffix).

%!  prefix_length(?List, ?Prefix, ?Length) is nondet.
%!  proper_prefix_length(?List, ?Prefix, ?Length) is nondet.
%
%   Prefix the first Length elements of List (a proper prefix: not List
%   itself); deterministic for an integer Length.

prefix_length(List, Prefix, Length) :-
    append_length(Prefix, _, List, Length).

proper_prefix_length(List, Prefix, Length) :-
    append_length(Prefix, Suffix, List, Length),
    Suffix = [_|_].

%!  suffix_length(+List, ?Suffix, ?Length) is nondet.
%!  proper_suffix_length(+List, ?Suffix, ?Length) is nondet.
%
%   Suffix the last Length elements of the proper list List (a proper
%   suffix: not List itself), longest first; deterministic for an
%   integer Length or a proper Suffix.

suffix_length(List, Suffix, Length) :-
    error:must_be(list, List),
    length(List, Whole),
    suffix_of_length(List, Whole, Suffix, Length).

proper_suffix_length(List, Suffix, Length) :-
    error:must_be(list, List),
    List = [_|Tail],
    length(Tail, Whole),
    suffix_of_length(Tail, Whole, Suffix, Length).

suffix_of_length(List, Whole, Suffix, Length) :-
    (   var(Length),
        lists:proper_length(Suffix, Length0)
    ->  Length = Length0
    ;   true
    ),
    (   var(Length)
    ->  drop_counting(List, Suffix, 0, Dropped),
        Length is Whole - Dropped
    ;   error:must_be(integer, Length),
        Length >= 0,
        Length =< Whole,
        Skip is Whole - Length,
        drop(Skip, List, Suffix)
    ).

%!  sublist(+Whole, ?Part, ?Before) is nondet.
%!  sublist(+Whole, ?Part, ?Before, ?Length) is nondet.
%!  sublist(+Whole, ?Part, ?Before, ?Length, ?After) is nondet.
%
%   Whole is Alpha, Part, Omega appended, Alpha of Before elements,
%   Part of Length, Omega of After; by Before, then Length, ascending.

sublist(Whole, Part, Before) :-
    sublist(Whole, Part, Before, _, _).

sublist(Whole, Part, Before, Length) :-
    sublist(Whole, Part, Before, Length, _).

sublist(Whole, Part, Before, Length, After) :-
    maybe_integer(Before),
    maybe_integer(Length),
    maybe_integer(After),
    (   var(Length),
        lists:proper_length(Part, Length0)
    ->  Length = Length0
    ;   true
    ),
    (   integer(Before),
        integer(Length)
    ->  true
    ;   error:must_be(list, Whole)
    ),
    append_length(_Alpha, Rest, Whole, Before),
    append_length(Part, Omega, Rest, Length),
    length(Omega, After).

maybe_integer(X) :-
    (   var(X)
    ->  true
    ;   error:must_be(integer, X)
    ).

%!  cons(?Head, ?Tail, ?List) is det.
%!  head(?List, ?Head) is semidet.
%!  tail(?List, ?Tail) is semidet.
%
%   List is [Head|Tail].

cons(Head, Tail, [Head|Tail]).

head([Head|_], Head).

tail([_|Tail], Tail).

%!  last(?Fore, ?Last, ?List) is semidet.
%
%   append(Fore, [Last], List); deterministic when List is proper.

last(Fore, Last, [X|Xs]) :-
    last_after(Xs, X, Fore, Last).

last_after([], X, [], X).
last_after([Y|Ys], X, [X|Fore], Last) :-
    last_after(Ys, Y, Fore, Last).

%!  proper_prefix(?List, ?Prefix) is nondet.
%
%   Prefix a prefix of List other than List itself, shortest first.

proper_prefix(List, Prefix) :-
    shorter_prefix(Prefix, List).

shorter_prefix([], [_|_]).
shorter_prefix([X|Prefix], [X|List]) :-
    shorter_prefix(Prefix, List).

%!  suffix(?List, ?Suffix) is nondet.
%!  proper_suffix(?List, ?Suffix) is nondet.
%
%   Suffix a suffix of List (other than List itself), longest first.

suffix(List, List).
suffix([_|List], Suffix) :-
    suffix(List, Suffix).

proper_suffix([_|List], Suffix) :-
    suffix(List, Suffix).

%!  segment(?List, ?Segment) is nondet.
%!  proper_segment(?List, ?Segment) is nondet.
%
%   Segment a contiguous part of List (other than List itself): the
%   nonempty ones from the first element first, the empty one last (a
%   proper segment: the proper prefixes first, then the segments of the
%   tail).

segment([], []).
segment([X|Xs], [X|Segment]) :-
    lists:prefix(Segment, Xs).
segment([_|Xs], Segment) :-
    segment(Xs, Segment).

proper_segment(List, Segment) :-
    proper_prefix(List, Segment).
proper_segment([_|Xs], Segment) :-
    segment(Xs, Segment).
