% Unit tests of the runs of a game's own loop kept alive between moves
% (prolog/gamefile/loop_live.pl), on a loop of our own that keeps its
% count in a fact and counts its starts.
:- create_prolog_flag(arena_game_jail, true, []).
:- use_module('../../prolog/gamefile/loop_drive').
:- use_module('../../prolog/gamefile/loop_live').
:- use_module(library(plunit)).

:- dynamic toy:count/1, starts/1.
toy:count(0).
starts(0).

toy:play :-
    retract(starts(S)), S1 is S + 1, assertz(starts(S1)),
    toy:turn(1).

toy:turn(I) :-
    I > 60,
    !,
    write('Player 1 wins'), nl.
toy:turn(I) :-
    retract(toy:count(C)), C1 is C + 1, assertz(toy:count(C1)),
    format("turn ~w count ~w~n", [I, C1]),
    arena_loop_drive:loop_choice(member, [a, b, c], _),
    I1 is I + 1,
    toy:turn(I1).

point(Ds, Outcome, Last) :-
    live_run(toy:play, "", Ds, Outcome, _, Text),
    split_string(Text, "\n", "\n", Lines),
    last(Lines, Last).

starts_now(N) :- starts(N).

:- begin_tests(loop_live).

test(one_start_for_a_game_played_move_by_move, [true(Starts == 1)]) :-
    starts_now(S0),
    forall(between(0, 50, N),
           ( length(Ds, N), maplist(=(b), Ds),
             point(Ds, point(_), Last),
             N1 is N + 1,
             format(string(Last), "turn ~w count ~w", [N1, N1]) )),
    starts_now(S1),
    Starts is S1 - S0.

test(a_search_keeps_the_game_played_and_its_facts, [true(Last == "turn 4 count 4")]) :-
    point([a, a], point(_), "turn 3 count 3"),
    b_setval(arena_loop_slot, search),
    point([a, a, c], point(_), "turn 4 count 4"),
    point([a, a, c, c, c], point(_), "turn 6 count 6"),
    b_setval(arena_loop_slot, main),
    starts_now(S0),
    point([a, a, b], point(_), Last),
    starts_now(S0).

test(runs_interleaved_keep_their_own_facts, [true(Bad == [])]) :-
    findall(N, ( between(1, 40, N),
                 length(Ds, N), maplist(=(a), Ds),
                 b_setval(arena_loop_slot, search),
                 length(Other, N), maplist(=(c), Other),
                 point(Other, point(_), _),          % a new search run each time
                 b_setval(arena_loop_slot, main),
                 point(Ds, point(_), Last),
                 N1 is N + 1,
                 \+ format(string(Last), "turn ~w count ~w", [N1, N1]) ), Bad).

test(the_end_of_the_loop, [true(Last == "Player 1 wins")]) :-
    length(Ds, 60), maplist(=(c), Ds),
    point(Ds, ended(returned), Last).

test(a_state_past_the_end_diverges_not_hangs) :-
    length(Ds, 62), maplist(=(c), Ds),
    live_run(toy:play, "", Ds, Outcome, _, _),
    Outcome = ended(_).

test(an_empty_random_range_fails_as_under_sicstus, [fail]) :-
    arena_loop_drive:loop_choice(range(1, 1), [], _).

:- end_tests(loop_live).
