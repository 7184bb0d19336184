"""End to end, as an instructor runs it: a 12-entrant sliding championship
from a folder of per-student submission folders, two house players, late
days, openings and a similarity check; interrupted with Ctrl-C, resumed;
then its standings, grades, ratings and report checked."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pybridge import replay
from pybridge.championship.scoring import half_up, late_grade
from tests.support.cli import ARENA_MODULE
from tests.support.corpus import BOTS, DISGUISED, EXAMPLES, HOSTILE
from tests.support.processes import interrupt_after_games
from tests.support.paths import ROOT


STUDENTS = {
    "ann": EXAMPLES / "greedy.pl", "bob": EXAMPLES / "minimax.pl",
    "cid": EXAMPLES / "first_move.pl", "dan": EXAMPLES / "value_pfl4.pl",
    "eve": EXAMPLES / "sliding_classic.pl", "fay": EXAMPLES / "sliding_pfl.pl",
    "gus": EXAMPLES / "random.pl", "hal": None,  # the disguised copy of bob's
    "ida": BOTS / "classic_x_only.pl", "jon": HOSTILE / "syntax_error.pl",
    "lee": EXAMPLES / "greedy.pl",  # 12 days late: not admitted
}


class Page(HTMLParser):
    """The parts of a page the test looks at: ids, links, table rows, and
    anything that would fetch from elsewhere."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.external: list[str] = []
        self.rows: list[list[str]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        for key in ("href", "src"):
            value = a.get(key) or ""
            if key == "href" and tag == "a":
                self.links.append(value)
            if value.startswith(("http:", "https:", "//")) or tag in ("link", "img", "iframe"):
                self.external.append(value or tag)
        if tag == "script" and a.get("src"):
            self.external.append(a["src"] or "")
        if tag == "tr":
            self._row = []
        if tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        if tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.mark.slow
def test_a_twelve_entrant_championship_interrupted_and_resumed(tmp_path: Path) -> None:
    subs = tmp_path / "submissions"
    for student, source in STUDENTS.items():
        (subs / student).mkdir(parents=True)
        text = DISGUISED if source is None else source.read_text()
        (subs / student / "bot.pl").write_text(text)  # every one called bot.pl
    (tmp_path / "late.csv").write_text("name,days\ncid,2\nfay,1\n")
    out = tmp_path / "out"
    args = ["tournament", "sliding", str(subs), "ai:2", "--house", str(BOTS / "talker.pl"),
            "--grades", "--late-file", str(tmp_path / "late.csv"), "--late", "lee=12", "--late", "eve=3",
            "--openings", "1", "--opening-plies", "2", "--jobs", "2", "--similarity",
            "--out", str(out)]
    proc = subprocess.Popen(ARENA_MODULE + args, cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    first, err = interrupt_after_games(proc, 12, timeout=120)
    assert proc.returncode == 130, err
    assert "not admitted: lee: 12 days late (more than 10)" in first
    assert "--resume --out" in first
    partial = json.loads((out / "standings.json").read_text())
    kept = partial["games_played"]
    assert partial["complete"] is False and 12 <= kept < partial["games_scheduled"]

    # without --resume the folder is refused, naming --resume
    run = subprocess.run(ARENA_MODULE + args, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "--resume" in run.stderr

    # a partial tournament's report can be built already
    run = subprocess.run(ARENA_MODULE + ["report", str(out)], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert (out / "index.html").exists()

    logs_before = {p.name: p.stat().st_mtime_ns for p in (out / "replays").iterdir()}
    start = time.monotonic()
    run = subprocess.run(ARENA_MODULE + args + ["--resume"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    assert f"resumed: {kept} finished games kept" in run.stdout
    assert time.monotonic() - start < 900
    doc = json.loads((out / "standings.json").read_text())
    assert doc["complete"] and doc["games_played"] == doc["games_scheduled"] == 12 * 11 // 2 * 2
    # every game kept was not played again: its log is untouched
    for name, mtime in logs_before.items():
        assert (out / "replays" / name).stat().st_mtime_ns == mtime
    for g in doc["games"]:
        assert replay.verify(out / g["replay"]).finished

    bots = {b["name"]: b for b in doc["bots"]}
    assert set(bots) == {*STUDENTS} - {"lee"} | {"ai:2", "talker"}
    assert bots["ai:2"]["house"] and bots["talker"]["house"]
    assert bots["ai:2"]["grade"] is None and bots["talker"]["grade"] is None
    graded = [b for b in bots.values() if not b["house"] and b["rank"] is not None]
    assert max(b["grade_before_late"] for b in graded) == 10.0
    assert min(b["grade_before_late"] for b in graded) == 5.0
    hi = max(b["points"] for b in graded)
    lo = min(b["points"] for b in graded)
    for b in graded:
        assert b["grade_before_late"] == half_up(5 + 5 * (b["points"] - lo) / (hi - lo))
        assert b["grade"] == late_grade(b["grade_before_late"], b["late_days"])
    assert bots["cid"]["late_days"] == 2 and bots["fay"]["late_days"] == 1
    assert bots["eve"]["late_days"] == 3
    assert bots["jon"]["rank"] is None and bots["jon"]["grade"] == 0.0  # refused: all forfeits
    assert sum(b["points"] for b in bots.values()) == sum(
        0 if g["lost_by_both"] else (2 if g["winner"] == "draw" else 3) for g in doc["games"])
    assert any(g["lost_by_both"] for g in doc["games"]
               if (g["first"], g["second"]) == ("jon", "ida"))
    # ratings: the mean is 0 and they order as the scores, roughly
    elos = [b["elo"] for b in bots.values()]
    assert abs(sum(elos) / len(elos)) < 1.0
    assert bots["bob"]["elo"] > bots["gus"]["elo"] > bots["jon"]["elo"]
    assert all(b["elo_error"] > 0 for b in bots.values())
    # openings: both seat orders of a pair from the same one, no game played twice
    assert all(len(g["opening"] or ()) == 2 for g in doc["games"]
               if not {"eve", "ida"} & {g["first"], g["second"]})
    with open(out / "standings.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert next(r for r in rows if r["name"] == "ann")["path"] == os.path.relpath(
        subs / "ann" / "bot.pl", tmp_path)

    sim = json.loads((out / "similarity.json").read_text())
    # jon's file has a syntax error in its second clause; its first, which is
    # read, is cid's one-clause program (the first valid move) with one more
    # argument: rightly flagged beside the disguised copy
    assert [(p["a"], p["b"]) for p in sim["pairs"] if p["flagged"]] == [("bob", "hal"),
                                                                        ("cid", "jon")]

    # the report: markdown and self-contained HTML with a page per game
    md = (out / "report.md").read_text()
    assert "## Crosstable" in md and "bob ~ hal" in md and "\n## talker\n" in md
    index = parse(out / "index.html")
    assert index.external == []
    assert {"standings", "crosstable", "similar"} <= index.ids
    assert all(f"e-{n}" in index.ids for n in ("ann", "bob", "talker"))
    header = next(r for r in index.rows if r and r[0] == "rank")
    assert header[-1] == "grade" and "elo" in header
    table = {r[1].replace(" (house)", ""): r for r in index.rows if len(r) == len(header) and r[0] != "rank"}
    assert table["cid"][header.index("late_days")] == "2"
    cross = next(r for r in index.rows if r and r[0] == "bob" and len(r) == 13)
    ann_col = [r for r in index.rows if r and r[0] == ""][0].index("ann")
    won = sum(3 if g["winner"] == "bob" else 1 if g["winner"] == "draw" else 0
              for g in doc["games"] if {g["first"], g["second"]} == {"bob", "ann"})
    points, *games = cross[ann_col].split()  # the points, then a link to each of their games
    assert points == str(won)
    assert sorted(map(int, games)) == sorted(g["index"] + 1 for g in doc["games"]
                                             if {g["first"], g["second"]} == {"bob", "ann"})
    pages = [link for link in index.links if link.startswith("games/")]
    assert len(set(pages)) == doc["games_scheduled"]
    html = (out / "index.html").read_text()
    assert "thinking about" in html  # what the talker printed
    assert "Forfeits" in html and "syntax error" in html
    game = next(g for g in doc["games"] if g["plies"] > 4 and not g["forfeit"])
    page = parse(out / f"games/{game['index'] + 1:04d}.html")
    assert page.external == [] and "../index.html" in page.links
    text = (out / f"games/{game['index'] + 1:04d}.html").read_text()
    assert text.count("data-ply=") == game["plies"] + 1  # the start and each move
    assert "class=result>" in text and "<span class=tag>opening</span>" in text
    shutil.rmtree(out / "games")
    (out / "index.html").unlink()
    run = subprocess.run(ARENA_MODULE + ["report", str(out)], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0 and len(list((out / "games").iterdir())) == doc["games_scheduled"]
