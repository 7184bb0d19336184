"""What a move decided, said at the move: the games' optional
move_outcome/4, through the rules, the game host, logs and the shell."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pybridge
from pybridge.games.game import load_game_file
from pybridge.replay import read_replay, rebuild
from shell.repl.loop import Shell, ShellOptions
from tests.support.paths import TESTS

GAMEFILES = TESTS / "gamefiles"


def quiet_shell(**options) -> Shell:
    return Shell(out=io.StringIO(), color=False, prompt_session=None, interactive=False,
                 options=ShellOptions(**options))


def test_alliances_names_the_colour_a_move_wins_and_how() -> None:
    # p1 builds orange top to bottom down column 3 of rows a..m, p2 plays
    # purple far away: the 13th orange disc connects orange for p1
    game = pybridge.load_game("alliances")
    state = game.initial_state()
    cells = ["a3", "b4", "c4", "d5", "e5", "f6", "g6", "h6", "i5", "j5", "k4", "l4", "m3"]
    far = iter(["Pd10", "Pe11", "Pf12", "Ph1", "Pi1", "Pj1", "Pk1", "Pl1", "Pb8", "Pc9",
                "Pe10", "Pf11"])
    notes = []
    for cell in cells:
        if state.is_over():
            break
        move = f"O{cell}"
        notes.append(state.move_note(move))
        state = state.move(move)
        if not state.is_over():
            state = state.move(next(far))
    decided = [n for n in notes if n]
    assert decided, notes
    assert any("wins orange (connection)" in n for n in decided), decided
    assert notes[0] == ""  # the first disc decides nothing


def test_trike_says_the_pie_rule_was_taken_and_who_owns_what() -> None:
    state = pybridge.load_game("trike", size=3).initial_state().move("b1")
    note = state.move_note("swap")
    assert "pie rule" in note and "second now owns black" in note
    assert state.move_note("a1") == ""
    after = state.move("swap").display(color=False)
    assert "second plays ● black, first plays ○ white (swapped)" in after


def test_sliding_says_when_sliding_begins() -> None:
    state = pybridge.load_game("sliding").initial_state()
    for move in ["1", "2", "3", "5", "4"]:
        assert state.move_note(move) == ""
        state = state.move(move)
    assert "from now on a move slides" in state.move_note("6")


def test_a_game_file_may_say_what_a_move_decided() -> None:
    game = load_game_file(str(GAMEFILES / "heap_notes.pl"))
    state = game.initial_state()
    assert state.move_note("3") == "a leaves 4: a winning heap for a"
    assert state.move_note("2") == ""


def test_the_note_is_shown_under_the_move_and_logged(tmp_path: Path) -> None:
    shell = quiet_shell(log_dir=tmp_path)
    shell.execute(f"new {GAMEFILES / 'heap_notes.pl'} --first human --second human")
    shell.execute("3")
    text = shell.out.getvalue()
    assert "1. a plays 3\n   a leaves 4: a winning heap for a\n" in text
    shell.execute("2")
    shell.close()
    [log] = list(tmp_path.glob("*.jsonl"))
    moves = [json.loads(line) for line in log.read_text().splitlines()
             if json.loads(line)["type"] == "move"]
    assert moves[0]["note"] == "a leaves 4: a winning heap for a"
    assert "note" not in moves[1]  # nothing decided: no field


def test_a_log_without_notes_reads_and_the_rules_give_them(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    header = {"type": "header", "format": "prolog-arena-replay", "version": 1,
              "game": "trike", "options": {"size": 3},
              "players": {"first": "human", "second": "human"},
              "started": "2026-12-01T10:00:00Z"}
    moves = [{"type": "move", "ply": 1, "player": "first", "move": "b1", "ms": 0},
             {"type": "move", "ply": 2, "player": "second", "move": "swap", "ms": 0}]
    log.write_text("".join(json.dumps(r) + "\n" for r in [header, *moves]))
    rebuilt = rebuild(read_replay(log))
    assert [p.note for p in rebuilt.positions][:2] == ["", ""]
    assert "pie rule" in rebuilt.positions[2].note


def test_a_game_page_shows_the_move_s_logged_note(tmp_path: Path) -> None:
    from pybridge.report.gamepage import GamePage, game_html

    log = tmp_path / "swap.jsonl"
    header = {"type": "header", "format": "prolog-arena-replay", "version": 1,
              "game": "trike", "options": {"size": 3},
              "players": {"first": "human", "second": "human"},
              "started": "2026-12-01T10:00:00Z"}
    moves = [{"type": "move", "ply": 1, "player": "first", "move": "b1", "ms": 0},
             {"type": "move", "ply": 2, "player": "second", "move": "swap", "ms": 0,
              "note": "the log's own words"}]
    log.write_text("".join(json.dumps(r) + "\n" for r in [header, *moves]))
    rebuilt = rebuild(read_replay(log))
    assert rebuilt.positions[2].note == "the log's own words"  # the log's, not the rules'
    text = game_html(rebuilt, GamePage("g", {}))
    assert text.count("class=note>") == 1 and "the log&#x27;s own words" in text
