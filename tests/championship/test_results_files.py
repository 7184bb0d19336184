"""A results folder turned against its reader: planted links, FIFOs,
devices, paths out of the folder, deep JSON, forged results. Every write
is atomic and follows no link; every read takes only regular files inside
the folder; `arena report` and `tournament --resume` count what the logs
show, and a crafted folder never gives a traceback."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from pybridge import safeio
from pybridge.championship.checkpoint import GAMES, append_game, finished_games, read_games
from pybridge.replay import ReplayFormatError, read_replay
from pybridge.report.results import gather
from pybridge.championship.schedule import schedule
from pybridge.championship.scoring import GameRecord
from tests.support.corpus import PLAYED_SPECS
from pybridge.championship.tournament import Schedule, Settings, run_tournament
from shell.cli.arena import main

SPECS = PLAYED_SPECS


@pytest.fixture
def folder(played: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out"
    shutil.copytree(played, out)
    return out


def _doc(out: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((out / "standings.json").read_text())
    return doc


def _set_doc(out: Path, doc: dict[str, Any]) -> None:
    (out / "standings.json").write_text(json.dumps(doc))


# -- writes -------------------------------------------------------------------


def test_a_planted_link_at_the_target_or_its_tmp_is_never_followed(tmp_path: Path) -> None:
    outside = tmp_path / "bashrc"
    outside.write_text("mine\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.md").symlink_to(outside)
    (out / "report.md.tmp").symlink_to(outside)
    safeio.write_inside(out, "report.md", "# report\n")
    assert outside.read_text() == "mine\n"
    assert not (out / "report.md").is_symlink() and (out / "report.md").read_text() == "# report\n"
    assert (out / "report.md.tmp").is_symlink()  # left alone, never written through


def test_a_planted_folder_link_on_the_way_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "games").symlink_to(elsewhere)
    with pytest.raises(safeio.UnsafeFileError, match="symbolic link or not a folder"):
        safeio.write_inside(out, "games/0001.html", "<p>x</p>")
    assert list(elsewhere.iterdir()) == []


def test_arena_report_writes_through_no_planted_link(folder: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    for name in ("report.md", "index.html", "report.md.tmp", "index.html.tmp"):
        (folder / name).symlink_to(victim)
    assert main(["report", str(folder)]) == 0
    assert victim.read_text() == "keep\n"
    assert "Championship" in (folder / "report.md").read_text()
    assert not (folder / "index.html").is_symlink()


def test_resume_writes_through_no_planted_link(folder: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    for name in ("standings.json.tmp", "tournament.json.tmp", GAMES + ".tmp"):
        (folder / name).symlink_to(victim)
    (folder / "standings.csv").unlink()
    (folder / "standings.csv").symlink_to(victim)
    result = run_tournament("tictactoe",
                            SPECS,
                            out=folder,
                            resume=True,
                            settings=Settings(schedule=Schedule(games_per_pair=2)))
    assert result.kept == 2 and victim.read_text() == "keep\n"
    assert (folder / "standings.csv").read_text().startswith("rank,name")


def test_appending_a_game_to_a_planted_link_is_a_clear_error(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    (tmp_path / GAMES).symlink_to(victim)
    with pytest.raises(safeio.UnsafeFileError, match="never followed"):
        append_game(tmp_path, GameRecord(0, "a", "b", "a", "won"), {})
    assert victim.read_text() == "keep\n"


# -- reads ----------------------------------------------------------------------


@pytest.mark.parametrize("replay", ["/dev/zero", "../../x", "/etc/passwd", "replays/fifo",
                                    "replays/zero", "replays/deep.jsonl", 7, None, "replays/../.."])
def test_a_crafted_replay_path_is_a_note_not_a_hang(folder: Path, replay: object,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(folder / "replays" / "fifo")
    (folder / "replays" / "zero").symlink_to("/dev/zero")
    (folder / "replays" / "deep.jsonl").write_text("[" * 100_000 + "]" * 100_000 + "\n")
    doc = _doc(folder)
    doc["games"][0]["replay"] = replay
    _set_doc(folder, doc)
    assert main(["report", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "report: not counted: " in out and "game 2" not in out
    assert "not counted" in (folder / "report.md").read_text()
    assert len(_doc(folder)["games"]) == 2  # standings.json is left as it was


def test_one_log_counts_for_one_game_only(folder: Path) -> None:
    doc = _doc(folder)
    doc["games"][1]["replay"] = "replays/./" + doc["games"][0]["replay"].split("/")[1]
    _set_doc(folder, doc)
    report = gather(folder)
    assert [g["index"] for g in report.doc["games"]] == [0]
    assert report.problems == [
        "altered: standings.json was altered after it was signed (its signature in "
        "signatures.json does not match)", "not counted: game 2: its log is game 1's"]


def test_reads_refuse_devices_fifos_links_and_size(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "zero").symlink_to("/dev/zero")
    (tmp_path / "big").write_bytes(b"x" * 100)
    with pytest.raises(safeio.UnsafeFileError, match="FIFO"):
        safeio.read_inside(tmp_path, "fifo", limit=10)
    with pytest.raises(safeio.UnsafeFileError, match="symbolic link"):
        safeio.read_inside(tmp_path, "zero", limit=10)
    with pytest.raises(safeio.UnsafeFileError, match="too large"):
        safeio.read_inside(tmp_path, "big", limit=10)
    with pytest.raises(safeio.UnsafeFileError, match="character device"):
        safeio.read_regular("/dev/zero", limit=10)
    with pytest.raises(ReplayFormatError, match="FIFO"):
        read_replay(tmp_path / "fifo")
    with pytest.raises(safeio.UnsafeFileError, match="deeper than"):
        safeio.load_json("[" * 50 + "]" * 50, "x.json")
    with pytest.raises(safeio.UnsafeFileError, match="deeper than"):
        safeio.load_json("[" * 100_000 + "]" * 100_000, "x.json")


def test_a_deep_json_line_in_a_log_is_a_format_error(tmp_path: Path) -> None:
    log = tmp_path / "deep.jsonl"
    log.write_text('{"type": ' + "[" * 10_000 + "]" * 10_000 + "}\n")
    with pytest.raises(ReplayFormatError, match="nested deeper"):
        read_replay(log)


def test_a_deep_or_foreign_standings_file_is_one_clear_error(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "standings.json").write_text("[" * 100_000 + "]" * 100_000)
    assert main(["report", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "standings.json" in err and "deeper than" in err and "Traceback" not in err
    (folder / "standings.json").unlink()
    os.mkfifo(folder / "standings.json")
    assert main(["report", str(folder)]) == 2
    assert "is not a regular file (a FIFO)" in capsys.readouterr().err


# -- results come from the logs ---------------------------------------------------


def test_report_counts_the_logs_result_not_the_standings(folder: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    doc = _doc(folder)
    game = doc["games"][0]
    loser = game["second"] if game["winner"] == game["first"] else game["first"]
    game["winner"] = loser
    for b in doc["bots"]:
        b["points"] = 99
    _set_doc(folder, doc)
    assert main(["report", str(folder)]) == 0
    assert "its log says" in capsys.readouterr().out
    report = gather(folder)
    assert report.doc["games"][0]["winner"] != loser
    assert sorted(b["points"] for b in report.doc["bots"]) != [99, 99]
    assert "corrected: game 1" in (folder / "report.md").read_text()


def test_resume_counts_the_logs_result_and_reports_the_disagreement(folder: Path) -> None:
    lines = (folder / GAMES).read_text().splitlines()
    doc = json.loads(lines[0])
    real = doc["winner"]
    doc["winner"] = doc["second"] if real == doc["first"] else doc["first"]
    (folder / GAMES).write_text("\n".join([json.dumps(doc)] + lines[1:]) + "\n")
    resumed = finished_games(folder, schedule(SPECS, 2))
    assert resumed.kept[0][0].winner == real
    assert len(resumed.disagreements) == 1 and "the log's result counts" in resumed.disagreements[0]
    result = run_tournament("tictactoe",
                            SPECS,
                            out=folder,
                            resume=True,
                            settings=Settings(schedule=Schedule(games_per_pair=2)))
    assert result.records[0].winner == real and result.disagreements
    assert read_games(folder)[0][0].winner == real


def test_resume_drops_a_log_of_another_game(folder: Path) -> None:
    other = folder.parent / "c4"
    run_tournament("connect4",
                   SPECS,
                   out=other,
                   settings=Settings(schedule=Schedule(games_per_pair=2)))
    shutil.copy(other / "replays" / "0001-random-vs-ai_1.jsonl",
                folder / "replays" / "0001-random-vs-ai_1.jsonl")
    from pybridge.games.game import load_game

    resumed = finished_games(folder, schedule(SPECS, 2), load_game("tictactoe"))
    assert resumed.removed == 1 and sorted(resumed.kept) == [1]


def test_resume_removes_a_planted_link_not_its_target(folder: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.jsonl"
    victim.write_text("keep\n")
    log = folder / "replays" / "0001-random-vs-ai_1.jsonl"
    log.unlink()
    log.symlink_to(victim)
    result = run_tournament("tictactoe",
                            SPECS,
                            out=folder,
                            resume=True,
                            settings=Settings(schedule=Schedule(games_per_pair=2)))
    assert result.kept == 1 and victim.read_text() == "keep\n" and not log.is_symlink()


def test_a_replay_log_is_never_written_through_a_link_or_into_a_fifo(tmp_path: Path) -> None:
    from pybridge.games.game import load_game
    from pybridge.replay import ReplayWriter

    game = load_game("tictactoe")
    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    link = tmp_path / "game.jsonl"
    link.symlink_to(victim)
    with pytest.raises(ReplayFormatError, match="symbolic link"):
        ReplayWriter.create(link, game, {"x": "random", "o": "random"}, overwrite=True)
    with pytest.raises(ReplayFormatError, match="symbolic link"):
        ReplayWriter.append(link)
    os.mkfifo(tmp_path / "pipe.jsonl")
    with pytest.raises(ReplayFormatError, match="FIFO"):
        ReplayWriter.create(tmp_path / "pipe.jsonl", game, {"x": "random", "o": "random"},
                            overwrite=True)
    assert victim.read_text() == "keep\n"


def test_resume_prints_where_games_jsonl_lied(folder: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    lines = (folder / GAMES).read_text().splitlines()
    doc = json.loads(lines[1])
    doc["winner"], doc["reason"] = "draw", "agreed\x1b[2J"
    (folder / GAMES).write_text("\n".join([lines[0], json.dumps(doc)]) + "\n")
    code = main(["tournament", "tictactoe", *SPECS, "--out", str(folder), "--resume"])
    printed = capsys.readouterr().out
    assert code == 0 and "resumed: 2 finished games kept" in printed
    assert "resume: game 2 (replays/0002-ai_1-vs-random.jsonl): games.jsonl says draw: " \
           "agreed\\x1b[2J, its log says" in printed
    assert "\x1b" not in printed


def test_a_games_list_that_is_a_fifo_loses_only_the_bots_output(folder: Path) -> None:
    (folder / GAMES).unlink()
    os.mkfifo(folder / GAMES)
    report = gather(folder)
    assert len(report.doc["games"]) == 2
    assert any("is not a regular file (a FIFO)" in p for p in report.problems)
    result = run_tournament("tictactoe",
                            SPECS,
                            out=folder,
                            resume=True,
                            settings=Settings(schedule=Schedule(games_per_pair=2)))
    assert result.kept == 2 and "FIFO" in result.disagreements[0]
    assert (folder / GAMES).is_file()
