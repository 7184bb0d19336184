% Unit tests of the SICStus 4 library(lists) predicates that SWI-Prolog
% lacks and prolog/sicstus_lib.pl gives a game file: each as SICStus'
% manual defines it, deterministic where SICStus' is (a test left with a
% choice point warns), with closures of this file's own module.
:- use_module('../../prolog/sicstus_lib',
              [ append/5, correspond/4, delete/4, one_longer/2, perm/2, perm2/4,
                same_length/3, shorter_list/2, subseq/3, subseq0/2, subseq1/2,
                sumlist/2, nonmember/2, append_length/3, append_length/4, prefix_length/3,
                proper_prefix_length/3, suffix_length/3, proper_suffix_length/3,
                sublist/3, sublist/4, sublist/5, cons/3, last/3, head/2, tail/2,
                proper_prefix/2, suffix/2, proper_suffix/2, segment/2,
                proper_segment/2, scanlist/4, scanlist/5, scanlist/6, include/4,
                include/5, exclude/4, exclude/5, group/3, group/4, group/5,
                ordered/1, ordered/2, select_min/3, select_min/4, select_max/3,
                select_max/4, increasing_prefix/3, increasing_prefix/4,
                decreasing_prefix/3, decreasing_prefix/4, clumps/2, keyclumps/2,
                keyclumped/2
              ]).
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(yall)).

% closures of this module, which the library's own module cannot see
same_key(K-_, K-_).
bigger(X, Y) :- X > Y.
add3(X, Y, Z, S0, S) :- S is S0 + X * Y * Z.
times(K, X, Y) :- Y is K * X.
by_length(Xs, Ys) :- length(Xs, N), length(Ys, M), N =< M.
odd(X) :- X mod 2 =:= 1.

:- begin_tests(sicstus_clumps).

test(keyclumps_runs_of_equal_keys) :-
    keyclumps([1-a, 1-b, 2-c, 1-d], C),
    C == [[1-a, 1-b], [2-c], [1-d]].

test(keyclumps_of_nothing) :-
    keyclumps([], C),
    C == [].

test(keyclumps_after_keysort_groups_each_key) :-
    keysort([2-x, 1-y, 2-z, 3-w, 1-v], Sorted),
    keyclumps(Sorted, C),
    C == [[1-y, 1-v], [2-x, 2-z], [3-w]].

test(keyclumps_keys_identical_not_unifiable) :-
    keyclumps([A-1, B-2, A-3, A-4, 1-5, 1.0-6], C),
    C == [[A-1], [B-2], [A-3, A-4], [1-5], [1.0-6]].

test(keyclumps_checks_a_given_answer) :-
    keyclumps([k-1, k-2], [[k-1, k-2]]),
    \+ keyclumps([k-1, k-2], [[k-1], [k-2]]).

test(keyclumps_of_a_non_pair_fails, [fail]) :-
    keyclumps([a-1, b], _).

test(keyclumped_keys_with_their_values) :-
    keyclumped([m-1, i-2, s-3, s-4, i-5, p-6, p-7], G),
    G == [m-[1], i-[2], s-[3, 4], i-[5], p-[6, 7]].

test(keyclumped_of_nothing) :-
    keyclumped([], G),
    G == [].

test(keyclumped_after_keysort) :-
    keysort([b-1, a-2, b-3], Sorted),
    keyclumped(Sorted, G),
    G == [a-[2], b-[1, 3]].

test(clumps_mississippi) :-
    atom_chars(mississippi, Cs),
    clumps(Cs, C),
    C == [[m], [i], [s, s], [i], [s, s], [i], [p, p], [i]].

test(clumps_of_nothing) :-
    clumps([], C),
    C == [].

test(clumps_identical_not_unifiable) :-
    clumps([X, X, Y, f(X), f(X)], C),
    C == [[X, X], [Y], [f(X), f(X)]].

test(clumps_of_msort_counts) :-
    msort([c, a, b, a, c, c], Sorted),
    clumps(Sorted, C),
    maplist([Cl, E-N]>>(Cl = [E|_], length(Cl, N)), C, Counts),
    Counts == [a-2, b-1, c-3].

:- end_tests(sicstus_clumps).

:- begin_tests(sicstus_lists).

test(append5_shares_the_prefix) :-
    append([1, 2], T1, L1, T2, L2),
    L1 = [1, 2|T1], L2 = [1, 2|T2].

test(append5_finds_the_common_prefix, all(P-T1-T2 == [[]-[a, b]-[a, c], [a]-[b]-[c]])) :-
    append(P, T1, [a, b], T2, [a, c]).

test(correspond_same_place) :-
    correspond(c, [a, b, c], [1, 2, 3], Y),
    Y == 3.

test(correspond_first_place_where_both_unify) :-
    correspond(a, [a, a], [1, 2], 2).

test(delete4_first_count_occurrences) :-
    delete([a, b, a, c, a], a, 2, R),
    R == [b, c, a].

test(delete4_zero_and_short) :-
    delete([a, b], a, 0, R0),
    R0 == [a, b],
    delete([a, b], a, 5, R5),
    R5 == [b].

test(delete4_negative_count, [fail]) :-
    delete([a], a, -1, _).

test(delete4_count_not_integer, [error(type_error(integer, x))]) :-
    delete([a], a, x, _).

test(one_longer_both_ways) :-
    one_longer([a, b, c], S),
    length(S, 2),
    one_longer(L, [x]),
    length(L, 2).

test(perm_all_in_order, all(P == [[1, 2, 3], [2, 1, 3], [2, 3, 1],
                                  [1, 3, 2], [3, 1, 2], [3, 2, 1]])) :-
    perm([1, 2, 3], P).

test(perm2_both_orders, all(C-D == [a-b, b-a])) :-
    perm2(a, b, C, D).

test(same_length3_counts_and_builds) :-
    same_length([a, b], L, N),
    N == 2,
    length(L, 2),
    same_length(X, Y, 3),
    length(X, 3),
    length(Y, 3).

test(shorter_list_lengths, all(N == [0, 1])) :-
    shorter_list(S, [a, b]),
    length(S, N).

test(subseq_complement_first, all(S-C == [[]-[1, 2], [2]-[1], [1]-[2], [1, 2]-[]])) :-
    subseq([1, 2], S, C).

test(subseq0_in_the_manuals_order) :-
    findall(X, subseq0([a, b, c, d], X), Xs),
    Xs == [[a, b, c, d], [b, c, d], [c, d], [d], [], [c], [b, d], [b], [b, c],
           [a, c, d], [a, d], [a], [a, c], [a, b, d], [a, b], [a, b, c]].

test(subseq1_leaves_something_out) :-
    findall(X, subseq1([a, b], X), Xs),
    Xs == [[b], [], [a]].

test(nonmember_holds_where_member_does_not, [true(Rs == [yes, no])]) :-
    findall(R, ( member(X, [c, b]), ( nonmember(X, [a, b]) -> R = yes ; R = no ) ), Rs).

test(sumlist_sums) :-
    sumlist([1, 2, 3.5], S),
    S =:= 6.5.

test(append_length4_splits_at_length) :-
    append_length(P, S, [a, b, c, d], 1),
    P == [a],
    S == [b, c, d].

test(append_length4_counts, all(N-P == [0-[], 1-[a], 2-[a, b]])) :-
    append_length(P, _, [a, b], N).

test(append_length3_drops) :-
    append_length(S, [a, b, c], 2),
    S == [c].

test(append_length3_every_suffix, all(S-N == [[a, b]-0, [b]-1, []-2])) :-
    append_length(S, [a, b], N).

test(prefix_length_takes) :-
    prefix_length([a, b, c], P, 2),
    P == [a, b].

test(proper_prefix_length_not_the_whole, all(P == [[], [a]])) :-
    proper_prefix_length([a, b], P, _).

test(suffix_length_takes_the_last) :-
    suffix_length([a, b, c], S, 2),
    S == [b, c].

test(suffix_length_longest_first, all(S-N == [[a, b]-2, [b]-1, []-0])) :-
    suffix_length([a, b], S, N).

test(suffix_length_of_a_given_suffix) :-
    suffix_length([a, b, c], [b, c], N),
    N == 2.

test(proper_suffix_length_not_the_whole, all(S-N == [[b]-1, []-0])) :-
    proper_suffix_length([a, b], S, N).

test(sublist5_cuts_in_three) :-
    sublist([a, b, c, d, e], P, 1, 2, A),
    P == [b, c],
    A == 2.

test(sublist3_finds_the_place, all(B == [1, 3])) :-
    sublist([a, b, c, b, c], [b, c], B).

test(sublist4_every_part_in_order) :-
    findall(B-P, sublist([x, y], P, B, _), Ps),
    Ps == [0-[], 0-[x], 0-[x, y], 1-[], 1-[y], 2-[]].

test(cons_head_tail) :-
    cons(H, T, [1, 2]),
    H == 1,
    T == [2],
    head([a, b], A),
    A == a,
    tail([a, b], B),
    B == [b].

test(head_of_nothing, [fail]) :-
    head([], _).

test(last3_fore_and_last) :-
    last(F, L, [a, b, c]),
    F == [a, b],
    L == c.

test(proper_prefix_shortest_first, all(P == [[], [a]])) :-
    proper_prefix([a, b], P).

test(suffix_longest_first, all(S == [[a, b], [b], []])) :-
    suffix([a, b], S).

test(proper_suffix_without_the_whole, all(S == [[b], []])) :-
    proper_suffix([a, b], S).

test(segment_all, all(S == [[a], [a, b], [b], []])) :-
    segment([a, b], S).

test(proper_segment_all, all(S == [[], [a], [b], []])) :-
    proper_segment([a, b], S).

test(scanlist_folds) :-
    scanlist([X, S0, S]>>(S is S0 + X), [1, 2, 3], 0, Sum),
    Sum == 6,
    scanlist([X, Y, S0, S]>>(S is S0 + X * Y), [1, 2], [3, 4], 0, Dot),
    Dot == 11,
    scanlist(add3, [1, 2], [3, 4], [5, 6], 0, T),
    T == 63.

test(include_exclude_with_a_second_list) :-
    include(bigger, [5, 1, 7], [2, 3, 9], In),
    In == [5],
    exclude(bigger, [5, 1, 7], [2, 3, 9], Out),
    Out == [1, 7].

test(include_exclude_with_three_lists) :-
    include([X, Y, Z]>>(X + Y =:= Z), [1, 2, 3], [1, 1, 1], [2, 9, 4], In),
    In == [1, 3],
    exclude([X, Y, Z]>>(X + Y =:= Z), [1, 2, 3], [1, 1, 1], [2, 9, 4], Out),
    Out == [2].

test(group3_buckets_of_a_keysorted_list) :-
    group(same_key, [1-a, 1-b, 2-c, 3-d, 3-e], Buckets),
    Buckets == [[1-a, 1-b], [2-c], [3-d, 3-e]].

test(group4_longest_front) :-
    group(odd, [1, 3, 4, 5], F, B),
    F == [1, 3],
    B == [4, 5].

test(group5_with_a_key) :-
    group(bigger, 4, [1, 3, 5, 2], F, B),
    F == [1, 3],
    B == [5, 2].

test(ordered_standard_order) :-
    ordered([1, 2, 2, a]),
    \+ ordered([b, a]),
    ordered([]).

test(ordered2_fills_a_partial_list) :-
    L = [1, _, _, _, _],
    ordered(times(2), L),
    L == [1, 2, 4, 8, 16].

test(select_min_leftmost) :-
    select_min(M, [3, 1, 4, 1, 5], R),
    M == 1,
    R == [3, 4, 1, 5].

test(select_max_leftmost) :-
    select_max(M, [3, 5, 4, 5, 1], R),
    M == 5,
    R == [3, 4, 5, 1].

test(select_min_max_by_pred) :-
    select_min(by_length, Mn, [[a, b], [c], [d]], R1),
    Mn == [c],
    R1 == [[a, b], [d]],
    select_max(by_length, Mx, [[a], [b, c], [d, e]], R2),
    Mx == [b, c],
    R2 == [[a], [d, e]].

test(select_min_of_nothing, [fail]) :-
    select_min(_, [], _).

test(increasing_prefix_stops_before_the_turn) :-
    increasing_prefix([1, 2, 3, 2, 5], P, S),
    P == [1, 2],
    S == [3, 2, 5],
    increasing_prefix([3, 2, 1], P1, S1),
    P1 == [],
    S1 == [3, 2, 1].

test(decreasing_prefix_with_an_order) :-
    decreasing_prefix([9, 7, 7, 8], P, S),
    P == [9, 7],
    S == [7, 8],
    increasing_prefix(=<, [1, 1.0, 2], P1, S1),
    P1 == [1, 1.0],
    S1 == [2],
    decreasing_prefix(=<, [5, 4, 6], P2, S2),
    P2 == [5],
    S2 == [4, 6].

:- end_tests(sicstus_lists).

% The exports of SICStus 4's library(lists), as its manual lists them.
sicstus_lists([ select/3, selectchk/3, append/2, append/5, correspond/4, delete/3,
                delete/4, is_list/1, keys_and_values/3, last/2, nextto/3, nth0/3,
                nth0/4, nth1/3, nth1/4, one_longer/2, perm/2, perm2/4,
                permutation/2, proper_length/2, remove_dups/2, rev/2, reverse/2,
                same_length/2, same_length/3, select/4, selectchk/4,
                shorter_list/2, subseq/3, subseq0/2, subseq1/2, sumlist/2,
                nonmember/2, transpose/2, append_length/3, append_length/4, prefix_length/3,
                proper_prefix_length/3, proper_suffix_length/3, rotate_list/2,
                rotate_list/3, suffix_length/3, sublist/3, sublist/4, sublist/5,
                cons/3, last/3, head/2, tail/2, prefix/2, proper_prefix/2,
                suffix/2, proper_suffix/2, segment/2, proper_segment/2,
                cumlist/4, cumlist/5, cumlist/6, maplist/2, maplist/3, maplist/4,
                map_product/4, scanlist/4, scanlist/5, scanlist/6, some/2, some/3,
                some/4, somechk/2, somechk/3, somechk/4, convlist/3, exclude/3,
                exclude/4, exclude/5, include/3, include/4, include/5,
                partition/5, group/3, group/4, group/5, ordered/1, ordered/2,
                max_member/2, min_member/2, max_member/3, min_member/3,
                select_max/3, select_max/4, select_min/3, select_min/4,
                decreasing_prefix/3, decreasing_prefix/4, increasing_prefix/3,
                increasing_prefix/4, clumped/2, clumps/2, keyclumped/2,
                keyclumps/2
              ]).

swi_exports(PIs) :-
    findall(PI, ( member(M, [lists, apply, pairs]),
                  module_property(M, exports(Es)),
                  member(PI, Es) ),
            PIs).

:- begin_tests(sicstus_if).

% SICStus' if/3: the Then part for each answer of the If part, the Else
% part where it has none.
test(if_then_for_each_answer, [true(L == [1-then, 2-then])]) :-
    findall(X-Y, arena_sicstus_lib:if(member(X, [1, 2]), Y = then, Y = else), L).
test(if_else_where_none, [true(Y == else)]) :-
    arena_sicstus_lib:if(fail, Y = then, Y = else).

:- end_tests(sicstus_if).

:- begin_tests(sicstus_lib_exports).

test(every_sicstus_list_predicate_is_there) :-
    sicstus_lists(Sicstus),
    swi_exports(Swi),
    module_property(arena_sicstus_lib, exports(Ours)),
    findall(PI, ( member(PI, Sicstus),
                  \+ memberchk(PI, Swi),
                  \+ memberchk(PI, Ours),
                  PI \== is_list/1 ),      % built in
            Missing),
    Missing == [].

% but nth0/4 and nth1/4, which a game gets as local definitions
% (prolog/gamefile/load.pl's library_shims/2), failing where SWI's throw
test(none_over_one_swi_has) :-
    swi_exports(Swi),
    module_property(arena_sicstus_lib, exports(Ours)),
    findall(PI, ( member(PI, Ours), memberchk(PI, Swi) ), Both),
    msort(Both, Sorted),
    Sorted == [nth0/4, nth1/4].

:- end_tests(sicstus_lib_exports).
