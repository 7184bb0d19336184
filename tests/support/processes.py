"""Processes as /proc shows them: whether one is alive, what runs under
it, the hosts a run left behind; waiting for a condition, stopping a
tournament with Ctrl-C after some games, and the mark of tests that need
bubblewrap."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pybridge.jail import sandbox

BWRAP_PROBLEM = sandbox.bwrap_problem()
needs_bwrap = pytest.mark.skipif(
    BWRAP_PROBLEM is not None,
    reason=f"bubblewrap cannot run on this machine: {BWRAP_PROBLEM}")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is not alive
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def settle(condition: Callable[[], object], seconds: float = 5.0) -> bool:
    """Wait for ``condition()``: a bot's stderr is drained by its own thread,
    so what it printed may arrive a little after its reply."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(condition())


def descendants(pid: int) -> set[int]:
    """Every process under ``pid`` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def host_processes(marker: str) -> list[int]:
    """Processes whose command line mentions ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().split()[2]
        except OSError:
            continue
        if marker in cmdline and "--in-fd" in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


def interrupt_after_games(proc: "subprocess.Popen[str]", games: int,
                          timeout: float) -> tuple[str, str]:
    """Read a tournament's output until ``games`` games are done, then
    press Ctrl-C as a terminal does (its whole foreground group); (all it
    printed, its stderr)."""
    assert proc.stdout is not None
    lines = []
    try:
        for line in proc.stdout:
            lines.append(line)
            if sum(1 for x in lines if x.startswith("game ")) == games:
                os.killpg(proc.pid, signal.SIGINT)
                break
        rest, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
    return "".join(lines) + rest, err
