% Unit tests of prolog/gamefile/memo.pl: game_over/2 and valid_moves/2
% remembered per state while a search runs, on a game file loaded in this process as
% the game host's jail loads it.
:- create_prolog_flag(arena_game_jail, true, [type(boolean)]).
:- use_module('../../prolog/gamefile/load').
:- use_module('../../prolog/gamefile/memo').
:- use_module(library(plunit)).

:- dynamic computed/1.

file(Name, Path) :-
    module_property(arena_gamefile_memo, file(Memo)),
    file_directory_name(Memo, GameFile),
    file_directory_name(GameFile, Prolog),
    file_directory_name(Prolog, Root),
    directory_file_path(Root, Name, Path).

loaded(File, Base, Code, Raw) :-
    once(file(File, Path)),
    once(load_game_file(Path, swi, Base, Base, _)),
    arena_gamefile:game_code(Base, Code),
    arena_gamefile:game_raw(Base, Raw).

%   counted(+Code): each computation of Code's game_over/2 clauses
%   (renamed as it loaded, under the memo) adds one to computed/1.
counted(Code) :-
    retractall(computed(_)),
    assertz(computed(0)),
    wrap_predicate(Code:'$arena_game_over'(_, _), count, W, (user:count, W)).

%   counted_lists(+Code): as counted/1, for valid_moves/2's clauses.
counted_lists(Code) :-
    retractall(computed(_)),
    assertz(computed(0)),
    wrap_predicate(Code:'$arena_valid_moves'(_, _), count, W, (user:count, W)).

played(_, [], S, S).
played(Code, [M|Ms], S0, S) :-
    Code:move(S0, M, S1),
    played(Code, Ms, S1, S).

count :-
    retract(computed(N)),
    N1 is N + 1,
    assertz(computed(N1)).

:- begin_tests(rule_memo).

test(one_computation_per_state, [Before-Inside == 2-1]) :-
    loaded('examples/games/connect4.pl', memo_c4, Code, Raw),
    counted(Code),
    Code:initial_state([], S),
    ignore(Code:game_over(S, _)), ignore(Code:game_over(S, _)),
    computed(Before),
    retractall(computed(_)), assertz(computed(0)),
    with_rule_memo(Raw, ( \+ Code:game_over(S, _), \+ Code:game_over(S, _),
                          Code:move(S, 4, S1),      % its own rule asks again
                          \+ Code:game_over(S1, _) )),
    computed(Inside0),
    Inside is Inside0 - 1.                          % S1's own

test(the_answer_is_remembered, [W1-W2-N == x-x-1]) :-
    loaded('examples/games/connect4.pl', memo_c4_won, Code, Raw),
    counted(Code),
    Code:initial_state([], S),
    once(played(Code, [1, 2, 1, 2, 1, 2, 1], S, Won)),
    retractall(computed(_)), assertz(computed(0)),
    with_rule_memo(Raw, ( Code:game_over(Won, W1), Code:game_over(Won, W2) )),
    computed(N).

test(a_winner_given_is_asked_each_time, [N == 2]) :-
    loaded('examples/games/connect4.pl', memo_c4_given, Code, Raw),
    counted(Code),
    Code:initial_state([], S),
    retractall(computed(_)), assertz(computed(0)),
    with_rule_memo(Raw, ( \+ Code:game_over(S, x), \+ Code:game_over(S, x) )),
    computed(N).

test(nothing_remembered_after_the_search_even_when_it_throws, [N == 2]) :-
    loaded('examples/games/connect4.pl', memo_c4_throw, Code, Raw),
    counted(Code),
    Code:initial_state([], S),
    catch(with_rule_memo(Raw, ( \+ Code:game_over(S, _), throw(stop) )), stop, true),
    retractall(computed(_)), assertz(computed(0)),
    \+ Code:game_over(S, _), \+ Code:game_over(S, _),
    computed(N).

test(a_game_that_keeps_facts_loads_as_it_is) :-
    loaded('tests/gamefiles/course/asserted_board.pl', memo_stateful, Code, _),
    \+ current_predicate(Code:'$arena_game_over'/2).

test(a_game_that_declares_game_over_loads_as_it_is) :-
    remembering_program([(:- dynamic(game_over/2)), game_over(s(1), x)], Program),
    Program == [(:- dynamic(game_over/2)), game_over(s(1), x)].

test(the_clauses_renamed_and_a_front_added, [Renamed == ['$arena_game_over'(s(1), x)]]) :-
    remembering_program([game_over(s(1), x)], [Renamed0, (game_over(_, _) :- _)]),
    Renamed = [Renamed0].

test(a_state_too_large_turns_the_cache_off, [Off-N == off-2]) :-
    loaded('tests/gamefiles/ai/long_state.pl', memo_long, Code, Raw),
    counted(Code),
    Code:initial_state([], S),
    retractall(computed(_)), assertz(computed(0)),
    with_rule_memo(Raw, ( \+ Code:game_over(S, _), \+ Code:game_over(S, _),
                          nb_getval(arena_memo_cache, Off) )),
    computed(N).

test(valid_moves_once_per_state, [Before-Inside-Same == 2-1-true]) :-
    loaded('examples/games/connect4.pl', memo_c4_lists, Code, Raw),
    counted_lists(Code),
    Code:initial_state([], S),
    Code:valid_moves(S, Ms0), Code:valid_moves(S, _),
    computed(Before),
    retractall(computed(_)), assertz(computed(0)),
    with_rule_memo(Raw, ( Code:valid_moves(S, Ms1), Code:valid_moves(S, Ms2),
                          Code:move(S, 4, _) )),   % its own rule asks again
    computed(Inside),
    ( Ms1 == Ms0, Ms2 == Ms0 -> Same = true ; Same = false ).

test(every_answer_of_valid_moves_is_kept, [Inside == Outside]) :-
    loaded('tests/gamefiles/course/piece_answers.pl', memo_pieces, Code, Raw),
    Code:initial_state(_, S),
    findall(Ms, Code:valid_moves(S, Ms), Outside),
    Outside = [_, _|_],
    with_rule_memo(Raw, ( findall(Ms, Code:valid_moves(S, Ms), _),
                          findall(Ms, Code:valid_moves(S, Ms), Inside) )).

test(a_list_given_is_asked_each_time, [N == 2]) :-
    loaded('examples/games/connect4.pl', memo_c4_lists_given, Code, Raw),
    counted_lists(Code),
    Code:initial_state([], S),
    retractall(computed(_)), assertz(computed(0)),
    with_rule_memo(Raw, ( \+ Code:valid_moves(S, []), \+ Code:valid_moves(S, []) )),
    computed(N).

test(valid_moves_renamed_beside_game_over,
     [Names == ['$arena_game_over', '$arena_valid_moves', game_over, valid_moves]]) :-
    remembering_program([game_over(s(1), x), (valid_moves(s(N), [N]) :- N > 0)], Program),
    findall(Name, ( member(T, Program), ( T = (H :- _) -> true ; H = T ), functor(H, Name, _) ),
            Names).

test(endless_answers_are_not_all_kept, [Ms-N == [1, 2]-3]) :-
    loaded('tests/gamefiles/ai/endless_listing.pl', memo_endless, Code, Raw),
    Code:initial_state(_, S),
    with_rule_memo(Raw, ( once(Code:valid_moves(S, Ms)),
                          findnsols(3, M, Code:valid_moves(S, M), Got), !,
                          length(Got, N) )).

:- end_tests(rule_memo).
