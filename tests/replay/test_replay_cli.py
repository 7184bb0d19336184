"""arena verify / replay / resume and arena play --replay, on real logs."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import pybridge
from pybridge.replay import ReplayWriter, read_replay, verify
from tests.support.cli import ARENA
from tests.support.cli import run
from tests.support.says import says


def play(path: Path, *args: str, game: str = "tictactoe") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ARENA), "play", game, "--first", "ai:1", "--second", "ai:2", "--no-color",
         "--replay", str(path), *args],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
    )


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a finished AI-vs-AI tic-tac-toe log written by arena play."""
    path = tmp_path_factory.mktemp("cli") / "game.jsonl"
    done = play(path)
    assert done.returncode == 0, done.stderr
    lines = path.read_text().splitlines()
    assert json.loads(lines[-1])["type"] == "result"
    assert len(lines) >= 7  # header, at least 5 moves, result
    return lines


def test_play_writes_a_valid_log(logged: list[str], tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(logged) + "\n")
    code, out, err = run(["verify", str(path)], capsys)
    assert (code, err) == (0, "")
    result = json.loads(logged[-1])
    assert out.startswith(f"{path}: valid: tictactoe, {len(logged) - 2} moves, ")
    assert result["reason"] in out
    header = json.loads(logged[0])
    assert header["players"] == {"x": "ai:1", "o": "ai:2"}


def test_play_logs_only_where_replay_says(tmp_path: Path) -> None:
    import os

    state = tmp_path / "state"
    path = tmp_path / "only.jsonl"
    done = subprocess.run(
        [str(ARENA), "play", "tictactoe", "--first", "ai:1", "--second", "ai:1", "--no-color",
         "--replay", str(path)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
        env={**os.environ, "XDG_STATE_HOME": str(state)},
    )
    assert done.returncode == 0, done.stderr
    assert verify(path).replay.result is not None
    assert done.stdout.count("replay log: ") == 1, done.stdout
    says(done.stdout, "replay log", path)
    assert not list(state.glob("**/*.jsonl"))


def test_play_refuses_an_existing_log(logged: list[str], tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(logged) + "\n")
    done = play(path)
    assert done.returncode == 2
    says(done.stderr, path, "exists already", "finished game")
    assert "resume" not in done.stderr and "Traceback" not in done.stderr
    assert path.read_text() == "\n".join(logged) + "\n"
    unfinished = tmp_path / "u.jsonl"                   # no result yet: resume goes on
    unfinished.write_text("\n".join(logged[:-1]) + "\n")
    done = play(unfinished)
    assert done.returncode == 2
    assert f"resume {unfinished} continues it" in done.stderr, done.stderr


def _tampered(lines: list[str], index: int, **changes: object) -> list[str]:
    record = json.loads(lines[index])
    record.update(changes)
    return [*lines[:index], json.dumps(record), *lines[index + 1:]]


def _without(lines: list[str], index: int, key: str) -> list[str]:
    record = json.loads(lines[index])
    del record[key]
    return [*lines[:index], json.dumps(record), *lines[index + 1:]]


def _other(seat: str) -> str:
    return "o" if seat == "x" else "x"


def tampering(lines: list[str]) -> dict[str, tuple[list[str], int, int, str]]:
    """name: (lines, exit code, line named, text expected in the message)."""
    third = json.loads(lines[3])
    earlier = json.loads(lines[1])["move"]
    result = json.loads(lines[-1])
    wrong = "x" if result["winner"] != "x" else "o"
    return {
        "changed move": (_tampered(lines, 3, move=earlier), 1, 4, f"illegal move {earlier!r}"),
        "swapped player": (_tampered(lines, 3, player=_other(third["player"])), 1, 4,
                           f"but {third['player']} is to move"),
        "deleted middle line": ([*lines[:2], *lines[3:]], 1, 3, "ply 2 is due"),
        "wrong result": (_tampered(lines, len(lines) - 1, winner=wrong), 1, len(lines),
                         f"result {wrong} wins"),
        "invalid JSON": ([*lines[:2], lines[2][:-1], *lines[3:]], 2, 3, "bad JSON"),
        "truncated header": ([lines[0][:40], *lines[1:]], 2, 1, "bad JSON"),
        "unknown record type": ([*lines[:2], '{"type":"pass"}', *lines[2:]], 2, 3,
                                "unknown record type 'pass'"),
        "missing field": (_without(lines, 2, "ply"), 2, 3, "no field 'ply'"),
        "another game": (_tampered(lines, 0, game="chess"), 2, 1, "unknown game 'chess'"),
        "newer format version": (_tampered(lines, 0, version=99), 2, 1, "format version 99 is newer"),
    }


@pytest.mark.parametrize("case", [
    "changed move", "swapped player", "deleted middle line", "wrong result", "invalid JSON",
    "truncated header", "unknown record type", "missing field", "another game",
    "newer format version",
])
def test_verify_tampered(case: str, logged: list[str], tmp_path: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:
    lines, code, line, text = tampering(logged)[case]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    got, out, err = run(["verify", str(path)], capsys)
    assert got == code, err
    assert out == ""
    assert f"{path}:{line}: " in err and text in err, err
    if code == 1:  # the move or result at fault is named too
        record = json.loads(lines[line - 1])
        assert repr(record.get("move")) in err or record["type"] == "result"


def test_verify_exit_codes_from_the_installed_command(logged: list[str], tmp_path: Path) -> None:
    cases = tampering(logged)
    for name in ("changed move", "truncated header"):
        lines, code, line, _ = cases[name]
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        done = subprocess.run([str(ARENA), "verify", str(path)], capture_output=True, text=True)
        assert done.returncode == code, done.stderr
        assert f":{line}: " in done.stderr
    done = subprocess.run([str(ARENA), "verify", str(tmp_path / "nothing.jsonl")],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "No such file or directory" in done.stderr


def test_verify_torn_final_line_warns(logged: list[str], tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "torn.jsonl"
    path.write_text("\n".join(logged[:4]) + "\n" + logged[4][:9])
    code, out, err = run(["verify", str(path)], capsys)
    assert code == 0
    assert "valid: tictactoe, 3 moves, unfinished" in out
    says(err, "warning", f"{path}:5", "torn final line")


def test_replay_prints_every_position(logged: list[str], tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(logged) + "\n")
    code, out, err = run(["replay", str(path), "--no-color"], capsys)
    assert (code, err) == (0, "")
    assert "\x1b[" not in out
    moves = [json.loads(line) for line in logged[1:-1]]
    game = pybridge.load_game("tictactoe")
    state = game.initial_state()
    at = out.index(state.display(color=False).rstrip())
    for record in moves:
        state = state.move(record["move"])
        at = out.index(f"{record['ply']}. {record['player']} plays {record['move']}", at)
        at = out.index(state.display(color=False, last_move=record["move"]).rstrip(), at)
    assert json.loads(logged[-1])["reason"] in out[at:]


def test_replay_step_waits_for_enter(logged: list[str], tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(logged) + "\n")
    done = subprocess.run([str(ARENA), "replay", str(path), "--step", "--no-color"],
                          input="\n\nq\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("(Enter: next move, q: to the end)") == 3
    assert f"{len(logged) - 2}. " in done.stdout  # q played the rest


def test_replay_stops_at_an_illegal_move(logged: list[str], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    lines, _, line, _ = tampering(logged)["changed move"]
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run(["replay", str(path), "--no-color"], capsys)
    assert code == 1, err
    says(err, f":{line}:", "illegal move")
    assert "2. " in out and "3. " not in out


def test_resume_finishes_the_game(logged: list[str], tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    prefix = "\n".join(logged[:4]) + "\n"
    path.write_text(prefix + logged[4][:5])  # three moves and a torn line
    code, out, err = run(["resume", str(path), "--no-color", "--second", "ai:3"], capsys)
    assert code == 0, err
    assert "torn final line" in err
    text = path.read_text()
    assert text.startswith(prefix)
    assert json.loads(text.splitlines()[4]) == {"type": "players", "players": {"x": "ai:1", "o": "ai:3"}}
    rebuilt = verify(path)
    assert rebuilt.finished and rebuilt.replay.warnings == ()
    assert len(rebuilt.replay.moves) > 3
    code, out, err = run(["resume", str(path)], capsys)
    assert code == 2, err
    says(err, "nothing to resume", "over")


def test_resume_writes_a_missing_result(logged: list[str], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("\n".join(logged[:-1]) + "\n")  # the result record never written
    code, out, err = run(["verify", str(path)], capsys)
    assert code == 0, err
    says(out, "result", "not logged")
    code, out, err = run(["resume", str(path), "--no-color"], capsys)
    assert code == 0, err
    assert path.read_text() == "\n".join(logged) + "\n"
    assert read_replay(path).result is not None


def test_resume_refuses_a_log_being_written(logged: list[str], tmp_path: Path) -> None:
    path = tmp_path / "busy.jsonl"
    path.write_text("\n".join(logged[:3]) + "\n")
    with ReplayWriter.append(path):
        done = subprocess.run([str(ARENA), "resume", str(path), "--no-color"],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    says(done.stderr, "busy.jsonl", "being written")
    assert "Traceback" not in done.stderr
    assert path.read_text() == "\n".join(logged[:3]) + "\n"
