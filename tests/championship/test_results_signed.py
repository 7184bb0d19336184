"""Results that cannot be forged unnoticed (issue 32): a tournament's logs,
games.jsonl, standings.json and tournament.json are signed (HMAC-SHA256,
pybridge.signing) with a key kept outside the folder. Each attack of the
issue is kept here: a forfeit appended to a cut-back log, first and
second swapped in the standings, two logs swapped, a log added, the
signatures removed or made with another key. `arena verify`, `arena
report` and `tournament --resume` name what is altered or unsigned and
count it only with --accept-altered."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from pybridge import signing
from pybridge.championship.tournament import Grading, Schedule, Settings, run_tournament
from pybridge.report.results import gather
from tests.support.corpus import PLAYED_SPECS
from shell.cli.arena import main
from tests.support.paths import TESTS

FIRST = "replays/0001-random-vs-ai_1.jsonl"
SECOND = "replays/0002-ai_1-vs-random.jsonl"


def _forged_forfeit(out: Path) -> None:
    """Game 1 cut back to its first move, and ai:1 (o, to move) made to
    lose it by a timeout: every move still follows the rules."""
    log = out / FIRST
    header, first = log.read_text().splitlines()[:2]
    forfeit = {"type": "result", "winner": "x", "reason": "o forfeits: timeout",
               "forfeit": "timeout"}
    log.write_text("\n".join([header, first, json.dumps(forfeit)]) + "\n")


def _resume(out: Path, **kwargs: Any) -> Any:
    return run_tournament("tictactoe", PLAYED_SPECS, out=out, resume=True,
                          settings=Settings(schedule=Schedule(games_per_pair=2), **kwargs))


# -- the key -----------------------------------------------------------------------

def test_the_key_is_made_at_first_use_outside_the_folder_mode_0600(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    key = signing.results_key()
    path = tmp_path / "config" / "prolog-arena" / "results.key"
    assert path.is_file() and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(key) >= 32 and signing.results_key() == key   # made once
    assert signing.key_id(key) not in key.decode()


def test_a_shared_course_key_is_named_by_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tmp_path / "course.key"
    shared.write_text("c" * 64 + "\n")
    monkeypatch.setenv(signing.KEY_ENV, str(shared))
    assert signing.results_key() == b"c" * 64
    monkeypatch.setenv(signing.KEY_ENV, str(tmp_path / "missing.key"))
    with pytest.raises(signing.SigningError, match="no results key"):
        signing.results_key()
    short = tmp_path / "short.key"
    short.write_text("abc")
    monkeypatch.setenv(signing.KEY_ENV, str(short))
    with pytest.raises(signing.SigningError, match="shorter than 32"):
        signing.results_key()


def test_a_key_inside_the_results_folder_is_refused(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.key").write_text("k" * 64)
    monkeypatch.setenv(signing.KEY_ENV, str(out / "results.key"))
    with pytest.raises(signing.SigningError, match="inside the results folder"):
        signing.Signer(out)


# -- a folder as the tournament left it ------------------------------------------------

def test_a_tournament_signs_everything_it_writes(folder: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    seal = signing.check(folder)
    assert seal.clean, seal.notes()
    assert {FIRST, SECOND, "games.jsonl", "standings.json", "tournament.json"} <= seal.trusted
    assert main(["verify", str(folder)]) == 0
    assert "altered" not in capsys.readouterr().err


# -- the attacks -----------------------------------------------------------------------

def test_a_forfeit_appended_to_a_cut_back_log_is_named_everywhere(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _forged_forfeit(folder)
    assert signing.check(folder).altered == (FIRST,)
    assert main(["verify", str(folder / FIRST)]) == 1
    err = capsys.readouterr().err
    assert "altered" in err and FIRST in err
    assert main(["verify", "--accept-altered", str(folder / FIRST)]) == 0
    report = gather(folder)
    assert [g["index"] for g in report.doc["games"]] == [1]
    assert any("game 1" in p and "altered" in p for p in report.problems), report.problems
    assert [g["index"] for g in gather(folder, accept_altered=True).doc["games"]] == [0, 1]
    result = _resume(folder)
    assert result.kept == 1 and result.complete       # game 1 played again
    assert any("altered" in n for n in result.disagreements), result.disagreements
    assert all(r.forfeit is None or r.reason != "o forfeits: timeout" for r in result.records)
    assert signing.check(folder).clean, signing.check(folder).notes()


def test_the_forged_forfeit_counts_only_when_accepted(folder: Path) -> None:
    _forged_forfeit(folder)
    result = _resume(folder, accept_altered=True)
    assert result.kept == 2
    assert any(r.forfeit == "timeout" for r in result.records)
    assert any("--accept-altered" in n for n in result.disagreements)


def test_first_and_second_swapped_in_the_standings_is_not_counted(folder: Path) -> None:
    doc = json.loads((folder / "standings.json").read_text())
    g = doc["games"][0]
    g["first"], g["second"] = g["second"], g["first"]
    (folder / "standings.json").write_text(json.dumps(doc))
    for accept in (False, True):    # the log's seats give it away even when accepted
        report = gather(folder, accept_altered=accept)
        assert [g["index"] for g in report.doc["games"]] == [1]
        assert any("game 1: its log seats" in p for p in report.problems), report.problems
    assert any("standings.json was altered" in p for p in gather(folder).problems)


def test_two_logs_swapped_are_altered_and_played_again(folder: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    a, b = (folder / FIRST).read_bytes(), (folder / SECOND).read_bytes()
    (folder / FIRST).write_bytes(b)
    (folder / SECOND).write_bytes(a)
    assert sorted(signing.check(folder).altered) == [FIRST, SECOND]
    assert main(["verify", str(folder)]) == 1
    assert "2 altered or unsigned" in capsys.readouterr().out
    # accepted, the logs' seats still do not match their pairing
    assert gather(folder, accept_altered=True).doc["games"] == []
    result = _resume(folder, accept_altered=True)
    assert result.kept == 0 and len(result.records) == 2
    assert sum("its log seats" in n for n in result.disagreements) == 2, result.disagreements


def test_a_log_added_to_the_folder_is_unsigned(folder: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(folder / FIRST, folder / "replays" / "0003-extra.jsonl")
    seal = signing.check(folder)
    assert seal.unsigned == ("replays/0003-extra.jsonl",) and not seal.altered
    assert main(["verify", str(folder / "replays" / "0003-extra.jsonl")]) == 1
    assert "unsigned" in capsys.readouterr().err


def test_signatures_removed_or_made_with_another_key_prove_nothing(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "other.key"
    other.write_text("o" * 64)
    monkeypatch.setenv(signing.KEY_ENV, str(other))
    seal = signing.check(folder)
    assert seal.problem is not None and "another results key" in seal.problem
    assert gather(folder).doc["games"] == []
    monkeypatch.delenv(signing.KEY_ENV)
    (folder / signing.MANIFEST).unlink()
    seal = signing.check(folder)
    assert seal.problem is not None and "no signatures.json" in seal.problem
    report = gather(folder)
    assert report.doc["games"] == [] and any("no signatures.json" in p for p in report.problems)
    assert len(gather(folder, accept_altered=True).doc["games"]) == 2


def test_an_entry_removed_from_the_signatures_breaks_their_seal(folder: Path) -> None:
    doc = json.loads((folder / signing.MANIFEST).read_text())
    del doc["files"][FIRST]
    (folder / signing.MANIFEST).write_text(json.dumps(doc))
    seal = signing.check(folder)
    assert seal.problem is not None and "seal" in seal.problem


def test_a_log_from_another_folder_with_its_signature_does_not_match(
        folder: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    run_tournament("tictactoe", PLAYED_SPECS, out=other, settings=Settings(schedule=Schedule(games_per_pair=2, seed=9)))
    theirs = json.loads((other / signing.MANIFEST).read_text())["files"][FIRST]
    shutil.copy(other / FIRST, folder / FIRST)
    doc = json.loads((folder / signing.MANIFEST).read_text())
    doc["files"][FIRST] = theirs       # a signature of the same key, for the same path
    (folder / signing.MANIFEST).write_text(json.dumps(doc))
    seal = signing.check(folder)
    assert seal.doubtful(FIRST) and seal.problem is not None and "seal" in seal.problem


def test_altered_standings_give_no_grades_unless_accepted(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_tournament("tictactoe", ["ai:1", str(TESTS.parent / "prolog" / "bots"
                                             / "examples" / "greedy.pl")],
                   out=out, settings=Settings(schedule=Schedule(games_per_pair=2), grading=Grading(grades=True)))
    assert any(b["grade"] is not None for b in gather(out).doc["bots"])
    doc = json.loads((out / "standings.json").read_text())
    for b in doc["bots"]:
        b["late_days"] = 0
    (out / "standings.json").write_text(json.dumps(doc))
    report = gather(out)
    assert all(b["grade"] is None for b in report.doc["bots"])
    assert any(p.startswith("no grades:") for p in report.problems), report.problems
    assert any(b["grade"] is not None for b in gather(out, accept_altered=True).doc["bots"])
    assert os.path.exists(out / signing.MANIFEST)
