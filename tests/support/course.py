"""Course game files of our own (tests/gamefiles/course/) run through
the CLI as an instructor would: check-game's proposal, a game played to
a result that verifies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import run

COURSE = Path(__file__).resolve().parent.parent / "gamefiles" / "course"

#: The AI's seconds a move in these games: they test that a game is played
#: to a result that verifies, not how well, and are many.
MOVE_TIME = "0.05"


def play_logged(name: str, log: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code, out, err = run(["play", str(COURSE / name), "--first", "random", "--second", "mcts:3",
                          "--move-time", MOVE_TIME, "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert "Traceback" not in out + err
    return code, out + err


def plays_to_a_win(game: Path, log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``game`` played by random against mcts:3 to a win, its log valid."""
    code, out, err = run(["play", str(game), "--first", "random", "--second", "mcts:3",
                          "--move-time", MOVE_TIME, "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert code == 0 and "wins" in out, out + err
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0, out + err


def last_record(log: Path) -> dict[str, object]:
    record = json.loads(log.read_text().splitlines()[-1])
    assert isinstance(record, dict)
    return record


def proposed(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
             text: str | None = None) -> Path:
    """The adapter check-game proposes (and keeps) for our course file
    ``name`` copied to ``tmp_path`` (or for ``text`` written there as
    ``name``: a variant of one of our files)."""
    game = tmp_path / name
    game.write_text((COURSE / name).read_text() if text is None else text)
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    adapter = tmp_path / f"{game.stem}-arena.pl"
    assert f"adapter proposed in {adapter} (it passes check-game)" in out, out + err
    return adapter


def not_proposed(name: str, text: str, tmp_path: Path,
                 capsys: pytest.CaptureFixture[str]) -> str:
    """check-game's output for the game ``text`` written to ``tmp_path``
    as ``name``, for which it fails and writes no adapter."""
    game = tmp_path / name
    game.write_text(text)
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, out + err
    assert not (tmp_path / f"{game.stem}-arena.pl").exists(), out
    return out


def played(adapter: Path, log: Path, capsys: pytest.CaptureFixture[str],
           second: str = "mcts:3",
           players: tuple[str, str] | None = ("player1", "player2")) -> tuple[str, str]:
    """``adapter`` played by random against ``second`` to a result that
    verifies: the shell's output and the winner recorded (one of
    ``players`` or a draw; any where None)."""
    code, out, err = run(["play", str(adapter), "--first", "random", "--second", second,
                          "--move-time", MOVE_TIME, "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert code == 0, out + err
    record = last_record(log)
    assert record["type"] == "result", out
    assert players is None or record["winner"] in (*players, "draw"), record
    code, verified, err = run(["verify", str(log)], capsys)
    assert code == 0 and "valid" in verified, verified + err
    return out, str(record["winner"])


def movers(log: Path) -> list[str]:
    """The player of each move in the log."""
    return [r["player"] for r in map(json.loads, log.read_text().splitlines())
            if r["type"] == "move"]
