% board_in_state.pl whose move/3 also asserts each move played in a
% played/1 fact, as course games keep a history: the same play, with
% facts to carry (benchmarks/bench_facts.py).
:- consult('board_in_state.pl').
:- dynamic played/1.

arena_move(S, M, S1) :-
    move(S, M, S1),
    assertz(played(M)).
