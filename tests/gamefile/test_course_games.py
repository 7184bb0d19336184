"""Course submissions as students write them (issue 23): small game files
of our own in tests/gamefiles/course/, each reproducing one pattern of
real PFL submissions, checked by check-game and played by ai:1 vs ai:3;
the adapter check-game proposes, written beside the game and checked."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.paths import TESTS
from tests.support.says import says

COURSE = TESTS / "gamefiles" / "course"


def copy_game(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(COURSE / name, target)
    return target


def conforms(game: Path, capsys: pytest.CaptureFixture[str], games: int = 5) -> None:
    """check-game on ``game`` finds nothing wrong."""
    code, out, err = run(["check-game", str(game), "--games", str(games)], capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out


def plays(game: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``game`` played by ai:1 against ai:3."""
    return run(["play", str(game), "--first", "ai:1", "--second", "ai:3",
                "--delay", "0", "--no-color"], capsys)


def test_proposed_adapter_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = copy_game(tmp_path, "take_stones.pl")
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, err
    assert "players/1: required" in out
    adapter = tmp_path / "take_stones-arena.pl"
    says(out, "adapter proposed", adapter)
    text = adapter.read_text()
    assert "GUESS" in text
    assert 'title("Take stones").' in text  # after the game, not "take_stones-arena"
    assert "arena_player(1, player1)." in text
    assert "arena_valid_moves(A-B, C) :-" in text
    # display_game/1 needs the facts its menu asserts: those of its code
    assert ("% GUESS: display_game needs facts the game's menu asserts; these\n"
            "% let it display the first state: set the values the menu would\n"
            "arena_setup(assertz(player_name(1, 'Ann'))).\n"
            "arena_setup(assertz(player_name(2, 'Bob'))).\n") in text
    conforms(adapter, capsys)
    code, out, err = plays(adapter, capsys)
    assert code == 0, err
    assert "game over" in out and "wins" in out
    assert "New game: Take stones" in out
    assert "Traceback" not in out + err


def test_proposal_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = copy_game(tmp_path, "take_stones.pl")
    adapter = tmp_path / "take_stones-arena.pl"
    adapter.write_text("% mine\n")
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, err
    says(out, "exists already", "not overwritten")
    assert adapter.read_text() == "% mine\n"


def test_stuck_player_is_a_no_contest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "stuck.jsonl"
    code, out, err = run(["play", str(COURSE / "stuck_player.pl"), "--first", "ai:1",
                          "--second", "ai:3", "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert code == 0, err
    assert ("No contest: the game's rules are broken: valid_moves/2 gave no move for south "
            "although game_over/2 fails.") in out
    assert "forfeits" not in out and "Draw" not in out
    assert '"termination":"broken_rule"' in log.read_text().splitlines()[-1]
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0, out + err
    says(out, "valid", "stuck_player", "3 moves")
    code, out, err = run(["replay", str(log), "--no-color"], capsys)
    assert code == 0, err
    assert "no contest (the game's rules are broken" in out and "draw" not in out.lower()
    code, out, err = run(["check-game", str(COURSE / "stuck_player.pl"), "--games", "3"], capsys)
    assert code == 1
    assert re.search(r"valid_moves/2: gave \[\] although game_over/2 fails( \(seen \d+ times\))? "
                     r"in state s\(3,south\)", out)


def test_a_tournament_lists_a_no_contest_as_such(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    code, said, err = run(["tournament", str(COURSE / "stuck_player.pl"), "random", "ai:1",
                           "--out", str(out)], capsys)
    assert code == 0, err
    lines = [line for line in said.splitlines() if line.startswith("game ")]
    assert len(lines) == 2 and all("no contest (the game's rules are broken" in line
                                   for line in lines), said
    doc = json.loads((out / "standings.json").read_text())
    assert [g["termination"] for g in doc["games"]] == ["broken_rule", "broken_rule"]
    assert all(b["drawn"] == 2 and b["forfeits"] == 0 for b in doc["bots"])  # counted as draws
    assert "no contest" in (out / "report.md").read_text()


def test_general_ai_reachable_as_mcts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = copy_game(tmp_path, "take_stones.pl")
    run(["check-game", str(game), "--games", "1"], capsys)
    adapter = tmp_path / "take_stones-arena.pl"
    log = tmp_path / "g.jsonl"
    # the game's own level 2 plays the take-away game perfectly from 8 stones
    code, out, err = run(["play", str(adapter), "--first", "mcts:3", "--second", "ai:2",
                          "--delay", "0", "--no-color", "--replay", str(log)], capsys)
    assert code == 0, err
    assert "player1 (mcts:3) vs player2 (ai:2)" in out and "player2 (ai:2) wins" in out
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0, out + err
    code, out, err = run(["play", "tictactoe", "--first", "mcts:0"], capsys)
    assert code != 0
    says(out + err, "mcts:N", "N >= 1")


@pytest.mark.parametrize("name", ["race_2122.pl", "phases-arena.pl", "pass_in_move.pl"])
def test_course_pattern_checks_and_plays(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """2021/22 contract (initial_state/1, valid_moves/3, display_game/2,
    read_line/peek_code/put_code, format columns); a 2022/23 move/4 with a
    phase through an adapter (arena_move/3, arena_level/2, arena_setup/1);
    a pass move inside move/3."""
    conforms(COURSE / name, capsys)
    code, out, err = plays(COURSE / name, capsys)
    assert code == 0, err
    assert "game over" in out and ("wins" in out or "Draw" in out)
    assert "forfeits" not in out and "Traceback" not in out + err


def test_race_2122_display_takes_the_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["play", str(COURSE / "race_2122.pl"), "--first", "ai:1",
                          "--second", "ai:1", "--delay", "0", "--no-color"], capsys)
    assert code == 0, err
    assert "red   0\nblue  0\n\nred to move" in out     # ~t~6| columns, put_code bar


def test_phases_adapter_maps_the_levels_and_the_menu_fact() -> None:
    from pybridge.games.game import load_game_file
    game = load_game_file(str(COURSE / "phases-arena.pl"))
    state = game.initial_state()
    assert state.valid_moves() == ["1", "2", "3", "4", "5"]    # board_size(5) set up
    # the game's own level 2 (computer-2) takes the last listed move
    assert state.choose_move(2) == "5"
    after = state.move("5")
    assert after.current_player == "x" and after.valid_moves()[0] == "none"


def test_display_needing_menu_facts_falls_back(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    game = copy_game(tmp_path, "take_stones.pl")
    run(["check-game", str(game), "--games", "1"], capsys)
    adapter = tmp_path / "take_stones-arena.pl"            # without the menu's facts
    adapter.write_text("".join(line for line in adapter.read_text().splitlines(keepends=True)
                               if not line.startswith("arena_setup(")))
    code, out, err = run(["play", str(tmp_path / "take_stones-arena.pl"), "--first", "ai:1",
                          "--second", "ai:1", "--delay", "0", "--no-color"], capsys)
    assert code == 0, err
    assert "(display_game failed; the state:)\n8-1" in out


def test_halt_in_game_code_is_a_broken_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check-game", str(COURSE / "halts.pl"), "--games", "2"], capsys)
    assert code == 1, out + err
    # the user's own names: no internal module (raw:halts), the predicate once
    says(out, "value/3", "halt(0)")
    assert "raw:" not in out and "#game" not in out
    from pybridge.errors import GameRuleError
    from pybridge.games.game import load_game_file
    state = load_game_file(str(COURSE / "halts.pl")).initial_state()
    with pytest.raises(GameRuleError, match=r"value/3 called halt\(0\), which ends the rule here"):
        state.value("a")
    assert state.valid_moves() == ["1"]                    # the host goes on


def test_undefined_helper_loads_and_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check-game", str(COURSE / "undefined_helper.pl"), "--games", "2"],
                         capsys)
    assert code == 1, out + err
    assert re.search(r"value/3: threw: .*Unknown procedure: no_such_helper/2 "
                     r"\(seen \d+ times\) in state s\(2,a\)", out)
    assert "code:" not in out and "raw:" not in out
    code, out, err = plays(COURSE / "undefined_helper.pl", capsys)
    assert code == 0 and "a (ai:1) wins" in out, out + err


# each game of ours reproduces patterns of real submissions the proposal
# reads from the game's code; every such line comes under its GUESS
PROPOSED = {
    "line_levels.pl": [
        "% GUESS: display_game/2 takes the state second\narena_display_game(A) :-\n"
        "    display_game(_, A).\n",
        "% GUESS: value/3 takes this part of the state (the board?)\n"
        "arena_value(st(A, _), B, C) :-\n    value(A, B, C).\n",
        "% GUESS: the game's AI levels, weakest first, as the arena's 1, 2, ...\n"
        "arena_level(1, easy).\narena_level(2, hard).\n",
        "% GUESS: the config the game's own code passes to initial_state/2\n"
        "arena_config(_, 4).\n",
    ],
    "race_texts.pl": [
        "% GUESS: game_over/2's winner terms, by the player their text names\n"
        "arena_winner('Red wins the race!', 'Red').\n"
        "arena_winner('Blue wins the race!', 'Blue').\n"
        "arena_winner('Nobody wins: a draw', draw).\n",
        "% GUESS: move/3 takes skipped, which valid_moves never lists: a player\n",
        "        ->  B=[skipped]\n",
        "% GUESS: value/3 names the players otherwise\n"
        "arena_value_player('Red', r).\narena_value_player('Blue', b).\n",
        "% GUESS: initial_state/2's config filled in with a size and ones: set\n"
        "% what the game's menu would (type, size, difficulty, ...)\n"
        "arena_config(_, [8, 1]).\n",
    ],
    "pie_count.pl": [
        "% GUESS: the place in the state that alternated x, o, x\n"
        "current_player(t(_, A), A).\n",
    ],
    "low_value.pl": [
        "% GUESS: value/3 is lower where the player is better off (a won state\n"
        "% has the winner's lower): the arena's is higher\n"
        "arena_value(A, B, C) :-\n    value(A, B, D),\n    C is -D.\n",
    ],
    "out_of_stones.pl": [
        "% GUESS: the game's loop ends the game itself where its state is so:\n"
        "% (game_loop/1's clause ending as draw)\n"
        "arena_game_over([_, _, 0, _], draw) :-\n    !.\n",
        "arena_move(A, B, C) :-\n    \\+ arena_game_over(A, _),\n",
        "% else the game's own game_over/2\n",
    ],
    "two_part.pl": [
        "% A turn has two parts, as the game's loop plays it: a move of move/3,\n",
        "% GUESS: the place in the state that alternated red, blue, red over whole turns\n"
        "current_player(turn(_-A, _, _), A).\n",
        "% as rounds(A) gives it and changes by -1 after each whole turn\n"
        "arena_initial_state(_, turn(A, first, B)) :-\n    size(C),\n"
        "    initial_state(C, A),\n    rounds(B).\n",
        "        move(A, D, H, E),\n        F=first,\n        G is C-1\n",
        "arena_game_over(turn(A, _, B), C) :-\n    game_over(A, C, B),\n    !.\n",
        "% something else): the arena does as if it had none\narena_without(value/3).\n",
    ],
    "no_turn.pl": [
        "% GUESS: in a few random games the player to move had no move while\n",
        "arena_game_over(A, draw) :-\n    once(valid_moves(A, B)),\n    B==[].\n",
    ],
    "count_seats.pl": [
        "% GUESS: value/3 answers for the player to move only: asked for\n"
        "% the other, the state is given with that player to move\n"
        "arena_value(game(A, _), B, C) :-\n    arena_player(D, B),\n"
        "    value(game(A, D), D, C).\n",
        "% GUESS: display_game needs facts the game's menu asserts; these\n"
        "% let it display the first state: set the values the menu would\n"
        "arena_setup(assertz(seat(player1, 1))).\n"
        "arena_setup(assertz(seat(player2, 2))).\n",
    ],
}


@pytest.mark.parametrize("name", sorted(PROPOSED))
def test_proposal_reads_the_games_code(name: str, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Atom AI levels, the config play/0 passes, value/3 on the board,
    display_game/2 with the state second (line_levels); winner texts,
    value/3's own player names, a pass move, initial_state's config shape
    (race_texts); value/3 for the player to move only and the facts a
    menu asserts with the names it reads (count_seats); the player found
    past a first move that keeps the turn (pie_count); value/3 lower where
    better, negated (low_value); the game loop's own end on a pattern of
    the state (out_of_stones); a player left without a move while the
    game is not over, a draw marked for the user to replace with what the
    loop does (no_turn); a turn of two parts (move/3, then move/4 given
    the first) with game_over/3 taking the rounds the loop counts down
    from a menu fact, and a value/3 that rates a cell set aside
    (two_part): the proposed adapter conforms as it is."""
    game = copy_game(tmp_path, name)
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, out + err
    adapter = tmp_path / name.replace(".pl", "-arena.pl")
    says(out, "adapter proposed", adapter)
    text = adapter.read_text()
    for lines in PROPOSED[name]:
        assert lines in text, lines
    conforms(adapter, capsys)
    code, out, err = plays(adapter, capsys)
    assert code == 0, err
    assert "game over" in out and "No contest" not in out and "Traceback" not in out + err


def test_no_proposal_names_the_other_contract_year(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    game = copy_game(tmp_path, "phases.pl")
    code, out, err = run(["check-game", str(game), "--games", "1"], capsys)
    assert code == 1, out + err
    assert ("no adapter proposed: the game has move/4 (a move with a phase or player) but no "
            "move/3: write the adapter by hand") in out
    assert not (tmp_path / "phases-arena.pl").exists()


def test_two_part_proposal_without_valid_moves_2(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A two-part game with no valid_moves/2: the first part's moves are
    move/3's own, and the proposed adapter still conforms and plays."""
    text = (COURSE / "two_part.pl").read_text()
    bare = text.replace("valid_moves(S, Moves) :-\n    findall(I, move(S, I, _), Moves).\n", "")
    assert bare != text
    game = tmp_path / "two_part_bare.pl"
    game.write_text(bare)
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, out + err
    adapter = (tmp_path / "two_part_bare-arena.pl").read_text()
    assert "    ->  findall(E, move(A, E, _), D)\n" in adapter
    conforms(tmp_path / "two_part_bare-arena.pl", capsys, games=3)


def test_no_proposal_names_a_rule_that_asks_the_keyboard(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A move/3 that asks a question in a loop (a pie rule's) fails at the
    keyboard's end at once: the proposal says so, well within its 60 s."""
    game = copy_game(tmp_path, "pie_question.pl")
    code, out, err = run(["check-game", str(game), "--games", "1"], capsys)
    assert code == 1, out + err
    assert ("no adapter proposed: move/3 reads the keyboard while the game is played (a question "
            "the game asks in its rules, such as a pie rule's)") in out, out
    assert not (tmp_path / "pie_question-arena.pl").exists()
