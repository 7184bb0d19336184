"""What the arena publishes (report.md, index.html, standings.csv, the
terminal) carries entrant-controlled text only escaped; misleading names
are warned about; a submissions folder's hidden folders and unusable
files are reported, and the others play."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from dataclasses import replace as with_
from pathlib import Path

import pytest

from pybridge.report import markdown as markdown_module
from pybridge.report import results as report_module
from pybridge.championship.entrants import name_warnings, roster, skeleton
from pybridge.report.markdown import markdown, md
from pybridge.report.results import gather
from pybridge.report.html import _entrant, index_html
from pybridge.championship.result_files import csv_cell, standings_csv
from pybridge.championship.schedule import Entrant
from pybridge.championship.scoring import Standing
from pybridge.championship.tournament import Schedule, Settings, run_tournament
from shell.cli.arena import main
from tests.support.corpus import EXAMPLES
from tests.support.processes import needs_bwrap
from tests.support.says import says

HOSTILE_NAME = '<img src=x onerror="alert(1)">[x](javascript:alert(1))\x1b]52;c;AAAA\x07|*b*'


@pytest.fixture(scope="module")
def crafted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A played folder whose standings.json names an entrant with HTML,
    Markdown, an OSC sequence and a table bar, and gives it a path."""
    out = tmp_path_factory.mktemp("text") / "out"
    run_tournament("tictactoe",
                   ["random", "ai:1"],
                   out=out,
                   settings=Settings(schedule=Schedule(games_per_pair=2)))
    doc = json.loads((out / "standings.json").read_text())
    for b in doc["bots"]:
        if b["name"] == "random":
            b["name"], b["path"] = HOSTILE_NAME, "/subs/<script>alert(1)</script>.pl"
    for g in doc["games"]:
        for key in ("first", "second", "winner"):
            if g[key] == "random":
                g[key] = HOSTILE_NAME
    (out / "standings.json").write_text(json.dumps(doc))
    return out


def test_report_md_has_no_raw_html_links_or_control_bytes(crafted: Path) -> None:
    text = markdown(gather(crafted))
    ours = re.sub(r"\[\d+\]\(games/\d+\.html\)", "", text)  # the report's own links
    assert not re.search(r"(?<!\\)[<>\[\]]", ours)  # everything else escaped
    assert "](javascript" not in text
    assert "\x1b" not in text and "\x07" not in text
    assert md(HOSTILE_NAME) in text  # shown, escaped
    assert "\\<img src=x onerror=\"alert(1)\"\\>" in md(HOSTILE_NAME)


def test_index_html_has_no_raw_html_or_control_bytes(crafted: Path) -> None:
    page = index_html(gather(crafted))
    assert "<img" not in page and "<script>alert" not in page and "\x1b" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page


def test_the_terminal_gets_no_control_sequence(crafted: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(crafted)]) == 0
    shown = capsys.readouterr()
    assert "\x1b" not in shown.out + shown.err and "\x07" not in shown.out + shown.err


@pytest.mark.parametrize("cell, shown", [
    ("=1+2", "'=1+2"), ("+A1", "'+A1"), ("-2+3", "'-2+3"), ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("\tx", "\\x09x"), ("\rx", "\\x0dx"), ("-3", "-3"), ("-12.5", "-12.5"), (-35.2, "-35.2"),
    ("bob", "bob"), (None, ""),
])
def test_csv_cells_cannot_be_formulas(cell: object, shown: str) -> None:
    assert csv_cell(cell) == shown


def test_standings_csv_neutralises_names_and_keeps_numbers() -> None:
    row = Standing("=HYPERLINK(\"x\")", "-2+3.pl", 2, 1, 0, 1, 0, 3, 1, None, elo=-35.0,
                   elo_error=12.0)
    got = list(csv.DictReader(io.StringIO(standings_csv([row]))))[0]
    assert got["name"] == "'=HYPERLINK(\"x\")" and got["path"].startswith(("'", "."))
    assert got["elo"] == "-35.0" and got["points"] == "3"


def test_names_like_a_house_player_or_each_other_are_warned() -> None:
    people = [Entrant("ai:3", "s/ai:3/b.pl", "s/ai:3/b.pl"),
              Entrant("r\u0430ndom", "r.pl", "/r.pl"),
              Entrant("alice", "a.pl", "/a.pl"), Entrant("\u0430lice", "b.pl", "/b.pl"),
              Entrant("\uff41lice2", "c.pl", "/c.pl"), Entrant("alice2", "d.pl", "/d.pl"),
              Entrant("bob", "e.pl", "/e.pl"), Entrant("ai:1", "ai:1")]
    warned = name_warnings(people)
    text = "\n".join(warned)
    assert "'ai:3' (s/ai:3/b.pl) is named like the built-in player" in text
    assert "'r\\u0430ndom'" in text and "'random'" in text
    assert "'alice' and '\\u0430lice'" in text
    assert "'\\uff41lice2' and 'alice2'" in text or "'alice2' and '\\uff41lice2'" in text
    assert "bob" not in text and len(warned) == 4
    assert skeleton("rn0") == skeleton("mo")


def test_report_warns_about_look_alike_names(crafted: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(crafted, out)
    doc = json.loads((out / "standings.json").read_text())
    doc["bots"][0]["path"] = doc["bots"][1]["path"] = "/subs/x.pl"
    names = {doc["bots"][0]["name"]: "ai:2", doc["bots"][1]["name"]: "r\u0430ndom"}
    for b in doc["bots"]:
        b["name"] = names[b["name"]]
    for g in doc["games"]:
        for key in ("first", "second", "winner"):
            g[key] = names.get(g[key], g[key])
    (out / "standings.json").write_text(json.dumps(doc))
    text = markdown(gather(out))
    assert "named like the built-in player 'random'" in text
    assert "named like the built-in player 'ai:2'" in text


def _submissions(tmp_path: Path) -> Path:
    subs = tmp_path / "subs"
    for name in ("alice", "bob", "cid", ".git", ".hidden_student"):
        (subs / name).mkdir(parents=True)
    shutil.copy(EXAMPLES / "greedy.pl", subs / "alice" / "greedy.pl")
    shutil.copy(EXAMPLES / "greedy.pl", subs / "bob" / "gr\need\x1by.pl")
    shutil.copy(EXAMPLES / "greedy.pl", subs / ".hidden_student" / "bot.pl")
    (subs / "dan").mkdir()
    (subs / "dan" / "bot.pl").symlink_to(tmp_path / "elsewhere.pl")
    (tmp_path / "elsewhere.pl").write_text("x.\n")
    return subs


def test_hidden_folders_and_unusable_files_are_reported_by_name(tmp_path: Path) -> None:
    found = roster([str(_submissions(tmp_path)), "random"])
    assert [e.name for e in found.entrants] == ["alice", "random"]
    assert set(found.not_entered) == {"bob", "cid", "dan"}
    says(found.not_entered["dan"], "symbolic link", "outside")
    says(found.not_entered["bob"], "control characters")
    says(found.not_entered["cid"], "no bot file")
    assert len(found.skipped) == 2 and all("beginning with a dot" in s for s in found.skipped)


@needs_bwrap  # a folder of submissions plays only in the jail
def test_the_others_play_when_one_file_name_cannot_be_used(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    subs = _submissions(tmp_path)
    (subs / "r\u0430ndom").mkdir()  # a Cyrillic a
    shutil.copy(EXAMPLES / "first_move.pl", subs / "r\u0430ndom" / "bot.pl")
    code = main(["tournament", "tictactoe", str(subs), "random", "--out", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    says(printed, "not entered", "bob", "'gr\\x0aeed\\x1by.pl'")
    assert "skipped: " in printed and ".hidden_student" in printed
    assert "\x1b" not in printed
    says(printed, "warning", "'r\\u0430ndom'", "named like", "'random'")
    assert printed.index("not entered: bob") < printed.index("game 1/6")  # before the games
    assert "is named like the built-in player 'random'" in printed
    doc = json.loads((out / "standings.json").read_text())
    assert sorted(b["name"] for b in doc["bots"]) == ["alice", "random", "r\u0430ndom"]
    assert doc["games_played"] == 6
    report = (out / "report.md").read_text()
    assert "not entered: bob" in report and "named like the built-in player" in report


def test_a_forfeit_position_with_escape_sequences_is_shown_escaped(crafted: Path) -> None:
    report = gather(crafted)

    class Board:
        def display(self, *, color: bool) -> str:
            return "\x1b]0;pwned\x07\x1b[2J<b>board</b>\n"

    class Log:
        final = Board()

    shown = report_module._final_position(Log())  # type: ignore[arg-type]
    assert "\x1b" not in shown and "\x07" not in shown and "\\x1b]0;pwned" in shown
    e = with_(report.entrants[0], forfeits=[{"index": 0, "reason": "timeout", "position": shown}])
    text = "\n".join(markdown_module._entrant_md(e))
    assert "\x1b" not in text
    page = "\n".join(_entrant(e))
    assert "\x1b" not in page and "<b>board" not in page


def test_a_cut_is_worth_its_marker() -> None:
    from pybridge.text import SLACK, clean_line
    assert clean_line("x" * (100 + SLACK), 100) == "x" * (100 + SLACK)
    cut = clean_line("x" * 200, 100)
    assert cut.startswith("x" * 100) and cut.endswith("… 100 bytes more")
