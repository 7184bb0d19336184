"""What the arena prints reads as a person would write it: the messages
of short games of every built-in game through the shell, a tournament,
its report and a game file's check, scanned for the slips that a
template makes (issue 38)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pybridge
from shell.cli.arena import main
from tests.support.paths import TESTS
from tests.support.shell_driver import quiet_shell

GAMEFILES = TESTS / "gamefiles"
BOTS = TESTS / "bot_files"

#: What a template writes and a person does not.
SLIPS = {
    "a plural after 1": re.compile(rf"(?<![\d.,])1 (random )?(plies|moves|pairs|games|problems|jobs|"
                                   r"days|entrants|lines|visits|files|submissions)\b"),
    "a singular after another count": re.compile(
        r"(?<![\d.,:/])(0|[2-9]|\d{2,}) (random )?(ply|pair|problem|job|entrant|submission|"
        r"visit)\b"),
    "a count with (s)": re.compile(r"\d+ [a-z]+\(s\)"),
    "a reason that repeats the result": re.compile(r"Draw: draw|wins: win\b|wins \(win\)|"
                                                   r"draw \(draw\)"),
    "a Markdown escape before ordinary punctuation": re.compile(r"\\[.\-()!#+{}]"),
    "an escaped underscore inside a word": re.compile(r"(?<=[^\W_])\\_(?=[^\W_])"),
}


def slips(text: str) -> list[str]:
    return [f"{what}: {m.group()!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}"
            for what, pattern in SLIPS.items() for m in pattern.finditer(text)]


def test_the_scan_finds_each_slip() -> None:
    bad = ("after 1 random plies; 1 pairs; 3 job(s); 2 pair; Draw: draw.; "
           "p1 (human) wins: win.; 1\\.0 s; no\\_move")
    found = {f.split(":")[0] for f in slips(bad)}
    assert found == set(SLIPS), found
    assert slips("after 1 random ply; 2 pairs; 1 job; Draw.; 1.0 s; game 2/2; move 3") == []


@pytest.mark.parametrize("game_id", pybridge.games())
def test_a_short_game_of_each_game_says_nothing_a_person_would_not(game_id: str) -> None:
    shell = quiet_shell()
    for line in ("help", "help players", "games", f"new {game_id} --first human --second ai:1",
                 "moves", "hint 1", "rules"):
        shell.execute(line)
    state = shell.session.match.state
    shell.execute(state.valid_moves()[0])
    shell.advance()
    for line in ("history", "undo", "redo", "players ai:1 ai:1"):
        shell.execute(line)
    shell.advance()
    text = shell.out.getvalue()
    assert shell.session.last_result is not None, text[-2000:]
    assert slips(text) == []


def test_a_tournament_its_report_and_a_check_say_nothing_a_person_would_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t"
    # a bot that cannot slide: forfeits (no_move, x_responde(...)) and a rank "-"
    main(["tournament", "sliding", "random", "ai:1", str(BOTS / "classic_no_slide.pl"),
          "--out", str(out), "--games-per-pair", "2",
          "--move-time", "0.5", "--grades", "--openings", "1", "--opening-plies", "1"])
    main(["check-game", str(GAMEFILES / "heap_notes.pl"), "--games", "1", "--plies", "1"])
    main(["verify", str(out)])
    printed = capsys.readouterr()
    text = printed.out + printed.err + (out / "report.md").read_text()
    assert "1 ply" in text and "1 random game" in text  # the singular is used
    assert slips(text) == []
    header = (out / "standings.csv").read_text().splitlines()[0]
    assert "late_days" not in header  # no late days given: no empty columns
    report = (out / "report.md").read_text()
    assert "no_move" in report and "| - |" in report, report


def test_report_md_escapes_only_what_markdown_would_read() -> None:
    from pybridge.report.markdown import _md_cell, md

    assert md("x forfeits: no_move (x_responde(7, _))") == "x forfeits: no_move (x_responde(7, \\_))"
    assert md("max_plies=60") == "max_plies=60"
    assert md("__a a__(") == "\\_\\_a a\\_\\_("  # an underscore by another: no emphasis
    assert md("- ann") == "\\- ann" and _md_cell("-") == "-"  # a list item; a cell's text


def test_the_similarity_table_names_every_column() -> None:
    from types import SimpleNamespace
    from typing import Any, cast

    from pybridge.report.html import _similar

    pair = {"a": "ann", "b": "bob", "score": 0.8, "flagged": True}
    html = "".join(_similar(cast(Any, SimpleNamespace(similar=[pair]))))
    headers = re.findall(r"<th[^>]*>([^<]*)</th>", html)
    assert headers == ["a", "b", "score", "flagged"]
