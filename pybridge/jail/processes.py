"""The processes of one bot host's jail: a bound on how many there are,
on the memory they hold together, and the sweep that leaves only the
host alive between two of its moves.

Each jail gets a control group of its own in every controller the
machine lets this process use: ``pids`` (a process limit) and ``memory``
(its processes' memory, tmpfs pages and kernel objects included), in
cgroup v2 or v1. The host's first process joins them before it execs
bubblewrap, so nothing of the jail runs outside them. Without a pids
controller, RLIMIT_NPROC is set inside the jail (counted per user
namespace since Linux 5.14, so per jail under bubblewrap); processes of
root are exempt from it, so a root arena starts each bubblewrap under a
user id of its own (UID_BASE and up), which reads the bot's and the
game's files and the saved state through copies bubblewrap makes. Between two of its moves the host is stopped (SIGSTOP), so that a
thread it runs cannot slow the opponent. The jail's processes are then found by their
pid namespace (bubblewrap) or the process group (isolation none, where
a bot that starts a session of its own escapes the sweep).

:func:`pybridge.jail.cgroups.describe` says which of these is in use.
"""

from __future__ import annotations

import itertools
import logging
import os
import shutil
import signal
import time
from pathlib import Path

from pybridge.jail import cgroups

log = logging.getLogger(__name__)

#: Tasks (processes and threads) one jail may hold at once.
DEFAULT_PROCESSES = 64

#: Per-jail user ids when root has no pids controller: UID_BASE + (jail
#: number modulo UID_SPAN), ids no account uses.
UID_BASE = 0x7A000000
UID_SPAN = 1 << 20

_numbers = itertools.count(1)


def _status(pid: int) -> dict[str, str]:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)


def _alive(pid: int) -> bool:
    # the state letter of /proc/PID/stat, after the command in parentheses
    # (one short line: a sweep after every reply reads it of each process)
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            text = f.read(512)
    except OSError:
        return False
    after = text.rpartition(b")")[2].split(None, 1)
    return bool(after) and after[0] not in (b"Z", b"X", b"x")


def _parent(pid: int) -> int:
    try:
        return int(_status(pid).get("PPid", "0"))
    except ValueError:
        return 0


class Jail:
    """The control groups (or, without them, the rlimit) of one host
    process. :meth:`enter` prefixes the host's command; after the host
    has started, :meth:`found_host` names its processes; after each reply
    call :meth:`sweep` then :meth:`pause`, :meth:`resume` before each
    request, and :meth:`close` at the end."""

    def __init__(self, *, processes: int = DEFAULT_PROCESSES, memory_bytes: int | None = None,
                 bwrap: bool = True) -> None:
        self.processes = processes
        self.bwrap = bwrap
        self.number = next(_numbers)
        self.groups: dict[str, Path] = {}
        self.uid: int | None = None  # a user id of its own (root, no pids cgroup)
        self.root = 0  # the process started (bubblewrap, or the host itself)
        self.host = 0  # the host's own process
        self.keep: set[int] = set()  # processes the sweep spares
        self.paused: set[int] = set()  # processes stopped until the next request
        found = cgroups.controllers()
        name = f"{os.getpid()}-{self.number}"
        try:
            for kind, controller in found.items():
                group = controller.folder / name
                group.mkdir()
                self.groups[kind] = group
                if kind == "pids":
                    (group / "pids.max").write_text(str(processes))
                elif memory_bytes is not None:
                    limit = "memory.max" if controller.version == 2 else "memory.limit_in_bytes"
                    (group / limit).write_text(str(memory_bytes))
                    if (group / "memory.swap.max").exists():  # v2 with swap accounting
                        (group / "memory.swap.max").write_text("0")
                    elif (group / "memory.memsw.limit_in_bytes").exists():  # v1
                        (group / "memory.memsw.limit_in_bytes").write_text(str(memory_bytes))
        except OSError as exc:
            self.close()
            raise OSError(f"cannot make the jail's control group: {exc}") from exc
        if "pids" not in self.groups and bwrap and os.geteuid() == 0:
            self.uid = UID_BASE + self.number % UID_SPAN

    @property
    def nproc(self) -> int | None:
        """RLIMIT_NPROC to set inside the jail, when no pids cgroup bounds it."""
        return None if "pids" in self.groups else self.processes

    def enter(self, command: list[str]) -> list[str]:
        """``command`` made to start inside this jail's control groups
        (and under its own user id, if it has one)."""
        argv = list(command)
        if self.uid is not None:
            argv = [shutil.which("setpriv") or "setpriv", f"--reuid={self.uid}", f"--regid={self.uid}",
                    "--clear-groups", "--", *argv]
        if self.groups:
            files = [str(g / "cgroup.procs") for g in self.groups.values()]
            script = ("set -e; " + "".join(f'echo $$ > "${i + 1}"; ' for i in range(len(files)))
                      + f'shift {len(files)}; exec "$@"')
            argv = ["/bin/sh", "-c", script, "sh", *files, *argv]
        return argv

    def started(self, pid: int) -> None:
        """``pid`` is the process that :meth:`enter`'s command became."""
        self.root = pid
        self.keep = {pid}

    def _listed(self) -> set[int] | None:
        """The processes the jail's control group lists (zombies among
        them), or None without one or when it cannot be read."""
        group = self.groups.get("pids") or self.groups.get("memory")
        if group is None:
            return None
        try:
            with open(group / "cgroup.procs", "rb") as f:
                return {int(p) for p in f.read().split()}
        except (OSError, ValueError):
            return None

    def procs(self) -> set[int]:
        """Every live process of the jail."""
        found = self._listed()
        if found is None:
            found = self._same_pid_namespace() if self.bwrap else self._same_group()
        return {p for p in found if _alive(p)}

    def _same_pid_namespace(self) -> set[int]:
        """The started process and all its descendants: every process of
        the jail's pid namespace descends from its init (an orphan is
        given to it), and none can enter it from outside."""
        found: set[int] = set()
        todo = [self.root] if self.root else []
        while todo:
            pid = todo.pop()
            if pid in found:
                continue
            found.add(pid)
            todo += _children(pid)
        return found

    def _same_group(self) -> set[int]:
        found = set()
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if os.getpgid(int(entry.name)) == self.root:
                        found.add(int(entry.name))
                except OSError:
                    continue
        return found

    def found_host(self) -> int:
        """The host's process, once it has answered: bubblewrap's init is
        the started process's child, and the host the first process it
        started (process 2 of the jail's pid namespace)."""
        if not self.bwrap:
            self.host = self.root
        elif not self.host:
            procs = self.procs()
            for pid in procs:
                ns_pids = _status(pid).get("NSpid", "").split()
                if len(ns_pids) >= 2 and ns_pids[-1] == "2" and _parent(_parent(pid)) == self.root:
                    self.host = pid
                    self.keep |= {pid, _parent(pid)}
                    break
        if self.host:
            self.keep.add(self.host)
        return self.host

    def game_started(self) -> None:
        """The host has just forked a game's process (which ran nothing of
        the bot yet): spare it too."""
        host = self.found_host()
        self.keep = {p for p in self.keep if p != 0}
        self.keep |= {p for p in self.procs() if _parent(p) == host}

    def game_ended(self, *, timeout: float) -> bool:
        """The game's process was told to end: wait up to ``timeout``
        seconds for it to be gone, then spare only the host again. False
        if it is still there (it is then no longer spared)."""
        host = self.found_host()
        game = {p for p in self.keep if p != host and _parent(p) == host}
        deadline = time.monotonic() + timeout
        while any(_alive(p) and _parent(p) == host for p in game):
            if time.monotonic() > deadline:
                self.keep -= game
                return False
            time.sleep(0.002)
        self.keep -= game
        return True

    def pause(self) -> None:
        """Stop the host (and its game's process) with SIGSTOP, every
        thread of it, until :meth:`resume`: nothing of the jail runs while
        it is not its move (a thread runs no more code of its own once the
        signal is sent: it stops on its way back from the kernel). SIGKILL
        still ends a stopped process, so it still dies with the arena."""
        host = self.found_host()
        if not host:
            return
        self.paused = {p for p in self.keep if p > 0 and (p == host or _parent(p) == host)}
        for pid in self.paused:
            try:
                os.kill(pid, signal.SIGSTOP)
            except (ProcessLookupError, PermissionError):
                pass

    def resume(self) -> None:
        """Let the processes :meth:`pause` stopped run again."""
        paused, self.paused = self.paused, set()
        for pid in paused:
            try:
                os.kill(pid, signal.SIGCONT)
            except (ProcessLookupError, PermissionError):
                pass

    def sweep(self) -> int:
        """SIGKILL every process of the jail but those it keeps, until none
        is left; how many were killed."""
        killed = 0
        listed = self._listed()
        if listed is not None and listed <= self.keep:
            self.keep &= listed         # one read: nothing but the kept (a pid
            return 0                    # leaves the list only once reaped)
        self.keep = {p for p in self.keep if _alive(p)}
        for _ in range(200):
            extra = {p for p in self.procs() - self.keep if p > 0}
            if not extra:
                break
            for pid in extra:
                try:
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
                except (ProcessLookupError, PermissionError):
                    pass
            time.sleep(0.001)
        if killed:
            log.debug("jail %s: killed %d processes", self.number, killed)
        return killed

    def kill_all(self) -> None:
        """Kill every process of the jail."""
        self.keep = set()
        self.sweep()

    def close(self) -> None:
        """Kill whatever is left and remove the control groups."""
        if self.groups:
            self.kill_all()
        for group in self.groups.values():
            for _ in range(100):
                try:
                    group.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    self.sweep()
                    time.sleep(0.01)
            else:
                log.warning("could not remove the control group %s", group)
        self.groups = {}


def _children(pid: int) -> set[int]:
    """The children of every thread of ``pid``."""
    found: set[int] = set()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            found.update(int(p) for p in Path(f"/proc/{pid}/task/{task}/children").read_text().split())
        except (OSError, ValueError):
            continue
    return found


__all__ = ["DEFAULT_PROCESSES", "Jail"]
