"""Crash safety: AI-vs-AI games run by `arena play --replay` in child
processes, killed with SIGKILL at random moments. Every log must read back
to its last complete move (every move the child printed, at most one more),
pass verify, and resume must finish the game to a valid result."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import pybridge
from pybridge.replay import read_replay, verify
from shell.cli.arena import main
from tests.support.cli import ARENA

RUNS = 10
PARALLEL = 4
SEATS = ("ai:1", "ai:2")
RESUME_SEATS = ("ai:1", "ai:1")  # ai:2 is slow on large boards
DELAY = "0.05"  # seconds between moves in the child: kills land mid-game
WINDOW = 0.4  # a kill comes this many seconds at most after the header
PRINTED = re.compile(r"^(\d+)\. (\S+) plays (\S+)$", re.M)


@dataclass
class Child:
    game_id: str
    path: Path
    out: Path
    proc: subprocess.Popen[bytes]
    kill_at: float = 0.0


def start(game_id: str, folder: Path, n: int) -> Child:
    path = folder / f"{n:02}-{game_id}.jsonl"
    out = folder / f"{n:02}-{game_id}.out"
    with open(out, "wb") as sink:
        proc = subprocess.Popen(
            [str(ARENA), "play", game_id, "--first", SEATS[0], "--second", SEATS[1],
             "--replay", str(path), "--no-color", "--delay", DELAY],
            stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT,
        )
    return Child(game_id, path, out, proc)


def schedule_kills(children: list[Child], rng: random.Random) -> None:
    """Waits until each child's log holds its header, then sets its kill
    time at random within WINDOW seconds after that."""
    waiting = list(children)
    deadline = time.monotonic() + 60
    while waiting:
        assert time.monotonic() < deadline, f"no header in 60 s from {waiting[0].game_id}"
        for child in list(waiting):
            if child.path.exists() and b"\n" in child.path.read_bytes():
                child.kill_at = time.monotonic() + rng.uniform(0, WINDOW)
                waiting.remove(child)
            else:
                assert child.proc.poll() is None, child.out.read_text()
        time.sleep(0.002)


def kill_all(children: list[Child]) -> None:
    for child in sorted(children, key=lambda c: c.kill_at):
        time.sleep(max(0.0, child.kill_at - time.monotonic()))
        child.proc.send_signal(signal.SIGKILL)
    for child in children:
        child.proc.wait(timeout=30)


def check_killed(child: Child, capsys: pytest.CaptureFixture[str]) -> bool:
    """The checks of one killed game; True if it was killed mid-game."""
    data = child.path.read_bytes()
    printed = [(int(n), p, m) for n, p, m in PRINTED.findall(child.out.read_text())]
    replay = read_replay(child.path)
    assert all("torn final line" in w for w in replay.warnings), replay.warnings
    assert replay.lines >= data.count(b"\n"), "a complete line was dropped"
    logged = [(p.number, p.player, p.move) for p in replay.plies]
    # every move shown was logged before the game went on; at most one more
    assert logged[:len(printed)] == printed, (logged, printed)
    assert len(logged) - len(printed) in (0, 1), (logged, printed)
    rebuilt = verify(child.path)
    if rebuilt.finished:
        return False
    kept = data[:replay.end]
    argv = ["resume", str(child.path), "--no-color",
            "--first", RESUME_SEATS[0], "--second", RESUME_SEATS[1]]
    assert main(argv) == 0, capsys.readouterr()
    capsys.readouterr()
    after = child.path.read_bytes()
    assert after.startswith(kept), "resume must append to the same log"
    finished = verify(child.path)
    assert finished.finished and finished.replay.warnings == ()
    assert finished.replay.plies[:len(logged)] == replay.plies
    assert finished.result == finished.replay.result
    assert finished.replay.players == dict(zip(finished.replay.game.players, RESUME_SEATS))
    return True


@pytest.mark.slow
def test_killed_games_read_back_verify_and_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(20261130)
    games = pybridge.games()
    mid_game = 0
    for first in range(0, RUNS, PARALLEL):
        children = [start(games[n % len(games)], tmp_path, n)
                    for n in range(first, min(first + PARALLEL, RUNS))]
        try:
            schedule_kills(children, rng)
            kill_all(children)
        finally:
            for child in children:
                if child.proc.poll() is None:
                    child.proc.kill()
                    child.proc.wait()
        for child in children:
            mid_game += check_killed(child, capsys)
    # kills after a game ended test less: most must land mid-game
    assert mid_game >= RUNS // 3, f"only {mid_game} of {RUNS} kills landed mid-game"


def test_sigkill_leaves_no_torn_record_behind_the_result(tmp_path: Path) -> None:
    """A child left to finish writes a complete log: the control case."""
    child = start("tictactoe", tmp_path, 0)
    assert child.proc.wait(timeout=60) == 0, child.out.read_text()
    rebuilt = verify(child.path)
    assert rebuilt.finished and rebuilt.replay.warnings == ()
    printed = PRINTED.findall(child.out.read_text())
    assert len(printed) == len(rebuilt.replay.moves)
    assert os.path.getsize(child.path) == rebuilt.replay.end
