"""Starting, watching and reaping a jailed host process (a bot host or a
game host): one long-lived thread that starts them, their reply pipe
read as a reply is awaited, a bounded tail of what they print, and the reaper that kills what
is left of a host and its jail."""

from __future__ import annotations

import collections
import os
import queue
import math
import re
import select
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import IO, Callable, Union

from pybridge.jail import processes as jail
from pybridge.text import clean

#: What SWI-Prolog prints on a fatal error (then it may hang instead of ending).
FATAL = b"[FATAL ERROR"


def sane_name(path: Path) -> str:
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", path.stem)[:60] or "bot"
    return stem + (path.suffix if re.fullmatch(r"\.\w+", path.suffix) else ".pl")


class Tail:
    """The last ``limit`` bytes written to a pipe, and how many in all."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.total = 0
        self._chunks: collections.deque[bytes] = collections.deque()
        self._size = 0
        self._lock = threading.Lock()

    def add(self, chunk: bytes) -> None:
        with self._lock:
            self.total += len(chunk)
            self._chunks.append(chunk)
            self._size += len(chunk)
            while self._size - len(self._chunks[0]) >= self.limit:
                self._size -= len(self._chunks.popleft())

    def reset(self) -> None:
        """Forget everything: what comes next is counted from 0."""
        with self._lock:
            self.total = self._size = 0
            self._chunks.clear()

    def since(self, total: int) -> str:
        """What came after the first ``total`` bytes (as much as is kept),
        control characters escaped."""
        with self._lock:
            data = b"".join(self._chunks)
            new = self.total - total
        return clean(data[-new:].decode("utf-8", errors="replace"), self.limit) if new > 0 else ""

    def text(self) -> str:
        with self._lock:
            data = b"".join(self._chunks)
        data = data[-self.limit:] if len(data) > self.limit else data
        cut = self.total - len(data)
        out = clean(data.decode("utf-8", errors="replace"), self.limit)
        return (f"[{cut} bytes before this were dropped]\n" + out) if cut else out


#: What starts a process, and what came of it: the process or what it raised.
Start = Callable[[], "subprocess.Popen[bytes]"]
Started = Union["subprocess.Popen[bytes]", BaseException]


class Spawner:
    """Starts processes from one thread that lives as long as this
    process: bubblewrap's --die-with-parent kills the sandbox when the
    thread that started it ends, not only the process."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Start, queue.Queue[Started]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def __call__(self, start: Start) -> "subprocess.Popen[bytes]":
        """The process ``start`` starts (it calls subprocess.Popen), started
        on the spawner's thread; what it raises is raised here."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="bot-spawner",
                                                 daemon=True)
                self._thread.start()
        done: queue.Queue[Started] = queue.Queue()
        self._jobs.put((start, done))
        got = done.get()
        if isinstance(got, BaseException):
            raise got
        return got

    def _run(self) -> None:
        while True:
            start, done = self._jobs.get()
            try:
                done.put(start())
            except BaseException as exc:  # handed to the caller
                done.put(exc)


spawn = Spawner()


#: A reply line longer than this comes in pieces of this size.
MAX_LINE = 1 << 20


class Replies:
    """The lines a host writes on its reply pipe, read by the caller when
    it waits for one (no thread between the host and the caller: a reply
    costs one wake-up). :meth:`get` answers as a queue's ``get`` would:
    ``(arrival, line)``, ``(arrival, None)`` once the pipe has ended, or
    :class:`queue.Empty` when no whole line came in time."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self._pipe = pipe
        self._buffer = bytearray()
        self._ended = False
        self._poll = select.poll()
        self._poll.register(pipe.fileno(), select.POLLIN | select.POLLHUP | select.POLLERR)

    def get(self, timeout: float | None = None) -> tuple[float, bytes | None]:
        deadline = None if timeout is None else time.monotonic() + timeout
        while (line := self._line()) is None and not self._ended:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not self._poll.poll(None if wait is None else math.ceil(wait * 1000)):
                raise queue.Empty
            try:
                chunk = os.read(self._pipe.fileno(), 65536)
            except (OSError, ValueError):  # closed by the reaper
                chunk = b""
            if chunk:
                self._buffer += chunk
            else:
                self._ended = True
        return time.monotonic(), line

    def _line(self) -> bytes | None:
        end = self._buffer.find(b"\n", 0, MAX_LINE) + 1
        if not end and (len(self._buffer) >= MAX_LINE or self._ended):
            end = min(len(self._buffer), MAX_LINE)
        if not end:
            return None
        line = bytes(self._buffer[:end])
        del self._buffer[:end]
        return line


def drain(pipe: IO[bytes], tail: Tail, fatal: threading.Event,
           proc: "subprocess.Popen[bytes]") -> None:
    seen = b""                          # the fatal message so far
    while chunk := pipe.read1(65536):  # type: ignore[attr-defined]
        tail.add(chunk)
        if fatal.is_set():
            if seen and b"]" not in seen:
                seen += chunk[:4096]
                if b"]" in seen:        # the message is whole: end it now
                    kill_group(proc)
            continue
        if FATAL in chunk:
            # SWI-Prolog 9.0 can hang after a fatal error (out of memory)
            # instead of ending: end it once the message (which says why)
            # is in, or after 2 s (a bot printing this text ends itself,
            # which gains it nothing)
            fatal.set()
            seen = chunk[chunk.index(FATAL):][:4096]
            if b"]" in seen:
                kill_group(proc)
            else:
                threading.Timer(2.0, kill_group, (proc,)).start()


def kill_group(proc: "subprocess.Popen[bytes]") -> None:
    """SIGKILL the process group of ``proc`` unless it is reaped already
    (its id could then belong to another process)."""
    if proc.returncode is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def reap(proc: "subprocess.Popen[bytes]", workdir: str, pipes: tuple[IO[bytes], ...],
          its_jail: jail.Jail) -> None:
    """Kill and reap ``proc`` if need be, close its pipes, remove its
    working directory and its jail."""
    if proc.returncode is None:
        kill_group(proc)
        its_jail.kill_all()
        proc.wait()
    its_jail.close()
    for pipe in (proc.stdout, *pipes):
        try:
            if pipe is not None:
                pipe.close()
        except OSError:
            pass
    if workdir:
        shutil.rmtree(workdir, ignore_errors=True)


def exit_words(code: int | None) -> str:
    """How a process ended, in words: 'killed by SIGKILL', 'exit status 1'."""
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    if code is not None and 128 < code < 128 + signal.NSIG:
        # bubblewrap and shells pass on a child killed by signal n as 128+n
        try:
            return f"exit status {code}, a process killed by {signal.Signals(code - 128).name}"
        except ValueError:
            pass
    return f"exit status {code}"


def swipl_under(pid: int) -> list[int]:
    """The swipl processes among the descendants of ``pid`` (in a jail,
    bubblewrap's)."""
    children: dict[int, list[int]] = {}
    comms: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        head, _, tail = stat.rpartition(")")
        comms[int(entry)] = head.partition("(")[2]
        children.setdefault(int(tail.split()[1]), []).append(int(entry))
    found, todo = [], list(children.get(pid, []))
    while todo:
        p = todo.pop()
        if comms.get(p, "").startswith("swipl"):
            found.append(p)
        todo.extend(children.get(p, []))
    return found


def signal_swipl(proc: "subprocess.Popen[bytes]", jailed: bool, signum: int) -> bool:
    """Send ``signum`` to the swipl of the host ``proc`` (under bubblewrap,
    the swipl below it); False when there is no such process."""
    if proc.poll() is not None:
        return False
    sent = False
    for pid in swipl_under(proc.pid) if jailed else [proc.pid]:
        try:
            os.kill(pid, signum)
            sent = True
        except OSError:
            pass
    return sent


__all__ = ["FATAL", "Spawner", "Tail", "drain", "exit_words", "kill_group", "Replies", "reap",
           "sane_name", "signal_swipl", "spawn", "swipl_under"]
