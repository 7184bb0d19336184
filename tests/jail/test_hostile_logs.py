"""Clean text from logs and results folders (issue 32): a log's `started`
field, a forfeit's reason and its detail carrying OSC 0 (the window
title), OSC 52 (the clipboard), a screen clear and a bare carriage
return reach no terminal raw: `arena replay`, `arena verify`, `arena
resume`, `arena report` and the shell's `replay` and `load` show them escaped."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pybridge import signing
from shell.cli.arena import main
from tests.support.shell_driver import ENTER, drive

OSC_TITLE = "\x1b]0;pwned\x07"
OSC_CLIPBOARD = "\x1b]52;c;ZWNobyBwd25lZA==\x07"
HOSTILE = OSC_TITLE + OSC_CLIPBOARD + "\x1b[2J\rhidden"
_SGR = re.compile("\x1b\\[[0-9;]*m")


def raw_controls(text: str) -> list[str]:
    """Control characters in ``text`` but newline, tab and SGR colours."""
    return re.findall("[\x00-\x08\x0b-\x1f\x7f-\x9f]", _SGR.sub("", text))


@pytest.fixture
def hostile_log(tmp_path: Path) -> Path:
    """A tic-tac-toe log cut to one move, then o forfeits: `started`, the
    reason and the detail all carry the attack."""
    path = tmp_path / "game.jsonl"
    assert main(["play", "tictactoe", "--first", "random", "--second", "random", "--no-color",
                 "--delay", "0", "--replay", str(path)]) == 0
    header, first = (json.loads(line) for line in path.read_text().splitlines()[:2])
    header["started"] = HOSTILE
    result = {"type": "result", "winner": "x", "reason": f"o forfeits: crashed ({HOSTILE})",
              "forfeit": "crashed", "detail": HOSTILE}
    path.write_text("".join(json.dumps(r) + "\n" for r in (header, first, result)))
    return path


def test_arena_replay_and_verify_show_a_hostile_log_escaped(
        hostile_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["replay", str(hostile_log), "--no-color"]) == 0
    assert main(["verify", str(hostile_log)]) == 0
    out, err = capsys.readouterr()
    assert raw_controls(out + err) == [], repr(out + err)
    assert "\\x1b]0;pwned" in out and "\\x1b]52;c;" in out     # shown, not obeyed


def test_arena_resume_of_a_finished_hostile_log_says_so_escaped(
        hostile_log: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "nothing to resume" quoted the forfeit's reason raw
    capsys.readouterr()
    assert main(["resume", str(hostile_log)]) != 0
    out, err = capsys.readouterr()
    assert "nothing to resume" in err
    assert raw_controls(out + err) == [], repr(out + err)


def test_the_shell_replay_and_load_show_a_hostile_log_escaped(hostile_log: Path) -> None:
    viewed = drive([f"replay {hostile_log}{ENTER}", "q" + ENTER])
    loaded = drive([f"load {hostile_log}{ENTER}"])
    for transcript in (viewed, loaded):
        assert raw_controls(transcript.text) == [], repr(transcript.text)
    assert "\\x1b]0;pwned" in viewed.text + loaded.text


def test_arena_report_shows_a_hostile_folder_escaped(played: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    shutil.copytree(played, out)
    doc = json.loads((out / "standings.json").read_text())
    doc["games"][0]["reason"] = HOSTILE
    doc["settings"]["zero"] = [HOSTILE]
    (out / "standings.json").write_text(json.dumps(doc))
    log = out / "replays" / "0001-random-vs-ai_1.jsonl"
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["started"] = HOSTILE
    log.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    capsys.readouterr()
    assert main(["report", str(out), "--accept-altered"]) == 0
    assert main(["verify", str(out)]) == 1          # altered: named, escaped
    printed = "".join(capsys.readouterr())
    assert raw_controls(printed) == [], repr(printed)
    for page in [out / "report.md", out / "index.html", *sorted((out / "games").iterdir())]:
        assert raw_controls(page.read_text()) == [], page
    assert signing.check(out).altered
