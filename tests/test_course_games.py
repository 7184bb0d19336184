"""Course submissions as students write them (issue 23): small game files
of our own in tests/gamefiles/course/, each reproducing one pattern of
real PFL submissions, checked by check-game and played by ai:1 vs ai:3;
the adapter check-game proposes, written beside the game and checked."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from shell.cli import main

COURSE = Path(__file__).resolve().parent / "gamefiles" / "course"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def copy_game(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(COURSE / name, target)
    return target


def test_proposed_adapter_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = copy_game(tmp_path, "take_stones.pl")
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, err
    assert "players/1: required" in out
    adapter = tmp_path / "take_stones-arena.pl"
    assert f"adapter proposed in {adapter}" in out
    text = adapter.read_text()
    assert "GUESS" in text
    assert "arena_player(1, player1)." in text
    assert "arena_valid_moves(A-B, C) :-" in text
    code, out, err = run(["check-game", str(adapter), "--games", "5"], capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out
    code, out, err = run(["play", str(adapter), "--first", "ai:1", "--second", "ai:3",
                          "--delay", "0", "--no-color"], capsys)
    assert code == 0, err
    assert "game over" in out and "wins" in out
    assert "Traceback" not in out + err


def test_proposal_never_overwrites(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = copy_game(tmp_path, "take_stones.pl")
    adapter = tmp_path / "take_stones-arena.pl"
    adapter.write_text("% mine\n")
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, err
    assert "exists already: not overwritten" in out
    assert adapter.read_text() == "% mine\n"


def test_stuck_player_is_a_no_contest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "stuck.jsonl"
    code, out, err = run(["play", str(COURSE / "stuck_player.pl"), "--first", "ai:1",
                          "--second", "ai:3", "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert code == 0, err
    assert ("no contest: the game's rules are broken: valid_moves/2 gave no move for south "
            "although game_over/2 fails") in out
    assert "forfeits" not in out
    assert '"termination":"broken_rule"' in log.read_text().splitlines()[-1]
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0 and "valid: stuck_player, 3 moves" in out, out + err
    code, out, err = run(["check-game", str(COURSE / "stuck_player.pl"), "--games", "3"], capsys)
    assert code == 1
    assert re.search(r"valid_moves/2: gave \[\] although game_over/2 fails( \(seen \d+ times\))? "
                     r"in state s\(3,south\)", out)


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
    assert code != 0 and "the general AI is mcts:N with a level N >= 1" in out + err
