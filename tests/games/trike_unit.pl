/*  plunit tests of prolog/games/trike.pl, run by tests/games/test_trike.py:
    the det predicates leave no choice point (plunit warns, and the
    pytest fails on any warning), illegal moves fail, malformed terms
    throw.
*/

:- use_module(library(plunit)).
:- use_module(library(apply)).
:- use_module('../../prolog/games/trike').

position(Size, Moves, State) :-
    initial_state([size(Size)], State0),
    foldl(play, Moves, State0, State).

play(Move, State0, State) :-
    move(State0, Move, State).

%   Size 3: black b2, white a1, black b1, white c1, black c2, white c3:
%   the pawn is trapped on c3 with black b2 and c2 next to it.
finished(State) :-
    position(3, [2-2, 1-1, 2-1, 3-1, 3-2, 3-3], State).

:- begin_tests(trike_rules).

test(initial, [true(Moves == [1-1, 2-1, 2-2, 3-1, 3-2, 3-3])]) :-
    initial_state([size(3)], State),
    valid_moves(State, Moves).

test(swap_only_second) :-
    position(5, [3-2], S1),
    move(S1, swap, S2),
    current_player(S2, first),
    player_colour(S2, first, w),
    \+ move(S2, swap, _),
    position(5, [], S0),
    \+ move(S0, swap, _).

test(straight_lines, [true(Moves == [2-1, 3-1, 3-3])]) :-
    position(3, [2-2, 3-2], S),         % black b2, white c2 (the pawn)
    valid_moves(S, Moves).

test(blocked) :-
    position(5, [5-3, 5-5], S),         % black e3, white e5 (the pawn)
    \+ move(S, 5-2, _),                 % over e3
    move(S, 5-4, _).

test(finished, [true(Winner-Points == first-2)]) :-
    finished(State),
    game_over(State, Winner),
    pawn_points(State, first, Points).

test(finished_has_no_moves, [true(Moves == [])]) :-
    finished(State),
    valid_moves(State, Moves).

test(value_of_finished, [true(V == 101)]) :-
    finished(State),
    value(State, first, V).

test(move_text_both_ways, [true(Texts == [swap, a1, c2, s19])]) :-
    maplist(move_text, [swap, 1-1, 3-2, 19-19], Texts),
    maplist(move_text, Moves, Texts),
    Moves == [swap, 1-1, 3-2, 19-19].

test(bad_move_texts, [fail]) :-
    member(Text, [a2, c0, c02, 'C2', t1, '', swap1]),
    move_text(_, Text).

test(bad_size, [throws(error(domain_error(_, size(20)), _))]) :-
    initial_state([size(20)], _).

test(bad_option, [throws(error(domain_error(option, colour(red)), _))]) :-
    initial_state([colour(red)], _).

test(bad_state, [throws(error(type_error(trike_state, foo), _))]) :-
    valid_moves(foo, _).

test(bad_player, [throws(error(domain_error(trike_player, nobody), _))]) :-
    position(3, [], State),
    value(State, nobody, _).

test(malformed_moves_fail, [fail]) :-
    position(4, [2-1], State),
    member(Move, [_, foo, 1-a, 0-0, 5-1, 2-1, 3-3]),
    move(State, Move, _).

test(playout_winner) :-
    position(7, [4-2, swap], State),
    random_playout(State, Winner),
    memberchk(Winner, [first, second]).

test(choose_levels) :-
    position(5, [3-2, swap], State),
    valid_moves(State, Moves),
    forall(member(Level, [1, 2]),
           ( choose_move(State, Level, Move),
             memberchk(Move, Moves)
           )).

test(description, [true(Text == "pawn c2 to b1, white checker")]) :-
    position(3, [3-2], State),
    move_description(State, 2-1, Text).

test(reason_swap, [true(Reason == "swap only as the second move")]) :-
    position(3, [], State),
    illegal_move_reason(State, swap, Reason).

test(reason_valid_move, [fail]) :-
    position(3, [], State),
    illegal_move_reason(State, b1, _).

test(outcome, [true(Reason == "the pawn is trapped on c3: first 2, second 1")]) :-
    finished(State),
    outcome_reason(State, Reason).

test(display) :-
    finished(State),
    with_output_to(string(Out), display_game(State, [last_move(3-3)])),
    once(sub_string(Out, _, _, _, "last move: c3")).

:- end_tests(trike_rules).
