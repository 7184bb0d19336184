:- module(arena_sicstus_lib,
          [ (^)/2,                    % ?Var, :Goal
            some/2,                   % :Pred, ?List
            some/3,                   % :Pred, ?List1, ?List2
            some/4,                   % :Pred, ?List1, ?List2, ?List3
            somechk/2,                % :Pred, +List
            somechk/3,                % :Pred, +List1, +List2
            somechk/4,                % :Pred, +List1, +List2, +List3
            transpose/2,              % ?Rows, ?Columns
            remove_dups/2,            % +List, -Set
            rotate_list/2,            % +List, ?Rotated
            rotate_list/3,            % +Amount, +List, ?Rotated
            cumlist/4,                % :Pred, ?Xs, ?V0, ?Vs
            cumlist/5,                % :Pred, ?Xs, ?Ys, ?V0, ?Vs
            cumlist/6,                % :Pred, ?Xs, ?Ys, ?Zs, ?V0, ?Vs
            map_product/4,            % :Pred, +Xs, +Ys, ?Zs
            keys_and_values/3,        % ?Pairs, ?Keys, ?Values
            rev/2,                    % +List, ?Reversed
            nth/3,                    % ?N, ?List, ?Elem
            nth0/4,                   % ?N, ?List, ?Elem, ?Rest
            nth1/4,                   % ?N, ?List, ?Elem, ?Rest
            append/5,                 % ?Prefix, ?Tail1, ?List1, ?Tail2, ?List2
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
            proper_segment/2,         % ?List, ?Segment
            scanlist/4,               % :Pred, ?Xs, ?V0, ?V
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
            keyclumped/2,             % +Pairs, ?Groups
            setrand/1,                % +Seed
            install_sicstus_format/0
          ]).
:- use_module(library(lists), []).
:- use_module(library(apply), []).
:- use_module(library(error), []).

/** <module> What SICStus 4 offers that SWI-Prolog's emulation lacks

A game file's code module (prolog/gamefile/load.pl) has this module among
its import modules, after its own definitions: a game that defines one
of these names uses its own, a game that only calls it gets this one,
as under SICStus. `X^Goal` called as a goal (SICStus runs Goal; SWI
raises an existence error) is here too, and the format/2 directives
SICStus has and SWI-Prolog lacks (install_sicstus_format/0). Of
SICStus' library(lists) it has every predicate that SWI-Prolog's
library(lists), library(apply) and library(pairs) lack, and none they
have but nth0/4 and nth1/4 (tests/sicstus_lib_unit.pl checks both).

This module imports nothing: whatever it imported would be visible in
every game's code module while the game compiles, where `swipl FILE`
knows only what the file itself loads (a `[X]>>Goal` passed to an
imported include/3 would be compiled by library(yall), sharing no
variable with its clause, where plain swipl calls it as it is). Its
calls of libraries are qualified.
*/

:- meta_predicate
    ^(?, 0),
    some(1, ?), some(2, ?, ?), some(3, ?, ?, ?),
    somechk(1, +), somechk(2, +, +), somechk(3, +, +, +),
    cumlist(3, ?, ?, ?), cumlist(4, ?, ?, ?, ?), cumlist(5, ?, ?, ?, ?, ?),
    map_product(3, +, +, ?),
    scanlist(3, ?, ?, ?), scanlist(4, ?, ?, ?, ?), scanlist(5, ?, ?, ?, ?, ?),
    include(2, +, +, ?), include(3, +, +, +, ?),
    exclude(2, +, +, ?), exclude(3, +, +, +, ?),
    group(2, +, ?), group(1, +, ?, ?), group(2, +, +, ?, ?),
    ordered(2, +),
    select_min(2, ?, +, ?), select_max(2, ?, +, ?),
    increasing_prefix(2, ?, ?, ?), decreasing_prefix(2, ?, ?, ?).

%!  ^(?Var, :Goal) is nondet.
%
%   Goal, as SICStus calls X^Goal outside bagof/setof.

^(_, Goal) :-
    call(Goal).

%!  some(:Pred, ?List) is nondet.
%!  some(:Pred, ?List1, ?List2) is nondet.
%!  some(:Pred, ?List1, ?List2, ?List3) is nondet.
%
%   Pred holds for some element (the elements at some position).

some(P, [X|Xs]) :-
    (   call(P, X)
    ;   some(P, Xs)
    ).
some(P, [X|Xs], [Y|Ys]) :-
    (   call(P, X, Y)
    ;   some(P, Xs, Ys)
    ).
some(P, [X|Xs], [Y|Ys], [Z|Zs]) :-
    (   call(P, X, Y, Z)
    ;   some(P, Xs, Ys, Zs)
    ).

%!  somechk(:Pred, +List) is semidet.
%!  somechk(:Pred, +List1, +List2) is semidet.
%!  somechk(:Pred, +List1, +List2, +List3) is semidet.

somechk(P, L) :-
    some(P, L),
    !.
somechk(P, L1, L2) :-
    some(P, L1, L2),
    !.
somechk(P, L1, L2, L3) :-
    some(P, L1, L2, L3),
    !.

%!  transpose(?Rows, ?Columns) is semidet.
%
%   The matrix (a list of equal-length lists) transposed.

transpose([], []).
transpose([Row|Rows], Columns) :-
    transpose_(Row, [Row|Rows], Columns).

transpose_([], _, []).
transpose_([_|Rest], Rows, [Column|Columns]) :-
    apply:maplist(arena_sicstus_lib:list_first_rest, Rows, Column, Rests),
    transpose_(Rest, Rests, Columns).

list_first_rest([X|Xs], X, Xs).

%!  remove_dups(+List, -Set) is det.
%
%   List sorted, duplicates removed (SICStus: standard order).

remove_dups(List, Set) :-
    sort(List, Set).

%!  rotate_list(+List, ?Rotated) is det.
%!  rotate_list(+Amount, +List, ?Rotated) is det.
%
%   Rotated is List rotated left by one (by Amount, which may be
%   negative).

rotate_list(List, Rotated) :-
    rotate_list(1, List, Rotated).
rotate_list(Amount, List, Rotated) :-
    length(List, N),
    (   N =:= 0
    ->  Rotated = []
    ;   K is Amount mod N,
        length(Front, K),
        lists:append(Front, Back, List),
        lists:append(Back, Front, Rotated)
    ).

%!  cumlist(:Pred, ?Xs, ?V0, ?Vs) is nondet.
%!  cumlist(:Pred, ?Xs, ?Ys, ?V0, ?Vs) is nondet.
%!  cumlist(:Pred, ?Xs, ?Ys, ?Zs, ?V0, ?Vs) is nondet.
%
%   Vs the successive accumulators of Pred over the lists from V0.

cumlist(_, [], _, []).
cumlist(P, [X|Xs], V0, [V|Vs]) :-
    call(P, X, V0, V),
    cumlist(P, Xs, V, Vs).
cumlist(_, [], [], _, []).
cumlist(P, [X|Xs], [Y|Ys], V0, [V|Vs]) :-
    call(P, X, Y, V0, V),
    cumlist(P, Xs, Ys, V, Vs).
cumlist(_, [], [], [], _, []).
cumlist(P, [X|Xs], [Y|Ys], [Z|Zs], V0, [V|Vs]) :-
    call(P, X, Y, Z, V0, V),
    cumlist(P, Xs, Ys, Zs, V, Vs).

%!  map_product(:Pred, +Xs, +Ys, ?Zs) is nondet.
%
%   Zs is Pred applied to every pair of Xs and Ys, Xs major.

map_product(P, Xs, Ys, Zs) :-
    findall(X-Y, ( lists:member(X, Xs), lists:member(Y, Ys) ), Pairs),
    apply:maplist(arena_sicstus_lib:pair_call(P), Pairs, Zs).

pair_call(P, X-Y, Z) :-
    call(P, X, Y, Z).

%!  keys_and_values(?Pairs, ?Keys, ?Values) is det.

keys_and_values([], [], []).
keys_and_values([K-V|Ps], [K|Ks], [V|Vs]) :-
    keys_and_values(Ps, Ks, Vs).

%!  rev(+List, ?Reversed) is det.

rev(List, Reversed) :-
    lists:reverse(List, Reversed).

%!  nth(?N, ?List, ?Elem) is nondet.
%
%   SICStus 3's nth/3: nth1/3.

nth(N, List, Elem) :-
    lists:nth1(N, List, Elem).

%!  nth0(?N, ?List, ?Elem, ?Rest) is nondet.
%!  nth1(?N, ?List, ?Elem, ?Rest) is nondet.
%
%   As SICStus, an index below the first fails where SWI-Prolog raises a
%   type error (nth0/3 and nth1/3 fail there in both).

nth0(N, List, Elem, Rest) :-
    (   integer(N), N < 0
    ->  fail
    ;   lists:nth0(N, List, Elem, Rest)
    ).

nth1(N, List, Elem, Rest) :-
    (   integer(N), N < 1
    ->  fail
    ;   lists:nth1(N, List, Elem, Rest)
    ).

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
    select_min(@=<, Elem, List, Residue).
select_min(P, Elem, List, Residue) :-
    List = [X|Xs],
    best_index(Xs, P, min, X, 0, 1, Index),
    lists:nth0(Index, List, Elem0, Residue0),
    Elem = Elem0,
    Residue = Residue0.

select_max(Elem, List, Residue) :-
    select_max(@=<, Elem, List, Residue).
select_max(P, Elem, List, Residue) :-
    List = [X|Xs],
    best_index(Xs, P, max, X, 0, 1, Index),
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

%!  setrand(+Seed) is det.
%
%   SICStus seeds its generator with an integer too (`now(T),
%   setrand(T)`); SWI-Prolog's setrand/1 takes only a state of getrand/1.

setrand(Seed) :-
    integer(Seed),
    !,
    set_random(seed(Seed)).
setrand(State) :-
    random:setrand(State).

%!  install_sicstus_format is det.
%
%   The format/2 directives of SICStus 4 that SWI-Prolog lacks, for
%   every format/2,3 call of the process (the arena's own code uses
%   none of them): `~NF` (as `~Nf`: fixed point, N digits, 6 by
%   default) and `~NH`, `~Nh` (a float in as few digits as read back
%   the same; SICStus' N, the zeroes allowed before `e` notation, is not
%   emulated).

install_sicstus_format :-
    format_predicate('F', format_fixed(_, _)),
    format_predicate('H', format_precise(_, _)),
    format_predicate(h, format_precise(_, _)).

:- public format_fixed/2, format_precise/2.

format_fixed(default, X) :-
    !,
    format("~f", [X]).
format_fixed(N, X) :-
    format("~*f", [N, X]).

format_precise(_, X) :-
    (   number(X)
    ->  Y is float(X),
        write(Y)
    ;   format("~f", [X])                % its own error, as ~f gives it
    ).
