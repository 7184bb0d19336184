"""``arena check-games`` as an instructor runs it, over small submission
folders of our own (tests/gamefiles/batch/): a game that conforms, one
that needs an adapter (2024/25, no players/1), one with a syntax error,
a hostile one (valid_moves/2 loops, display_game/1 prints megabytes) and
one whose level 2 is not greedy; then the rows, the CSV, the pages,
`arena report`, untrusted names, and a run stopped with Ctrl-C and
resumed."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from pybridge import replay
from pybridge.batch import layout
from pybridge.batch.model import from_json
from pybridge.text import plural
from tests.support.cli import ARENA_MODULE
from tests.support.processes import needs_bwrap
from tests.support.paths import ROOT
from tests.support.says import says

BATCH = ROOT / "tests" / "gamefiles" / "batch"
FAST = ["--time", "40", "--level-games", "2", "--move-time", "0.2"]


def arena(*args: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(ARENA_MODULE + list(args), cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(ROOT)})


def rows(out: Path) -> dict[str, dict[str, object]]:
    doc = json.loads((out / "submissions.json").read_text())
    return {r["name"]: r for r in doc["submissions"]}


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    base = tmp_path_factory.mktemp("batch")
    out = base / "out"
    done = arena("check-games", str(BATCH), "--out", str(out), "--jobs", "2", *FAST, cwd=base)
    assert done.returncode == 0, done.stderr
    return out, done


@needs_bwrap
def test_every_submission_has_its_row(run: tuple[Path, subprocess.CompletedProcess[str]]
                                      ) -> None:
    out, done = run
    found = rows(out)
    assert set(found) == {"conforming", "needs_adapter", "broken", "hostile", "not_greedy"}
    for r in found.values():
        assert {"name", "game_file", "year", "verdict", "adapter", "played", "problems",
                "levels", "seconds"} <= set(r)
    assert done.stdout.count("[") >= 5 and "[5/5]" in done.stdout   # a progress line each

    ok = found["conforming"]
    assert ok["verdict"] == "conforms" and ok["year"] == "arena"
    assert ok["game_file"] == "src/game.pl" and ok["adapter"]["status"] == "not needed"
    assert ok["played"]["done"] is True
    assert replay.verify(out / ok["played"]["log"]).finished
    page = (out / "submissions" / "conforming" / "game.html").read_text()
    assert "id=board" in page and 'href="game.jsonl"' in page   # the championship's game page
    levels = ok["levels"]
    assert levels["measured"] and [s["games"] for s in levels["series"]] == [2, 2, 2]
    assert [(s["player"], s["opponent"]) for s in levels["series"]] == [
        ("ai:1", "mcts:1"), ("ai:2", "ai:1"), ("ai:2", "mcts:3")]
    assert levels["greedy"]["positions"] > 0
    assert levels["greedy"]["agree"] == levels["greedy"]["positions"]
    assert set(levels["slowest_ms"]) == {"ai:1", "ai:2"}
    assert ok["seconds"] > 0 and ok["phase_seconds"]["check"] >= 0


@needs_bwrap
def test_the_adapter_is_proposed_into_out_and_passes(
        run: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    out, _ = run
    r = rows(out)["needs_adapter"]
    assert r["year"] == "2024/25 form" and r["verdict"] == "conforms with adapter"
    assert r["adapter"]["status"] == "proposed" and r["adapter"]["passing"] is True
    assert (out / "submissions" / "needs_adapter" / "game" / "game-arena.pl").is_file()
    assert not (BATCH / "needs_adapter" / "src" / "game-arena.pl").exists()
    assert r["played"]["done"] is True
    header = json.loads((out / r["played"]["log"]).read_text().splitlines()[0])
    assert header["game_file"]["path"].endswith("submissions/needs_adapter/game/game-arena.pl")


@needs_bwrap
def test_broken_and_hostile_submissions_get_their_rows_with_the_reason(
        run: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    out, _ = run
    found = rows(out)
    broken = found["broken"]           # the clause with the error skipped, as SICStus does
    assert broken["verdict"] == "incomplete" and broken["played"]["done"] is False, broken
    says(broken["load"][0], "game.pl:8", "syntax error")
    says(broken["load"][0], "skipped", "SICStus")
    assert {p["predicate"] for p in broken["problems"]} >= {"move/3", "game_over/2"}, broken
    assert broken["adapter"]["status"] == "none", broken
    hostile = found["hostile"]
    played = hostile["played"]
    assert played["done"] is False and played["plies"] == 0   # its first move's facts loop
    assert "no contest" in played["reason"] and "valid_moves/2" in played["reason"]
    assert any(p["predicate"] == "valid_moves/2" for p in hostile["problems"])
    assert hostile["seconds"] < 40 + 30      # its budget, and the slack of one rule's limit
    # its megabytes of display with escapes: bounded and shown, never obeyed
    page = (out / "submissions" / "hostile" / "game.html").read_text()
    assert "owned" in page and "\x1b" not in page and len(page) < 200_000
    for name in ("submissions.json", "submissions.csv", "report.md", "index.html"):
        assert "\x1b" not in (out / name).read_text()


@needs_bwrap
def test_level_two_that_is_not_greedy_is_named(
        run: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    out, _ = run
    r = rows(out)["not_greedy"]
    assert r["found_by"] == "arena.toml"
    greedy = r["levels"]["greedy"]
    assert greedy["positions"] > 0 and greedy["agree"] < greedy["positions"]
    assert "level 2 played" in greedy["example"]
    page = (out / "submissions" / "not_greedy" / "index.html").read_text()
    assert "not greedy" in page


@needs_bwrap
def test_pages_csv_and_report_rebuilt(run: tuple[Path, subprocess.CompletedProcess[str]],
                                      tmp_path: Path) -> None:
    out = tmp_path / "copy"
    shutil.copytree(run[0], out)
    index = (out / "index.html").read_text()
    for name in rows(out):
        assert f'href="submissions/{name}/index.html"' in index
        assert (out / "submissions" / name / "index.html").is_file()
    assert "conforming</td>" not in index or "≈" in index   # the similar pair is flagged
    sim = json.loads((out / "similarity.json").read_text())
    assert ("conforming", "not_greedy") in {(p["a"], p["b"]) for p in sim["pairs"] if p["flagged"]}
    with open(out / "submissions.csv", newline="") as f:
        table = list(csv.DictReader(f))
    assert {r["name"] for r in table} == set(rows(out))
    assert next(r for r in table if r["name"] == "broken")["reason"]
    for name in ("index.html", "submissions.csv", "report.md", "submissions.json"):
        (out / name).unlink()
    (out / "submissions" / "conforming" / "game.html").unlink()
    done = arena("report", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for name in ("index.html", "submissions.csv", "report.md", "submissions.json"):
        assert (out / name).is_file()
    assert (out / "submissions" / "conforming" / "game.html").is_file()
    assert rows(out).keys() == rows(run[0]).keys()
    assert "## needs_adapter" in (out / "report.md").read_text()


def _broken_copy(folder: Path, game_name: str = "game.pl") -> None:
    folder.mkdir(parents=True)
    shutil.copy(BATCH / "broken" / "src" / "game.pl", folder / game_name)


@needs_bwrap
def test_untrusted_names_are_neutralised(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    for name in ("+1", "@SUM(A1)", "-cmd", "<img src=x onerror=alert(1)>", "esc\x1b[31mred"):
        _broken_copy(subs / name)
    _broken_copy(subs / "formula", "=HYPERLINK(x).pl")
    (subs / "injected" / "src").mkdir(parents=True)
    (subs / "injected" / "src" / "game.pl").write_text(
        "players([a, b]).\ninitial_state(_, s(a)).\ncurrent_player(s(P), P).\n"
        "valid_moves(s(a), ['<script>alert(1)</script>']).\nvalid_moves(s(b), []).\n"
        "move(s(a), _, s(b)) :- fail.\ngame_over(s(b), a).\n")
    out = tmp_path / "out"
    done = arena("check-games", str(subs), "--out", str(out), "--time", "20",
                 "--level-games", "0", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout + done.stderr
    with open(out / "submissions.csv", newline="") as f:
        cells = [c for row in csv.reader(f) for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert {"'+1", "'-cmd", "'@SUM_A1", "'=HYPERLINK(x).pl"} <= set(cells)
    for page in [out / "index.html", *out.glob("submissions/*/index.html")]:
        text = page.read_text()
        assert "<script" not in text and "<img" not in text and "\x1b" not in text
    assert "&lt;script&gt;" in (out / "submissions" / "injected" / "index.html").read_text()
    report = (out / "report.md").read_text()
    assert not re.search(r"(?<!\\)<(script|img)", report)
    injected = rows(out)["injected"]
    assert injected["played"]["done"] is False and "no contest" in injected["played"]["reason"]


def _result_files(out: Path) -> dict[str, int]:
    return {p.parent.name: p.stat().st_mtime_ns for p in out.glob("submissions/*/result.json")}


@needs_bwrap
@pytest.mark.slow
def test_a_run_stopped_with_ctrl_c_resumes_keeping_the_finished(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    for name in ("broken", "conforming", "needs_adapter", "not_greedy"):
        shutil.copytree(BATCH / name, subs / name)
    out = tmp_path / "out"
    args = ["check-games", str(subs), "--out", str(out), "--jobs", "2", *FAST]
    proc = subprocess.Popen(ARENA_MODULE + args, cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 120
        while not _result_files(out) and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)      # Ctrl-C, as a terminal sends it
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert f"check-games {subs} --out {out} --jobs 2 --time 40 --move-time 0.2 --resume" in err
    kept = _result_files(out)
    assert 1 <= len(kept) < 4
    partial = arena("report", str(out), cwd=tmp_path)       # a partial run's pages already
    assert partial.returncode == 0, partial.stderr
    assert set(rows(out)) == set(kept)

    again = arena(*args, cwd=tmp_path)
    assert again.returncode == 2, again.stderr    # refused without it
    assert "--resume" in again.stderr
    done = arena(*args, "--resume", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    says(done.stdout, "resumed", plural(len(kept), 'finished submission'), "kept")
    now = _result_files(out)
    assert set(now) == {"broken", "conforming", "needs_adapter", "not_greedy"}
    assert all(now[name] == mtime for name, mtime in kept.items())
    assert set(rows(out)) == set(now)


def test_the_game_file_is_found_as_the_course_lays_it_out(tmp_path: Path) -> None:
    a = tmp_path / "a" / "src"
    a.mkdir(parents=True)
    (a / "game.pl").write_text("initial_state(_, s).\n")
    (a / "main.pl").write_text(":- consult(game).\nplay :- true.\n")
    b = tmp_path / "b"
    b.mkdir()
    (b / "arena.toml").write_text('game = "rules/x.pl"\nconfig = "[8]"\n')
    (b / "rules").mkdir()
    (b / "rules" / "x.pl").write_text("initial_state(_, s).\n")
    c = tmp_path / "c"
    c.mkdir()
    (c / "arena.toml").write_text('game = "../a/src/main.pl"\n')
    d = tmp_path / "d"
    d.mkdir()
    (d / "notes.txt").write_text("no Prolog here\n")
    e = tmp_path / "e"
    e.mkdir()
    (e / "arena.toml").write_text('game = "x.pl"\nlevel = 3\n')
    found = {s.name: s for s in layout.submissions([str(tmp_path)])[0]}
    assert found["a"].relative_game == "src/main.pl" and found["a"].found_by == "play/0"
    assert found["b"].relative_game == "rules/x.pl" and found["b"].config == "[8]"
    assert found["c"].game is None and found["d"].game is None and found["e"].game is None
    says(found["c"].why, "arena.toml", "'../a/src/main.pl'", "not a file", "folder")
    says(found["d"].why, "no Prolog file")
    says(found["e"].why, "arena.toml", "unknown keys", "'level'")


def test_files_beside_the_game_that_it_does_not_load_are_shipped_if_they_fit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game in parts that none loads (Iris, 2019/20): the worker's copy
    holds the Prolog files beside the game too, for check-game to load
    them with it; not other files, nor links, nor one that does not fit."""
    from pybridge.batch import task
    src = tmp_path / "sub" / "src"
    src.mkdir(parents=True)
    (src / "game.pl").write_text(":- consult(rules).\nplay :- board(B), write(B).\n")
    (src / "rules.pl").write_text("initial_state(_, s).\n")
    (src / "view.pl").write_text("board([x]).\n")
    (src / "notes.txt").write_text("not Prolog\n")
    (src / "big.pl").write_text("% " + "x" * 5000 + "\n")
    (src / "linked.pl").symlink_to(src / "view.pl")
    monkeypatch.setattr(task, "GAME_FOLDER_BYTES", 4000)
    shipped, _ = task.shipment(layout.submission(tmp_path / "sub"))
    assert shipped.game is not None
    main, contents = shipped.game
    assert main == "game.pl"
    assert sorted(name for name, _ in contents) == ["game.pl", "rules.pl", "view.pl"]


def test_a_crafted_result_file_reads_harmlessly() -> None:
    row = from_json({"name": "x\x1b[2J", "verdict": "=cmd", "problems": [{"predicate": 3}] * 99,
                     "seconds": {"total": "a lot", "check": 1e99},
                     "played": {"done": "yes", "reason": "r" * 100_000}})
    assert row.name == "x\\x1b[2J" and row.verdict == "not checked"
    assert len(row.problems) == 40 and row.problems[0].predicate == ""
    assert row.seconds == {} and row.played.done is False
    assert len(row.played.reason) < 5000
    with pytest.raises(ValueError, match="without a name"):
        from_json(["not", "a", "row"])


@needs_bwrap
def test_a_course_checked_on_a_dask_cluster(tmp_path: Path) -> None:
    from tests.support.cluster import Cluster

    subs = tmp_path / "client" / "subs"
    for name in ("broken", "needs_adapter"):
        shutil.copytree(BATCH / name, subs / name)
    cluster = Cluster(tmp_path, tls=False, workers=1)
    try:
        done = arena("check-games", str(subs), "--out", str(tmp_path / "out"), *cluster.argv,
                     *FAST, cwd=tmp_path / "client")
    finally:
        cluster.close()
    assert done.returncode == 0, done.stderr
    assert "Dask scheduler" in done.stdout
    found = rows(tmp_path / "out")
    assert found["broken"]["verdict"] == "incomplete"      # its broken clause skipped
    assert found["needs_adapter"]["verdict"] == "conforms with adapter"
    assert found["needs_adapter"]["played"]["done"] is True
    # the worker's answer carried the adapter; the client wrote it, in OUT only
    assert (tmp_path / "out" / "submissions" / "needs_adapter" / "game" / "game-arena.pl").is_file()
    assert not (subs / "needs_adapter" / "src" / "game-arena.pl").exists()


def test_without_the_jail_submissions_are_refused(tmp_path: Path) -> None:
    done = arena("check-games", str(BATCH), "--out", str(tmp_path / "out"), "--isolation",
                 "none", cwd=tmp_path, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "only in the jail" in done.stderr
    assert not (tmp_path / "out").exists()


def test_bad_settings_are_named(tmp_path: Path) -> None:
    done = arena("check-games", str(BATCH), "--out", str(tmp_path / "out"), "--time", "5",
                 cwd=tmp_path, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "--time 5" in done.stderr
    done = arena("check-games", str(tmp_path / "nowhere"), "--out", str(tmp_path / "out"),
                 cwd=tmp_path, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "no folder" in done.stderr


def test_problems_are_grouped_with_counts_and_years_told_apart() -> None:
    from pybridge.batch.check import contract_year, grouped
    from pybridge.games.conformance import Problem

    long_state = "s(" + "x," * 30 + "x)"
    found = grouped([
        Problem("move/3", "", "", "left a choice point"),
        Problem("move/3", "s(1)", "2", "left a choice point"),
        Problem("value/3", long_state, "", f"threw: Type error: `list' expected, found "
                                          f"`{long_state}' (a compound) (seen 7 times)"),
        Problem("value/3", "s(y)", "", "threw: Type error: `list' expected, found "
                                       f"`s({'y,' * 30}y)' (a compound) (seen 3 times)"),
    ])
    assert [(g.predicate, g.count) for g in found] == [("move/3", 2), ("value/3", 10)]
    assert found[1].state == long_state and "seen" not in found[1].message
    assert contract_year(["initial_state/1", "valid_moves/3"], []) == "2021/22 form"
    assert contract_year(["initial/1", "valid_moves/3", "choose_move/4"], []) \
        == "2019/20-2020/21 form"
    assert contract_year(["initial_state/2", "valid_moves/3", "choose_move/4"],
                         ["players/1"]) == "2022/23-2023/24 form"
    assert contract_year(["initial_state/2", "valid_moves/2", "choose_move/3"],
                         ["players/1", "current_player/2"]) == "2024/25 form"
    assert contract_year(["players/1", "current_player/2", "initial_state/2"], []) == "arena"


@needs_bwrap
def test_a_game_that_starts_at_random_is_replayed_from_its_start(tmp_path: Path) -> None:
    game = tmp_path / "subs" / "random_pile" / "src" / "game.pl"
    game.parent.mkdir(parents=True)
    game.write_text((BATCH / "conforming" / "src" / "game.pl").read_text().replace(
        "initial_state(_, pile(9, left)).",
        "initial_state(_, pile(N, left)) :-\n    random_between(5, 40, N)."))
    out = tmp_path / "out"
    done = arena("check-games", str(tmp_path / "subs"), "--out", str(out), "--time", "30",
                 "--level-games", "0", "--move-time", "0.1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    r = rows(out)["random_pile"]
    assert r["played"]["done"] is True, r["played"]
    assert replay.verify(out / r["played"]["log"]).finished
