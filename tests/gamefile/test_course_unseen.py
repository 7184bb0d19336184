"""Patterns of course submissions first met on repositories nobody here
had seen play (issue 31), each in a small game file of our own: the
adapter check-game proposes for it passes its own check and plays."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from pybridge import load_game
from pybridge.games.conformance import reason_line
from pybridge.games.proposal_check import game_at_fault
from tests.support.course import COURSE, movers, not_proposed, played, proposed, run
from tests.support.says import says


def test_config_inside_a_menu_term_is_taken(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The menu passes `config(...)` inside a term of its own, never to
    initial_state/2: that ground term is the config, not one filled in
    with ones (whose player the rules do not know)."""
    adapter = proposed("menu_term_config.pl", tmp_path, capsys)
    assert "arena_config(_, config(heap(7), first(left)))." in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys, players=("left", "right"))


def test_numbered_players_of_the_games_own_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game's own players/1 gives [1, 2], which are no names: the
    adapter names them in arena_players/1, beside the game's."""
    adapter = proposed("numbered_players.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_players([player1, player2])." in text
    assert "arena_player(1, player1)." in text
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_free_move_that_throws_gets_its_parts_bound(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """move/3 does arithmetic on a free move: the parts its head shows
    are bound in turn, so every legal move is listed."""
    adapter = proposed("free_move_throws.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_move_shape(_-_)." in text
    assert "arena_bound_move(" in text
    _, winner = played(adapter, tmp_path / "game.jsonl", capsys, players=("left", "right"))
    assert winner in ("left", "right")      # the race always ends with a winner


def test_valid_moves_a_piece_an_answer_are_joined(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2 answers one piece's moves at a time, the first []:
    the adapter lists every answer's moves; the first state is the one
    the loop's display closed."""
    adapter = proposed("piece_answers.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "every answer's moves" in text
    assert "arena_initial_state(_, g(1, [a, a, e, e, e, e]))." in text
    played(adapter, tmp_path / "game.jsonl", capsys, players=("white", "black"))


def test_move_one_part_longer_than_listed_is_recast(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """[R, C] listed, [R, C, Dir] taken with Dir from the game's facts;
    move/3's catch-all keeps the state (a refusal), and its own call of
    valid_moves/2 keeps the game's list."""
    adapter = proposed("one_part_more.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_recast([A, B], [A, B, right])." in text
    assert "arena_recast([A, B], [A, B, left])." in text
    says(text, "move/3", "leaves the state as it was")
    log = tmp_path / "game.jsonl"
    played(adapter, log, capsys, players=("first", "second"))
    turns = movers(log)                 # a move the catch-all kept would repeat a turn
    assert all(a != b for a, b in zip(turns, turns[1:])), turns


def test_configs_named_in_initial_states_heads_come_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """initial_state(small, ...): the config its own heads name, not a
    usual size that its last clause sends to a menu reading the keyboard."""
    adapter = proposed("head_configs.pl", tmp_path, capsys)
    assert "arena_config(_, small)." in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys, players=("a", "b"))


def test_game_over_that_says_who_leads_ends_only_when_no_move_is_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """game_over/2 answers who leads at any time (0 where even, as in
    the first state): the adapter ends the game once no move is left,
    with the leader as the winner and 0 as a draw, not after one move."""
    adapter = proposed("score_over.pl", tmp_path, capsys)
    assert "it answers who leads: 0, its answer in the first state, is a draw" in \
        adapter.read_text()
    log = tmp_path / "game.jsonl"
    played(adapter, log, capsys, second="random")
    assert len(movers(log)) == 16


def test_a_missing_rule_defined_in_a_file_nothing_loads_is_loaded_by_the_adapter(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game lacks valid_moves/2, which bots.pl beside it defines but
    none of its files loads (Iris, 2019/20: four files, none loading
    another): the adapter proposed loads bots.pl with it, says so, and
    plays; the loader the search used is gone."""
    for name in ("game.pl", "bots.pl"):
        (tmp_path / name).write_text((COURSE / "unloaded_bots" / name).read_text())
    code, out, err = run(["check-game", str(tmp_path / "game.pl"), "--games", "3"], capsys)
    adapter = tmp_path / "game-arena.pl"
    says(out, f"adapter proposed in {adapter} (it passes check-game)",
         "bots.pl beside it, which no file of the game loads, loaded too")
    text = adapter.read_text()
    assert ":- consult('game.pl').\n:- consult('bots.pl').\n" in text, text
    assert "arena-parts" not in text, text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bots.pl", "game-arena.pl", "game.pl"]
    played(adapter, tmp_path / "game.jsonl", capsys, players=None)


def test_versions_of_a_rule_beside_the_game_are_not_loaded_as_its_parts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two files beside the game both define the valid_moves/2 it lacks
    (an old and a new version, or other games in one folder): neither is
    loaded for it; the reason names them."""
    (tmp_path / "game.pl").write_text((COURSE / "unloaded_bots" / "game.pl").read_text())
    bots = (COURSE / "unloaded_bots" / "bots.pl").read_text()
    (tmp_path / "bots.pl").write_text(bots)
    (tmp_path / "bots_old.pl").write_text(bots)
    code, out, err = run(["check-game", str(tmp_path / "game.pl"), "--games", "3"], capsys)
    assert code == 1, out + err
    assert not (tmp_path / "game-arena.pl").exists()
    says(out, "no adapter proposed", "bots.pl defines valid_moves", "bots_old.pl defines valid_moves",
         "no file of the game loads them")
    assert "loaded too" not in out, out


def test_a_link_planted_at_the_loaders_name_is_never_written_through(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A submission that plants a link where the search's loader would go
    (to a file of the instructor's): the link and its target stay as they
    were, no adapter is written, and the reason still names the file
    nothing loads."""
    game = tmp_path / "sub"
    game.mkdir()
    for name in ("game.pl", "bots.pl"):
        (game / name).write_text((COURSE / "unloaded_bots" / name).read_text())
    target = tmp_path / "grades.csv"
    target.write_text("alice,20\n")
    (game / ".game-arena-parts.pl").symlink_to(target)
    code, out, err = run(["check-game", str(game / "game.pl"), "--games", "3"], capsys)
    assert code == 1, out + err
    assert target.read_text() == "alice,20\n"
    assert (game / ".game-arena-parts.pl").is_symlink()
    assert not (game / "game-arena.pl").exists()
    says(out, "no adapter proposed", "bots.pl defines valid_moves", "no file of the game loads it")


def test_a_helper_its_loop_calls_in_a_file_nothing_loads_is_loaded_for_the_search(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game's parts lie side by side and none loads another (its
    README says to consult them all): its loop calls board/1 and
    start_screen/0, which a file beside it defines. The search is made
    with that file loaded too, and the reason is what fails then (the
    loop makes no move), naming the file."""
    (tmp_path / "game.pl").write_text(
        "play :- start_screen, board(B), write(B), nl.\n")
    (tmp_path / "view.pl").write_text(
        "start_screen :- write(hello), nl.\nboard([[x, o], [o, x]]).\n")
    code, out, err = run(["check-game", str(tmp_path / "game.pl"), "--games", "2",
                          "--time", "30"], capsys)
    assert code != 0
    says(out, "no adapter proposed with view.pl beside it loaded too",
         "(no file of the game loads it)", "its loop returned with no move asked for or made")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.pl", "view.pl"]


def test_a_part_of_the_game_given_for_the_whole_names_its_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file given is one part that main.pl loads with the others (two
    fresh submissions were named so by the file that holds play/0):
    check-game names the file that loads them all."""
    for name in ("game.pl", "bots.pl"):
        (tmp_path / name).write_text((COURSE / "unloaded_bots" / name).read_text())
    (tmp_path / "main.pl").write_text(":- consult('game.pl').\n:- consult('bots.pl').\n")
    code, out, err = run(["check-game", str(tmp_path / "game.pl"), "--games", "3"], capsys)
    assert code != 0
    assert (f"(beside it, bots.pl defines valid_moves; main.pl loads this file and those: "
            f"check {tmp_path / 'main.pl'} instead)") in out, out + err
    (tmp_path / "tests.pl").write_text(":- consult('main.pl').\n")
    (tmp_path / "bots.pl").unlink()                 # nothing of the contract beside it
    (tmp_path / "menu.pl").write_text("menu :- write(menu), nl.\n")
    (tmp_path / "main.pl").write_text(":- consult('game.pl').\n:- consult('menu.pl').\n")
    code, out, err = run(["check-game", str(tmp_path / "game.pl"), "--games", "3"], capsys)
    assert code != 0
    assert (f"(main.pl beside it loads this file and others: check {tmp_path / 'main.pl'} "
            f"instead)") in out, out + err            # the nearest start, not tests.pl


def test_a_test_file_that_loads_the_game_alone_is_no_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Beside the game lies its test file, which includes the game and
    nothing else (Chess-Prolog, held out): check-game does not send the
    instructor to the test file as the program's start."""
    (tmp_path / "game.pl").write_text((COURSE / "unloaded_bots" / "game.pl").read_text())
    (tmp_path / "tests.pl").write_text(":- include('game.pl').\ntest_start :- initial_state(_, _).\n")
    code, out, err = run(["check-game", str(tmp_path / "game.pl"), "--games", "3"], capsys)
    assert code != 0 and "no adapter proposed" in out, out + err
    assert "tests.pl" not in out, out


def test_parts_that_load_each_other_name_no_other_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """main.pl loads rules.pl, which loads main.pl back (a 2023/24
    pattern, each part loading the start): the file given loads the whole
    game itself, so check-game names no other start for it."""
    text = (COURSE / "loop_fails_at_end.pl").read_text().replace("turn(40, 1)", "turn(4, 1)")
    (tmp_path / "rules.pl").write_text(":- ensure_loaded('main.pl').\n" + text)
    (tmp_path / "main.pl").write_text(":- consult('rules.pl').\n")
    code, out, err = run(["check-game", str(tmp_path / "main.pl"), "--games", "3"], capsys)
    assert code != 0 and "no adapter proposed" in out, out + err
    assert "beside it loads this file" not in out, out


def test_a_game_over_that_leaves_its_winner_unbound_means_not_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """game_over/2 succeeds in every state and binds the winner only once
    a player has won: the game goes on until then, and is won."""
    game = COURSE / "unbound_winner.pl"
    code, out, err = run(["check-game", str(game), "--games", "5"], capsys)
    assert "verdict:  conforms to the game contract" in out, out + err
    log = tmp_path / "game.jsonl"
    code, out, err = run(["play", str(game), "--first", "random", "--second", "random",
                          "--delay", "0", "--no-color", "--replay", str(log)], capsys)
    assert code == 0 and "wins" in out, out + err
    assert len(movers(log)) >= 4                # 7 taken by ones and twos


def test_a_few_random_games_past_the_ply_bound_are_a_note(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Random play in a long game (Momentum) may not end within the ply
    bound in a few games: check-game says how many, and the game
    conforms; where most do not end, game_over/2 is the problem."""
    code, out, err = run(["check-game", str(COURSE / "long_random.pl")], capsys)
    assert code == 0, out + err
    says(out, "7 of 20 random games", "1,000 plies")
    assert "conforms to the game contract" in out
    code, out, err = run(["check-game", str(COURSE / "never_over.pl")], capsys)
    assert code == 1, out + err
    says(out, "game_over/2", "20 of 20 random games", "1,000 plies")


def test_moves_are_those_the_games_own_random_player_can_pick(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No valid_moves, and move/4 does arithmetic on its move: the
    moves are those the game's own choose_move/4 picks with random/3,
    each pick taken in turn (its call of itself after a refusal pruned)."""
    adapter = proposed("picked_moves.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "its moves are those its own" in text
    assert "arena_picked_moves(choose_move(A, B, 1, D)" in text
    log = tmp_path / "game.jsonl"
    played(adapter, log, capsys, players=("x", "o"))
    assert 5 <= len(movers(log)) <= 9


def test_a_list_of_moves_left_open_at_its_end_is_ended(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2's helper leaves the tail of its list unbound (the
    game's loop ends it with length/2): the proposal ends it too, rather
    than walking an endless list until its time is up."""
    adapter = proposed("open_list.pl", tmp_path, capsys)
    assert "once(length(B, _))" in adapter.read_text()
    _, winner = played(adapter, tmp_path / "game.jsonl", capsys, players=("first", "second"))
    assert winner in ("first", "second")


def forward_share(adapter: Path, moves: int = 12) -> float:
    """The share of ``moves`` moves of the general AI's level 3 (0.5 s a
    move, player2) that step forward in a race against random moves; at
    0.1 s a loaded machine left it too few playouts (CI: 11 of 16), and
    0.3 s once too few under three test workers on two cores."""
    state = load_game(str(adapter)).initial_state()
    rng = random.Random(7)
    chosen: list[str] = []
    while len(chosen) < moves and not state.is_over():
        if state.current_player == "player2":
            move = state.choose_move(3, seconds=0.5, general=True)
            chosen.append(move)
        else:
            move = rng.choice(state.valid_moves())
        state = state.move(move)
    return chosen.count("1") / len(chosen)


def test_a_value_lower_where_better_is_read_from_the_games_own_level(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A race whose random games end drawn, value/3 the steps still to go:
    no won game shows its sense, so the game's own level 2 does (it takes
    the lowest); the arena's AI, whose random playouts never reach the
    end, scores them with that value and steps forward."""
    adapter = proposed("race_lower_value.pl", tmp_path, capsys)
    text = adapter.read_text()
    says(text, "level 2", "lowest value")
    assert "C is -E." in text
    assert forward_share(adapter) >= 0.8


def test_a_value_of_two_arguments_is_read_as_the_contracts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """value(State, Value) scores the side that moved into State, lower
    where it is better off, and choose_move/4 takes the level first: the
    adapter asks value/2 for either player and the game's own levels in
    their order."""
    adapter = proposed("race_value_two.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "value/2 read as value/3" in text
    assert "choose_move(B, A, D, C)" in text
    assert forward_share(adapter) >= 0.8
    state = load_game(str(adapter)).initial_state()
    assert state.choose_move(2) == "1"          # the game's own level 2


def test_a_value_of_two_arguments_for_one_side_always(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """value(State, Value) is the first side's lead whoever is to move:
    its level 2 takes the highest for side 1, the lowest for side 2, and
    the adapter's value/3 is negated for the second."""
    adapter = proposed("race_value_fixed.pl", tmp_path, capsys)
    text = adapter.read_text()
    says(text, "highest value/2", "lowest")
    assert "arena_player(1, B)" in text
    assert forward_share(adapter) >= 0.8


def test_a_games_own_current_player_and_a_winner_with_its_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game has current_player/2 but no players/1, and game_over/2
    gives winner(Player, Reason): the adapter's current_player is
    arena_current_player/2 (a second current_player/2 would join the
    game's own and leave a choice point), and the winner is the player
    that term holds."""
    adapter = proposed("own_player_held_winner.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_current_player(state(A, _, _), A)." in text
    assert "\ncurrent_player(" not in text
    assert "arena_winner(winner(A, B), C) :-" in text
    _, winner = played(adapter, tmp_path / "game.jsonl", capsys, players=("white", "black"))
    assert winner in ("white", "black")     # the last stick is always taken


def test_a_menu_mode_to_watch_the_computers_is_the_one_driven(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No game_over/2: only the game's loop knows its end, and the menu's
    computer-only mode reads "Watch the computers play" (as "Play
    against the computer" names a computer too): that mode is answered."""
    adapter = proposed("loop_watch_menu.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(play, prompted(auto))." in text
    assert "% The answers it gave before the first move: 3\n" in text
    played(adapter, tmp_path / "game.jsonl", capsys)


@pytest.mark.slow
def test_a_loop_that_prints_its_whole_state_is_proposed_in_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each turn prints the whole state, many words that come and go,
    and no player's name: telling the players apart from those texts
    took minutes (the proposal was killed at its time), now seconds."""
    adapter = proposed("loop_chatty.pl", tmp_path, capsys)
    assert "arena_loop(play," in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_a_loop_that_writes_for_ever_at_its_end_is_the_games_fault(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """When blue wins, the loop backtracks into an unguarded helper that
    writes for ever: the run stops at a bound (not at the memory's end),
    the adapter is kept with the game's rules at fault, and a game ends
    with a win or as a no-contest that says so."""
    game = tmp_path / "loop_end_floods.pl"
    game.write_text((COURSE / "loop_end_floods.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    adapter = tmp_path / "loop_end_floods-arena.pl"
    says(out, "adapter proposed", adapter, "rules fail")
    assert "it writes for ever" in out, out + err
    code, out, err = run(["play", str(adapter), "--first", "random", "--second", "random",
                          "--delay", "0", "--no-color",
                          "--replay", str(tmp_path / "game.jsonl")], capsys)
    assert code == 0 and ("wins" in out or "it writes for ever" in out), out + err
    code, out, err = run(["verify", str(tmp_path / "game.jsonl")], capsys)
    assert code == 0 and ": valid: " in out, out + err


def test_a_loop_entered_by_play_game_is_driven(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No play/0: the loop starts at play_game/0, which no clause calls
    (loop_watch_menu.pl with its play/0 so renamed)."""
    text = (COURSE / "loop_watch_menu.pl").read_text()
    assert text.count("\nplay :-\n") == 1
    adapter = proposed("loop_play_game.pl", tmp_path, capsys,
                       text.replace("\nplay :-\n", "\nplay_game :-\n"))
    assert "arena_loop(play_game, prompted(auto))." in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_a_loop_started_by_a_predicate_named_as_its_file_is_driven(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No play/0: heap_race.pl starts at heap_race/0 (a fresh 2020/21
    game starts so, at jin_li/0 in jin_li.pl)."""
    adapter = proposed("heap_race.pl", tmp_path, capsys)
    assert "arena_loop(heap_race, prompted(auto))." in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys, players=("player1", "player2"))


@pytest.mark.slow
def test_a_long_game_that_waits_for_a_key_after_each_move_plays_to_its_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Some 470 moves, a key pressed after each: the answers a run gives
    are bounded between two picks, not in all, so the game is not cut
    at its 300th answer (it was, its last mover declared the winner)."""
    adapter = proposed("loop_long_paused.pl", tmp_path, capsys)
    log = tmp_path / "game.jsonl"
    out, winner = played(adapter, log, capsys, second="random")
    assert len(movers(log)) >= 350, out[-2000:]
    said = re.findall(r"Player (\d) wins!", out)
    assert said, out[-2000:]
    names = re.search(r"^arena_loop_names\('?([^,']+)'?, '?([^)']+)'?\)\.$",
                      adapter.read_text(), re.M)
    assert names, adapter.read_text()
    assert winner == ("player1" if said[-1] in names[1] else "player2"), out[-2000:]


def test_type_enter_after_each_computer_move_is_a_pause(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After each computer move the loop writes " Type enter:" (no
    "press", no new line) and reads one code: a pause between moves,
    answered with an empty line, not a question in play."""
    named_winner_plays("loop_type_enter.pl", "arena_loop_names(green, gold).",
                       r"(GREEN|GOLD) PLAYER WON!", {"GREEN": "player1", "GOLD": "player2"},
                       tmp_path, capsys)


def test_an_end_followed_by_long_credits_is_read_where_it_was_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The winner's line comes before some 6,000 characters of credits,
    all written after the last pick: it is read there, not looked for
    in the credits' end alone (then the last to pick, here the loser,
    was credited)."""
    named_winner_plays("loop_long_credits.pl", "arena_loop_names(black, white).",
                       r"Winner is (BLACK|WHITE)!", {"BLACK": "player1", "WHITE": "player2"},
                       tmp_path, capsys)


def named_winner_plays(name: str, names: str, said: str, seats: dict[str, str],
                       tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The adapter proposed for our course file ``name`` says ``names``,
    and a game of it is won by the seat (``seats``) of the side the
    game's last line matching ``said`` names."""
    adapter = proposed(name, tmp_path, capsys)
    assert names in adapter.read_text()
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys, second="random")
    sides = re.findall(said, out)
    assert sides, out[-2000:]
    assert winner == seats[sides[-1]], out[-2000:]


def test_a_menu_without_a_computer_only_mode_is_played_by_typing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its menu offers Player vs Player and Player vs Computer: a
    person's seat is played by the arena's players, each answer to its
    question in play a move (its silent refusal of 0 followed by the
    next number)."""
    adapter = proposed("loop_no_machine_mode.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(play, prompted(typed))." in text
    assert "% arena's players play a person's seat" in text
    out, _ = played(adapter, tmp_path / "game.jsonl", capsys)
    assert "plays '" not in out, out        # a number typed is a number


def test_a_computer_that_cuts_its_refused_draw_before_drawing_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`( Ok -> ... ; !, computer_take(Heap, Take) )`: the cut leaves no
    draw to take back, so the call again with the same arguments draws
    anew (it used to fail, and the loop with it); the winner is the one
    the loop names."""
    adapter = proposed("loop_cut_retry.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop_names(red, blue)." in text, text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"^(red|blue) wins!$", out, re.M)
    assert said, out
    assert winner == ("player1" if said[-1] == "red" else "player2"), out


def test_a_board_in_capitals_whose_moves_are_read_in_lower_case(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The board is labelled "A B C", the game reads a1: 'A1' is refused,
    a1 is taken, and every later cell is typed in lower case."""
    adapter = proposed("loop_lower_labels.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(play, prompted(typed))." in text
    assert "arena_loop_names(ann, bob)." in text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"^(ann|bob) wins!$|^(It is a draw)\.$", out, re.M)
    assert said, out
    ann, draw = said[-1]
    assert winner == ("draw" if draw else "player1" if ann == "ann" else "player2"), out
    first, later = out.split("Turn of bob", 1)
    assert re.search(r"^'[A-C][1-3]'\.$", first, re.M), first    # typed as the board writes
    assert re.search(r"^[a-c][1-3]\.$", later, re.M), later      # then as the game reads
    assert not re.search(r"'[A-C][1-3]'\.", later), later


def test_a_game_for_people_only_is_played_and_its_winner_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two people only, a wrong number refused in words: the arena types
    both seats' moves, and the winner is the one the game's last line
    says wins, though it names both players."""
    adapter = proposed("loop_people_only.pl", tmp_path, capsys)
    names = re.search(r"^arena_loop_names\((\w+), (\w+)\)\.$", adapter.read_text(), re.M)
    assert names, adapter.read_text()
    for seed in range(2):
        log = tmp_path / f"game{seed}.jsonl"
        out, winner = played(adapter, log, capsys)
        said = re.findall(r"(\w+) wins!", out)
        assert said, out
        assert winner == ("player1" if said[-1] == names[1] else "player2"), out


def test_a_range_asked_under_a_legend_is_answered_from_the_range(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The board's legend reads like a menu ("R - Red", "B - Blue"), and
    under it the question names its range ("Ring between 1 and 7:"): the
    arena types the range's numbers, not the legend's letters."""
    adapter = proposed("loop_range_under_legend.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(play, prompted(typed))." in text
    names = re.search(r"^arena_loop_names\((red|blue), (red|blue)\)\.$", text, re.M)
    assert names, text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"^The winner is (red|blue)!$|^(Nobody wins): a draw\.$", out, re.M)
    assert said, out[-2000:]
    colour, draw = said[-1]
    assert winner == ("draw" if draw else "player1" if colour == names[1] else "player2"), out[-2000:]
    assert "plays '" not in out and not re.search(r"^'?[RBE]'?\.$", out, re.M), out[-2000:]


def test_names_asked_of_each_player_are_no_moves_and_name_the_turns(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each player's name is asked ("Hello player_2, what is your
    name?"), then a move is two questions, and a refused ring asks the
    same player again: the names are a menu's answers, the same in every
    game, and the players are the names its turn lines say ("ann, is
    your turn!"), not the ring a line says it may not play ("Choose a
    ring to play except 2")."""
    adapter = proposed("loop_names_asked.pl", tmp_path, capsys)
    text = adapter.read_text()
    names = re.search(r"^arena_loop_names\((\w+), (\w+)\)\.$", text, re.M)
    assert names and not names[1].isdigit() and not names[2].isdigit(), text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"^The winner is (\w+)!$|^(Nobody wins): a draw\.$", out, re.M)
    assert said, out[-2000:]
    name, draw = said[-1]
    assert winner == ("draw" if draw else "player1" if name == names[1] else "player2"), out[-2000:]


def test_an_entry_of_one_argument_is_called_with_any(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No entry of arity 0: `sticks(Winner)`, whose clause takes any
    argument, is called as a person types it, `sticks(_)`, and the
    game plays through it."""
    adapter = proposed("loop_entry_of_one.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(sticks(_), prompted(auto))." in text, text
    assert "its own loop, sticks(_):" in text, text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"^Computer ([12]) wins!$", out, re.M)
    assert said, out[-2000:]
    names = re.search(r"^arena_loop_names\('?([^,']+)'?, '?([^)']+)'?\)\.$", text, re.M)
    assert names, text
    assert winner == ("player1" if said[-1] in names[1] else "player2"), out[-2000:]


def test_an_entry_the_winners_line_calls_again_stays_the_entry(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """heap_game/0 is called again by the predicate that announces the
    winner ("Play again?"), which the arena's runs wrap to read the
    winner: the wrapper is no caller of the entry, so the way of typing
    a person's moves, tried after those runs, still starts there."""
    adapter = proposed("loop_entry_called_again.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(heap_game, prompted(typed))." in text, text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"^(anna|ben) wins!$", out, re.M)
    names = re.search(r"^arena_loop_names\((\w+), (\w+)\)\.$", text, re.M)
    assert said and names, text + out[-2000:]
    assert winner == ("player1" if said[-1] == names[1] else "player2"), out[-2000:]


@pytest.mark.slow
def test_a_move_of_two_questions_read_off_the_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A row's letter, then a column's number, as the board labels them,
    a taken cell refused and both asked again: the player to move is the
    one the loop names, and a full board is a draw."""
    adapter = proposed("loop_row_then_column.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop_turns(named)." in text, text
    names = re.search(r"^arena_loop_names\('(player \d)', '(player \d)'\)\.$", text, re.M)
    assert names, text
    for seed in range(3):
        log = tmp_path / f"game{seed}.jsonl"
        out, winner = played(adapter, log, capsys)
        said = re.findall(r"Player (\d) Won!|(It's a Tie!)", out)
        assert said, out
        won, tie = said[-1]
        expected = "draw" if tie else ("player1" if names[1] == f"player {won}" else "player2")
        assert winner == expected, out
        owners, named = [], None
        for line in out.splitlines():
            if m := re.search(r"Player (\d) Playing", line):
                named = f"player {m.group(1)}"
            elif (m := re.search(r"· (player\d) to move", line)) and named:
                owners.append((named, m.group(1)))
        assert len(owners) >= 4, out
        assert all((n == names[1]) == (a == "player1") for n, a in owners), out


def test_a_move_of_two_questions_with_no_player_named_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same game with no line that names the player to move: its
    picks do not alternate between the players, so no adapter is
    written, and the one line says why."""
    text = (COURSE / "loop_row_then_column.pl").read_text()
    named = '    format("~n     Player ~w Playing~n", [P]),\n'
    assert named in text
    out = not_proposed("loop_unnamed_turns.pl", text.replace(named, ""), tmp_path, capsys)
    assert ("a person's move takes several questions (\"Insert Row\", \"Insert Column\"), "
            "and no words its loop writes name whose turn it is") in out, out


def test_a_menu_without_a_computer_only_mode_nor_typed_moves_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A person's move is a term (`take(2).`) that no question names:
    the one line names the modes the menu offers, not the answers it
    tried."""
    text = (COURSE / "loop_no_machine_mode.pl").read_text()
    asked = "write('Take: '),\n    read(Take),"
    assert asked in text
    out = not_proposed("loop_term_moves.pl",
                       text.replace(asked, "write('Your move: '),\n    read(take(Take)),"),
                       tmp_path, capsys)
    assert ('its menu offers no mode with the computer on both sides ("Player vs Player", '
            '"Player vs Computer"), and the game took none of the answers the arena could '
            'type for a person at its questions in play') in out, out


def test_the_error_of_the_computer_only_mode_is_the_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its computer-only mode throws before the first pick, while a
    person's mode reads the keyboard on and on: the reason names the
    game's own error, as its message says it, not the answers that read
    the most lines."""
    game = tmp_path / "loop_mode_throws.pl"
    game.write_text((COURSE / "loop_mode_throws.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, out + err
    says(out, "threw", "mode/1", "Unknown procedure", "draw_heap/1")
    assert "#game" not in out, out + err


def test_quitting_in_play_is_never_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A person's question names a key to quit in the same sentence as
    the cells: the arena never types it, so every game ends with a
    winner or a draw its loop announces, and the players' names are
    words, not the lines of its board."""
    adapter = proposed("loop_quit_in_play.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(play, prompted(typed))." in text, text
    names = re.search(r"^arena_loop_names\(([xo]), ([xo])\)\.$", text, re.M)
    assert names and names[1] != names[2], text
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        assert "Game over" not in out, out
        said = re.findall(r"^(x|o) wins!$|^(A draw!)$", out, re.M)
        assert said, out
        won, draw = said[-1]
        assert winner == ("draw" if draw else "player1" if won == names[1] else "player2"), out


def test_a_loop_that_fails_where_it_should_end_is_no_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its loop fails at the end of a game and names no winner: that is
    no result the arena could record (the last to move never wins by
    it), so no adapter is written and the one line says why."""
    out = not_proposed("loop_fails_at_end.pl",
                       (COURSE / "loop_fails_at_end.pl").read_text(), tmp_path, capsys)
    assert ("the game's loop failed (its entry goal failed) with no winner or draw named"
            in out), out


def test_a_broken_machine_mode_leaves_the_people_mode_to_type(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its mode of computers alone throws in every game after a few
    picks; its mode of two people is played instead, the arena typing
    each person's take."""
    adapter = proposed("loop_machine_mode_broken.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(play, prompted(typed))." in text, text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"Player (\d) wins!", out)
    assert said, out
    names = re.search(r"^arena_loop_names\('?([^,']+)'?, '?([^)']+)'?\)\.$", text, re.M)
    assert names, text
    assert winner == ("player1" if said[-1] in names[1] else "player2"), out


def test_the_moves_a_loop_lists_are_what_the_arena_types(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A person's question names no answers, but the loop lists the
    valid moves just above it ("Valid moves: [c1, c3]"): those are what
    the arena types, and every game ends as the loop says."""
    adapter = proposed("loop_listed_moves.pl", tmp_path, capsys)
    assert "arena_loop(play, prompted(typed))." in adapter.read_text()
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        said = re.findall(r"^(ann|bea) wins!$|^(Draw!)$", out, re.M)
        assert said, out
        assert re.search(r"plays c\d", out), out


def test_a_games_own_option_table_is_not_the_arenas_settings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game's option/3 is a table of its own menu (one clause with
    variables): the adapter says the arena reads no settings from it,
    so it loads and plays."""
    adapter = proposed("loop_own_options.pl", tmp_path, capsys)
    assert "arena_without(option/3)." in adapter.read_text()
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert f"Player {winner[-1]} wins!" in out, out


def test_a_colour_names_the_player_rather_than_a_pair_of_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"White Player turn. (O)": the colour tells the players apart as
    well as "turn o" does, and it is the word the winner's line names."""
    adapter = proposed("loop_colour_turns.pl", tmp_path, capsys)
    assert "arena_loop_names(black, white)." in adapter.read_text(), adapter.read_text()
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        said = re.findall(r"The winner of the game is the (\w+) Player", out)
        assert said, out
        assert winner == ("player1" if said[-1] == "Black" else "player2"), out


@pytest.mark.slow
def test_a_loop_search_out_of_time_says_what_time_to_give(
        short_loop_search: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its menu thinks a while over every answer and takes none: the
    search through its loop stops at its limit, and the reason says so
    and what --time to give check-game instead."""
    out = not_proposed("loop_slow_menu.pl", (COURSE / "loop_slow_menu.pl").read_text(),
                       tmp_path, capsys)
    assert ("(the arena stopped trying at its 12 s limit: give check-game more time "
            "(--time 300))") in out, out


def test_the_advice_to_give_more_time_survives_a_long_reason() -> None:
    """The farthest run's last words (a board of box characters) push
    the search's time advice past the reason's length: the line is cut,
    and the advice still ends it."""
    why = ("no answers to its menu made play/0 play computer against computer: its last "
           "words: " + "║   " * 400 + " (the arena stopped trying at its 30 s limit: give "
           "check-game more time (--time 300))")
    line = reason_line(why)
    assert "bytes more" in line and len(line) < 800, line
    assert line.endswith("; give check-game more time (--time 300)"), line
    assert reason_line("short; give check-game more time (--time 90)").count("more time") == 1


def test_an_error_quoted_in_the_adapters_comment_stays_a_comment(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hostile game's computer-only mode throws an error whose text is
    a newline and a directive: the adapter quotes the error in its
    comment, on comment lines only, so loading it runs nothing."""
    text = (COURSE / "loop_machine_mode_broken.pl").read_text()
    broken = "    (   Next > 7 -> Round is Next + _Unset ; Round = Next ),"
    assert broken in text
    hostile = text.replace(broken, """    (   Next > 7
    ->  atom_codes(Line, [10, 0':, 0'-, 0' |`initialization(halt).`]),
        throw(error(domain_error(Line, x), _))
    ;   Round = Next
    ),""")
    adapter = proposed("loop_comment_escape.pl", tmp_path, capsys, text=hostile)
    text = adapter.read_text()
    assert "initialization(halt)" in text, text        # quoted...
    assert not re.search(r"^\s*:-\s*initialization", text, re.M), text   # ...as a comment
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert f"Player {winner[-1]} wins!" in out, out


def test_a_question_in_play_asked_for_ever_ends_no_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After a few picks its loop asks a question it refuses every
    answer to, until the arena's answers run out: that is no end of a
    game (the last to move was counted the winner), so no adapter is
    written and the one line says why."""
    out = not_proposed("loop_stuck_question.pl",
                       (COURSE / "loop_stuck_question.pl").read_text(), tmp_path, capsys)
    assert ("asked its questions in play over and over with no move made (every answer "
            "refused) in 3 of 3 games") in out, out


def test_a_game_with_no_end_yet_gets_both_reasons(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Rules with no game_over/2 and a loop that asks a word nobody can
    guess: no end is made up for the rules (a draw where a player is
    stuck), and the reason says what the rules lack and why the loop
    did not play either."""
    out = not_proposed("no_end_no_loop.pl", (COURSE / "no_end_no_loop.pl").read_text(),
                       tmp_path, capsys)
    assert ("the adapter inferred fails its own check (game_over/2: required, but the file "
            "does not define it): write it by hand; nor could the game be played through its "
            "own loop: ") in out, out
    assert "The secret word:" in out, out


def test_a_loop_that_says_the_winners_number_or_a_draw_in_a_banner(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No word names the players, and whoever takes the last stick loses:
    '2 won!' names player 2, not the last to move; a banner 'D R A W'
    is a draw."""
    adapter = proposed("loop_numbered_end.pl", tmp_path, capsys)
    assert "arena_loop_names" not in adapter.read_text()
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys, second="random")
        assert f"{winner[-1]} won!" in out, out
    text = (COURSE / "loop_numbered_end.pl").read_text()
    won = 'format("~w won!~n", [P]).'
    assert won in text
    other = tmp_path / "draw"
    other.mkdir()
    adapter = proposed("loop_draw_banner.pl", other, capsys,
                       text=text.replace(won, "write('a b c'), nl, write('| D R A W |'), nl."))
    _, winner = played(adapter, other / "game.jsonl", capsys, second="random")
    assert winner == "draw"
    zero = tmp_path / "zero"                # players numbered 0 and 1: "1 won!" is the second
    zero.mkdir()
    start, other_player = "turn(9, 1).", "Q is 3 - P,"
    assert start in text and other_player in text
    adapter = proposed("loop_zero_based.pl", zero, capsys, text=text.replace(
        start, "turn(9, 0).").replace(other_player, "Q is 1 - P,").replace(
        won, 'format("Player 0 and player 1 are done.~nPlayer ~w won!~n", [P]).'))
    for seed in range(2):
        out, winner = played(adapter, zero / f"game{seed}.jsonl", capsys, second="random")
        assert f"Player {int(winner[-1]) - 1} won!" in out, out



def test_a_loop_that_begins_the_next_game_itself_ends_the_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Once a game ends, its loop asks to play again and begins the next
    game itself (not through play/0 nor an initial_state): the game is
    over there, and its result is the one the loop announced, a draw
    after a line naming a player included (the last take, where only
    one stick is left, is no pick: the loop makes it)."""
    adapter = proposed("loop_plays_again.pl", tmp_path, capsys)
    results = set()
    for seed in range(12):                  # until two results are seen
        if len(results) >= 2:
            break
        log = tmp_path / f"game{seed}.jsonl"
        _, winner = played(adapter, log, capsys, second="random")
        takes = [int(str(r["move"])) for r in map(json.loads, log.read_text().splitlines())
                 if r["type"] == "move"]
        left, mover = 9, "player1"
        for take in takes:
            assert left > 0 and not (left == 1 and mover == "player2"), takes
            left -= take
            mover = "player2" if mover == "player1" else "player1"
        if left == 1:                   # a take of one alone is no pick
            expected = "draw" if mover == "player2" else "player1"
        else:
            expected = "player2" if mover == "player1" else "player1"
        assert left in (0, 1) and winner == expected, (takes, winner)
        results.add(winner)
    assert len(results) >= 2, results


def test_a_loop_that_reports_each_move_once_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The name written before each pick is the player who moved last
    ('| Computer 1 took 2!'): the players' names are the other way round,
    and the winner is the player the loop says won, not the one it says
    lost."""
    adapter = proposed("loop_reported_moves.pl", tmp_path, capsys)
    names = re.search(r"^arena_loop_names\('([^']*)', '([^']*)'\)\.$", adapter.read_text(),
                      re.MULTILINE)
    assert names and "1" in names.group(1) and "2" in names.group(2), adapter.read_text()
    results = set()
    for seed in range(12):                  # until both have won
        if len(results) == 2:
            break
        log = tmp_path / f"game{seed}.jsonl"
        out, winner = played(adapter, log, capsys, second="random")
        takes = [int(str(r["move"])) for r in map(json.loads, log.read_text().splitlines())
                 if r["type"] == "move"]
        left = 9 - sum(takes)
        last = len(takes) % 2 if left == 0 else (len(takes) + 1) % 2   # 1: player1
        assert left in (0, 1) and winner == ("player1" if last == 1 else "player2"), takes
        assert f"| Computer {winner[-1]} won!" in out, out
        results.add(winner)
    assert len(results) == 2, results


def test_a_winner_named_by_a_colour_no_text_ties_to_a_player_is_not_guessed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop names both sides but never whose turn it is, and names
    its winner as 'White' or 'Black': the arena cannot tell which player
    that is, so it proposes no adapter (crediting the last to move would
    be a guess) and says why."""
    text = (COURSE / "loop_numbered_end.pl").read_text()
    won, sticks = 'format("~w won!~n", [P]).', 'format("~w sticks left~n", [N]),'
    assert won in text and sticks in text
    text = text.replace(won, 'nth1(P, [\'White\', \'Black\'], C), '
                             'format("Congratulations ~w, you won!~n", [C]).').replace(
        sticks, 'format("~w sticks on the table for White and Black~n", [N]),')
    out = not_proposed("loop_colour_end.pl", text, tmp_path, capsys)
    says(out, "only guess who won")
    assert re.search(r"names its winner as (white|black)", out), out


def test_a_computer_refused_for_ever_is_stuck_not_long(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop's computer can never choose the last free cell and is
    told so each time: the same refusal 256 times in a row is a stuck
    loop, said as such, not a game that did not end within 1500 picks."""
    text = (COURSE / "loop_refused_for_ever.pl").read_text()
    out = not_proposed("loop_refused_for_ever.pl", text, tmp_path, capsys)
    says(out, "stuck", "3 of 3 games", "computer player", "none of its choices")
    assert "1500 picks" not in out, out


def test_a_winner_named_by_a_word_tied_to_no_player_is_not_guessed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Whoever took more sticks wins, not whoever took the last, and the
    loop names the winner only as 'blue' or 'pink': crediting the last to
    pick would be a guess, so no adapter is proposed, and the reason
    names the word."""
    text = (COURSE / "loop_score_end.pl").read_text()
    out = not_proposed("loop_score_end.pl", text, tmp_path, capsys)
    assert re.search(r"names its winner as (blue|pink), which no words it writes before its "
                     r"picks tie to either player", out), out


def test_a_loop_that_makes_no_move_is_said_unfinished(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every mode of the menu shows the board and returns: the one line
    says no move was asked for or made, not only that the loop returned."""
    text = (COURSE / "loop_unfinished.pl").read_text()
    out = not_proposed("loop_unfinished.pl", text, tmp_path, capsys)
    assert "made 0 picks" in out, out
    says(out, "loop returned", "no move", "unfinished")
    says(out, "no adapter proposed", "unfinished", "makes no move")


def test_an_error_of_the_games_own_loop_is_said_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The menu's mode with computers calls a predicate never written:
    the one line starts with that error, the predicate named as the game
    names it (not as the arena wraps it)."""
    text = (COURSE / "loop_broken_mode.pl").read_text()
    out = not_proposed("loop_broken_mode.pl", text, tmp_path, capsys)
    assert re.search(r"no adapter proposed: the game's own code fails in its loop: "
                     r"[^;]*Unknown procedure: start_computers/1", out), out
    assert "$wrap$" not in out, out


def test_a_computer_that_scores_moves_at_random_is_said_unfollowable(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The computer plays the move with the best random score: the game
    ends with a winner and no pick the arena could make, and the reason
    says so rather than calling the game unfinished."""
    text = (COURSE / "loop_scored_picks.pl").read_text()
    out = not_proposed("loop_scored_picks.pl", text, tmp_path, capsys)
    assert "after it said the game ended, with no pick the arena could make (its computer " \
           "players pick otherwise" in out, out
    assert "unfinished" not in out, out


def test_the_1920_contract_keeps_the_player_beside_the_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """initial/1 (the 2019/20 and 2020/21 name), the player passed beside
    the board and move(+Move, +Board, -NewBoard): the adapter is over the
    game's rules, not its loop, its first state from initial/1."""
    adapter = proposed("contract_1920.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_initial_state(_, s(A, cross)) :-\n    initial(A)." in text, text
    assert "move(C, A, D)" in text and "loop(" not in text, text
    _, winner = played(adapter, tmp_path / "game.jsonl", capsys, players=("cross", "nought"))
    assert winner in ("cross", "nought", "draw")


def test_a_move_that_takes_the_player_last_is_tried(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """move(+Board, +Move, -NewBoard, +Player), the player kept beside the
    board by the loop: the adapter over the rules keeps it in s(Board,
    Player) and passes it last."""
    text = (COURSE / "contract_1920.pl").read_text()
    call, head = "move(Move, Board, Board1),", "move(Player-Cell, Board, NewBoard) :-"
    assert call in text and head in text
    text = text.replace(call, "move(Board, Move, Board1, Player),").replace(
        head, "move(Board, Player-Cell, NewBoard, Player) :-")
    adapter = proposed("player_last.pl", tmp_path, capsys, text=text)
    written = adapter.read_text()
    assert "loop(" not in written and re.search(r"move\(\w, \w, \w, \w\)", written), written
    played(adapter, tmp_path / "game.jsonl", capsys, players=("cross", "nought"))


@pytest.mark.slow
def test_a_game_whose_people_move_is_not_said_unfinished(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its mode with computers returns at once, but people move (for
    ever): the one line says the typed game did not end, not that the
    game looks unfinished."""
    text = (COURSE / "loop_people_never_end.pl").read_text()
    out = not_proposed("loop_people_never_end.pl", text, tmp_path, capsys)
    says(out, "typing a person's moves", "1500 picks")
    assert "looks unfinished" not in out, out


def test_a_game_over_that_names_no_winner_is_said_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop says GAME OVER, names no winner, then waits for 0 (back
    to its menu), which the arena never types: the reason says the game
    ended with no winner named, not only that every answer was refused."""
    text = (COURSE / "loop_over_unnamed.pl").read_text()
    out = not_proposed("loop_over_unnamed.pl", text, tmp_path, capsys)
    assert "said the game was over with no winner or draw named" in out, out
    assert "the arena cannot tell who won" in out, out


def test_a_listed_move_that_holds_a_board_is_no_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/3 lists [Cell, NewBoard] and move/3 takes [Cell, Mark]:
    a listed move unifies with move/3 (a board put in a cell), so no
    adapter over the rules is kept; the game's own loop plays it."""
    adapter = proposed("moves_with_boards.pl", tmp_path, capsys)
    assert "loop(" in adapter.read_text()
    _, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert winner in ("player1", "player2", "draw")


def test_moves_listed_alone_on_a_line_are_what_the_arena_types(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop writes the cells to choose as a list alone on a line,
    under words that say so, and its question shows one example
    ("(eg. 2-2)"): the listed pairs are typed, not the example's
    numbers, and every game ends as the loop says."""
    adapter = proposed("loop_listed_pairs.pl", tmp_path, capsys)
    assert "arena_loop(play, prompted(typed))." in adapter.read_text()
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        said = re.findall(r"^Player ([xo]) wins!$|^It is a draw!$", out, re.M)
        assert said, out


def test_a_list_of_moves_the_game_leaves_unbound_ends_no_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """From some point the loop writes its list of moves unbound
    ("_123", a new name each time) and asks again with no word: the
    same question asked over and over, every answer refused, not a long
    game; the one line says so."""
    out = not_proposed("loop_list_unbound.pl",
                       (COURSE / "loop_list_unbound.pl").read_text(), tmp_path, capsys)
    says(out, "asked its questions in play over and over", "every answer refused",
         "3 of 3 games")


@pytest.mark.slow
def test_a_turn_of_two_questions_named_again_after_each_refusal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A move takes two questions in the form the question names
    ("Column-Row", typed as the board labels it: A-1), whose turn it is
    is written again before each question and after each refusal, and
    once asked to play again the loop writes a tally that names the
    other side: the turns are named by the sides, not by words of the
    questions ("you", "your"), and the winner is the one the game's end
    names."""
    adapter = proposed("loop_turn_parts.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop_names(white, black)." in text, text
    assert "arena_loop_turns(named)." in text, text
    for seed in range(1):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys, second="random")
        side = re.findall(r"^\[(WHITE|BLACK)\] The player with", out, re.M)
        assert side, out
        assert winner == {"WHITE": "player1", "BLACK": "player2"}[side[-1]], out
        assert re.search(r"^[A-D]-[1-4]$", out, re.M), out


def test_a_forced_move_the_loop_lists_is_still_a_players_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every text between picks names both players (a legend of their
    pieces), so the players are told apart by turns alone; when one
    take is left, the loop lists it alone ("[1]"): it is still the
    player's move, so the turns stay in step and the winner is the one
    the loop congratulates."""
    adapter = proposed("loop_forced_moves.pl", tmp_path, capsys)
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        said = re.findall(r"^Congratulations Player ([12])!$", out, re.M)
        assert said, out
        assert winner == f"player{said[-1]}", out


def test_a_question_that_refuses_every_answer_in_some_games_is_the_games_fault() -> None:
    """The proposal keeps a loop adapter where at most two of its three
    games end stuck at a question that takes none of the answers the
    others were ended with; when check-game's games meet it too, the
    fault is the game's own (in play, a no-contest that names it), not
    the adapter's, as for a computer player stuck on its choices."""
    adapter = "% adapter\narena_loop(play, prompted(typed)).\n"
    refused = ("arena_game_over/2", "the game's loop refused every answer the arena could "
               "type at its question")
    stuck = ("arena_game_over/2", "the game's loop made 256 picks in a row without writing "
             "or reading anything new (nothing, or the same refusal): its computer player "
             "accepts none of its choices")
    assert game_at_fault([refused], adapter, ())
    assert game_at_fault([stuck, refused], adapter, ())
    assert not game_at_fault([refused], "% rules adapter\n", ())


def test_a_winner_drawn_in_art_is_read_from_the_call_that_draws_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game says who won only in a banner of #, written by
    display_winner/1 given the winner's number: the adapter passes, and
    the winner is the one whose banner the game drew."""
    adapter = proposed("loop_art_winner.pl", tmp_path, capsys)
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    one, two = " ##  \n  #  \n ### ", "   # \n  #  \n ####"
    assert (one in out) != (two in out), out
    assert winner == ("player1" if one in out else "player2"), out


def test_a_winner_drawn_in_art_by_a_call_that_says_the_game_is_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same banner, drawn by show_game_over/1 given the winner's
    number: a name that says the game is over, not a win, given one
    argument, names the winner as well."""
    text = (COURSE / "loop_art_winner.pl").read_text().replace("display_winner",
                                                               "show_game_over")
    adapter = proposed("loop_art_over.pl", tmp_path, capsys, text=text)
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    one, two = " ##  \n  #  \n ### ", "   # \n  #  \n ####"
    assert (one in out) != (two in out), out
    assert winner == ("player1" if one in out else "player2"), out



def test_a_level_its_loop_writes_for_one_side_is_chosen_by_the_arena(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop's mode of computers alone writes white's level, 2, which
    picks at random for no move: every pick would be black's. Each move
    of the game's choose_move/4 is then a pick among those valid_moves/3
    lists, so both players play, and the winner is the side the game
    names."""
    adapter = proposed("loop_fixed_level.pl", tmp_path, capsys)
    assert "\narena_loop_chosen.\n" in adapter.read_text()
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert set(movers(tmp_path / "game.jsonl")) == {"player1", "player2"}
    assert ("Black wins!" in out) != ("White wins!" in out), out
    assert winner == ("player1" if "Black wins!" in out else "player2"), out


def test_a_computer_that_never_picks_at_random_is_chosen_by_the_arena(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Both computers take the best move they find, with no random pick,
    so the loop alone gives the arena nothing to choose. The moves its
    own choose_move/4 clause lists (valid_moves/3 on the player and the
    heap, each From-To) become picks in choose_move's form,
    take(From, To): both players play, and the winner is the one the
    game names."""
    adapter = proposed("loop_best_only.pl", tmp_path, capsys)
    assert "\narena_loop_chosen.\n" in adapter.read_text()
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert set(movers(tmp_path / "game.jsonl")) == {"player1", "player2"}
    won = re.findall(r"CONGRATS Player '([AB])'", out)
    assert len(won) == 1, out
    assert winner == ("player1" if won == ["A"] else "player2"), out


def test_a_move_that_keeps_the_player_is_followed_by_the_loops_hand_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The state names the player to move, but move/3 leaves it as it
    was: the loop hands the turn over with opposite/2. The adapter's
    moves hand it over too, so the players are the game's own colours,
    they take turns, and the winner is the colour game_over/2 names."""
    adapter = proposed("switched_turns.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "players([red,blue])." in text
    says(text, "opposite/2", "after each move")
    assert "    opposite(" in text
    log = tmp_path / "game.jsonl"
    out, winner = played(adapter, log, capsys, players=("red", "blue"))
    turns = movers(log)
    assert turns[0] == "red" and all(a != b for a, b in zip(turns, turns[1:])), turns
    state = load_game(str(adapter)).initial_state().move("1")
    assert state.current_player == "blue"       # red's mark is down, blue moves
    assert state.move("2").current_player == "red"
    numbered = tmp_path / "numbered"            # players 1 and 2, handed over by arithmetic
    numbered.mkdir()
    text = adapter.with_name("switched_turns.pl").read_text()
    for old, new in (("opposite(red, blue).", "opposite(P, Q) :- Q is 3 - P."),
                     ("opposite(blue, red).\n", ""), ("e], red])", "e], 1])")):
        assert old in text
        text = text.replace(old, new)
    adapter = proposed("switched_numbers.pl", numbered, capsys, text=text)
    assert "arena_player(1, player1)." in adapter.read_text()
    state = load_game(str(adapter)).initial_state().move("1")
    assert state.current_player == "player2" and state.move("2").current_player == "player1"


@pytest.mark.slow
def test_a_rule_that_stops_answering_is_named_with_the_helper_that_loops(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """game_over/2 recurses for ever once fewer than four stones are left.
    The proposal stops at the third time the rule runs past its limit,
    rather than spending its whole time on it, and names the rule and the
    helper it was in."""
    out = not_proposed("stops_answering.pl",
                       (COURSE / "stops_answering.pl").read_text(), tmp_path, capsys)
    says(out, "game_over/2", "5 s limit three times", "it was in left_over/3")
    assert "--time" not in out, out


def test_a_draw_drawn_in_letters_by_draw_0_is_a_draw_and_draw_1_is_a_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its loop draws its board with draw/1 after every move and ends
    each game by drawing "Draw" in letters from draw/0: each game is a
    draw."""
    adapter = proposed("loop_draw_letters.pl", tmp_path, capsys)
    for n in range(2):
        out, winner = played(adapter, tmp_path / f"game{n}.jsonl", capsys)
        assert winner == "draw", out


def test_a_side_named_only_at_the_end_is_the_one_that_moved_last_in_every_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing its loop writes before a pick says whose turn it is; its
    end names the winner by a side ("Black wins!"), and Black always
    moves first: in every game tried the side named made the last pick,
    so the first player is Black, and the winner is the side named."""
    adapter = proposed("loop_side_last.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop_names(black, white)." in text, text
    assert "the first player plays black" in text, text
    for n in range(2):
        out, winner = played(adapter, tmp_path / f"game{n}.jsonl", capsys, second="random")
        said = re.findall(r"^(Black|White) wins!$", out, re.M)
        assert said, out
        assert winner == {"Black": "player1", "White": "player2"}[said[-1]], out


def test_a_side_named_only_by_the_call_that_draws_its_win_is_told_by_the_last_pick(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same race, but no side is named before the end, and the end is
    a banner of stars drawn by victory(Side), with no word: the side is
    read from the call, and still the one that moved last."""
    text = (COURSE / "loop_side_last.pl").read_text()
    for old, new in [("    write('Black against White.'), nl,\n", ""),
                     ("    ->  side_name(Side, Name),\n        format(\"~w wins!~n\", [Name])\n",
                      "    ->  victory(Side)\n")]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    text += "\nvictory(_) :-\n    write('*****'), nl.\n"
    game = tmp_path / "loop_side_banner.pl"
    game.write_text(text)
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    adapter = tmp_path / "loop_side_banner-arena.pl"
    says(out, f"adapter proposed in {adapter}")
    assert "arena_loop_names(black, white)." in adapter.read_text()
    for n in range(2):
        log = tmp_path / f"game{n}.jsonl"
        out, winner = played(adapter, log, capsys, second="random")
        assert winner == movers(log)[-1], out      # the side that moved last won


def test_a_line_read_by_read_line_is_compared_as_sicstus_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its menu reads a line with SICStus' read_line/1 (codes) and
    compares it with "2" written in a clause: the file is read as SICStus
    reads it ("2" as codes), its menu takes 2, and a game is played to
    the end its loop names."""
    adapter = proposed("loop_read_line_codes.pl", tmp_path, capsys)
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys, second="random")
    said = re.findall(r"^Player ([12]) wins!$", out, re.M)
    assert said, out
    assert winner == f"player{said[-1]}", out


def test_a_side_that_starts_at_random_is_not_told_by_the_last_pick(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same race, but the side that adds first is drawn at random: the
    side that moved last is the first player in some games and the second
    in others, so no adapter is proposed, and the reason says the winner
    would only be guessed."""
    text = (COURSE / "loop_side_last.pl").read_text()
    fixed = "    add(0, black).\n"
    assert text.count(fixed) == 1
    text = text.replace(fixed, "    random_member(First, [black, white]),\n    add(0, First).\n")
    out = not_proposed("loop_side_drawn.pl", text, tmp_path, capsys)
    says(out, "names its winner as", "the arena would only guess who won")


def test_a_loop_that_throws_after_it_named_the_winner_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its loop says who won, then calls a screen it never defines: the
    game ended where it said so, and the winner is the one it named."""
    adapter = proposed("loop_throws_after_end.pl", tmp_path, capsys)
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    said = re.findall(r"Player (\d) wins!", out)
    assert said, out
    assert winner == f"player{said[-1]}", out


def test_a_tie_drawn_in_letters_is_read_from_the_call_that_draws_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its loop ends each game by drawing "Tie" in letters of | and _
    from display_tie/1, saying only that no sticks are left: each game
    is a draw."""
    adapter = proposed("loop_tie_screen.pl", tmp_path, capsys)
    for n in range(2):
        out, winner = played(adapter, tmp_path / f"game{n}.jsonl", capsys)
        assert winner == "draw", out
