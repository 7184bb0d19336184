:- module(arena_bench_facts,
          [ bench/4                   % +File, +Facts, +Seconds, -Row
          ]).
:- use_module(library(lists)).
:- use_module(library(random)).

/** <module> Playouts of a game file with and without its facts carried

Run by benchmarks/bench_facts.py in a swipl of its own (our own bench
game files, loaded through prolog/gamefile/load.pl as the game host loads
them). Facts is on or off: off sets the flag arena_game_facts to false,
so the states of a game that asserts carry no facts (it then plays
wrongly where it reads them back).
*/

%!  bench(+File, +Facts, +Seconds, -Row) is det.
%
%   Row is row(Carried, Playouts, Plies, Iterations): whether the states
%   carried facts, the random playouts played from the initial state in
%   Seconds of CPU time and their moves, and the general AI's search
%   iterations in Seconds of wall clock.

bench(File, Facts, Seconds, row(Carried, Playouts, Plies, Iterations)) :-
    (   Facts == off
    ->  create_prolog_flag(arena_game_facts, false, [])
    ;   true
    ),
    arena_gamefile:load_game_file(File, auto, bench, _, Info),
    Carried = Info.facts,
    arena_gamefile:game_file_raw(bench, Raw),
    atom_concat('det:', Raw, Det),
    Raw:initial_state([], S0),
    set_random(seed(1)),
    statistics(cputime, T0),
    End is T0 + Seconds,
    playouts(Det, S0, End, 0, Playouts, 0, Plies),
    arena_ai_mcts:mcts_search(Raw, S0, [seconds(Seconds)], search(Iterations, _)).

playouts(Det, S0, End, N0, N, P0, P) :-
    statistics(cputime, T),
    (   T >= End
    ->  N = N0,
        P = P0
    ;   playout(Det, S0, P0, P1),
        N1 is N0 + 1,
        playouts(Det, S0, End, N1, N, P1, P)
    ).

playout(Det, S, P0, P) :-
    (   Det:game_over(S, _)
    ->  P = P0
    ;   Det:valid_moves(S, Moves),
        random_member(M, Moves),
        Det:move(S, M, S1),
        P1 is P0 + 1,
        playout(Det, S1, P1, P)
    ).
