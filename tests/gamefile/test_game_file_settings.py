"""A game file's --config and --dialect on play, check-bot and tournament:
used for every game, recorded in the replay logs and the standings,
shown by the report, and held to on --resume."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pybridge.championship import checkpoint
from tests.support.cli import run
from tests.support.paths import TESTS
from tests.support.says import says

FILES = TESTS / "gamefiles"
HEAP = FILES / "config_heap.pl"
FIRST_BOT = "choose_move(State, _Level, Move) :-\n    valid_moves(State, [Move|_]).\n"


def unescaped(markdown: Path) -> str:
    return re.sub(r"\\(.)", r"\1", markdown.read_text())


def test_play_records_config_and_dialect_in_the_log(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "heap.jsonl"
    code, out, err = run(["play", str(HEAP), "--config", "heap(2)", "--dialect", "swi",
                          "--first", "ai:1", "--second", "ai:1", "--replay", str(log),
                          "--no-color"], capsys)
    assert code == 0, err
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["game_file"]["config"] == "heap(2)"
    assert header["game_file"]["dialect"] == "swi"
    assert 2 <= len(lines) <= 4                      # a heap of 2: one or two moves
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0 and "valid: config_heap" in out, err


def test_check_bot_plays_the_configured_game(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bot = tmp_path / "first_move.pl"
    bot.write_text(FIRST_BOT)
    code, out, err = run(["check-bot", str(HEAP), str(bot), "--config", "heap(1)",
                          "--games", "2"], capsys)
    assert code == 0, out + err
    assert "1. bot as a: bot wins; 1 move," in out    # a heap of 1, not of 21


def test_tournament_records_config_and_dialect_and_resume_keeps_to_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "results"
    base = ["tournament", str(HEAP), "random", "ai:1", "--games-per-pair", "2",
            "--out", str(out_dir)]
    code, out, err = run(base + ["--config", "heap(3)", "--dialect", "swi"], capsys)
    assert code == 0, out + err
    assert "--config heap(3), --dialect swi" in out
    doc = json.loads((out_dir / "standings.json").read_text())
    assert doc["settings"]["config"] == "heap(3)" and doc["settings"]["dialect"] == "swi"
    assert doc["games_played"] == 2
    assert all(g["plies"] <= 3 for g in doc["games"])       # a heap of 3, not of 21
    for game in doc["games"]:
        header = json.loads((out_dir / game["replay"]).read_text().splitlines()[0])
        assert header["game_file"]["config"] == "heap(3)"
        assert header["game_file"]["dialect"] == "swi"
    assert "--config heap(3), --dialect swi" in unescaped(out_dir / "report.md")

    code, out, err = run(base + ["--resume", "--config", "heap(4)", "--dialect", "swi"], capsys)
    assert code == 2
    says(err, "--config", "'heap(3)'", "'heap(4)'")
    code, out, err = run(base + ["--resume", "--config", "heap(3)"], capsys)
    assert code == 2
    says(err, "--dialect", "'swi'", "'auto'")
    code, out, err = run(base + ["--resume", "--config", "heap(3)", "--dialect", "swi"], capsys)
    assert code == 0, out + err
    says(out, "resumed", "2 finished games")

    code, out, err = run(["report", str(out_dir)], capsys)
    assert code == 0, err
    assert "--config heap(3), --dialect swi" in unescaped(out_dir / "report.md")
    assert "--config heap(3), --dialect swi" in (out_dir / "index.html").read_text()


def test_a_built_in_game_refuses_a_config(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["tournament", "tictactoe", "random", "ai:1", "--config", "x",
                          "--out", str(tmp_path / "results")], capsys)
    assert code == 2
    says(err, "game files", "tictactoe", "built-in")


def test_a_plan_recorded_before_config_and_dialect_resumes() -> None:
    settings = {k: None for k in checkpoint.BINDING if k not in ("config", "dialect")}
    old = {"game": "g", "options": {}, "settings": settings, "entrants": []}
    now = checkpoint.plan_document("g", {}, {**settings, "config": None, "dialect": "auto"}, [])
    assert checkpoint.differences(old, now) == []
    changed = checkpoint.plan_document("g", {}, {**settings, "config": "c", "dialect": "auto"}, [])
    assert checkpoint.differences(old, changed) == ["config (--config): recorded None, now 'c'"]
