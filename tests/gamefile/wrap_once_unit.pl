% Unit tests of the proposal's wrappers of a game's predicates
% (prolog/gamefile/propose_recast.pl, propose_switched.pl): each is
% wrapped once, acts only inside with_recast/3 or with_switched/3 and
% is never unwrapped (SWI-Prolog 9.0's unwrap_predicate/2 left a host
% to crash later, segv, on a 2024/25 submission).
:- use_module('../../prolog/gamefile/propose_recast').
:- use_module('../../prolog/gamefile/propose_switched').
:- use_module(library(plunit)).

wrapped:valid_moves(s, [[1, 2], [3, 4]]).
wrapped:move(s(P), _, s(P)).
wrapped:next(a, b).

:- begin_tests(wrap_once).

test(recast_inside_only_and_wrapped_once,
     [true(L1-L2-After-N == [r(1,2), r(3,4)]-[r(1,2), r(3,4)]-[[1,2], [3,4]]-1)]) :-
    R = recast([A, B], r(A, B), []),
    with_recast(wrapped, R, wrapped:valid_moves(s, L1)),
    with_recast(wrapped, R, wrapped:valid_moves(s, L2)),
    wrapped:valid_moves(s, After),
    aggregate_all(count, current_predicate_wrapper(wrapped:valid_moves(_, _), _, _, _), N).

test(switched_inside_only, [true(In-Out == s(b)-s(a))]) :-
    with_switched(wrapped, switch([1], next), wrapped:move(s(a), m, In)),
    wrapped:move(s(a), m, Out).

:- end_tests(wrap_once).
