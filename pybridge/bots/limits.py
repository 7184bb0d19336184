"""What describes a bot process from outside: its limits, how its
loading went, and the bounded record of what it printed."""

from __future__ import annotations

import collections
import threading
from dataclasses import dataclass

from pybridge.text import clean


@dataclass(frozen=True)
class Limits:
    """What one bot process may use. ``inferences`` is per move (None: 100
    million per second of move time); ``cpu_seconds`` for the whole game
    (None: 120 s plus 100 times the move time). ``grace`` is how long
    after its move time the referee waits for a reply before it kills the
    process; a reply that comes more than ``clock_grace`` seconds after
    the move time is a timeout all the same. ``processes`` bounds the
    tasks of its jail (processes and threads, pybridge.jail.processes)."""

    stack_mb: int = 256
    memory_mb: int = 1024
    inferences: int | None = None
    cpu_seconds: int | None = None
    load_seconds: float = 10.0
    grace: float = 1.5
    clock_grace: float = 0.25
    open_files: int = 64
    processes: int = 64
    output_bytes: int = 64 * 1024

    def inferences_for(self, move_time: float) -> int:
        if self.inferences is not None:
            return self.inferences
        return int(100_000_000 * max(1.0, move_time))

    def cpu_for(self, move_time: float) -> int:
        if self.cpu_seconds is not None:
            return self.cpu_seconds
        return int(120 + 100 * move_time)


@dataclass(frozen=True)
class Hello:
    """How loading went: ``status`` is 'ready' or 'refused'."""

    status: str
    protocol: str = ""
    seats: tuple[str, ...] = ()
    detail: str = ""
    ms: int = 0
    problems: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()  # loaded all the same (singletons, hidden rules)

    @property
    def ready(self) -> bool:
        return self.status == "ready"


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


__all__ = ["Hello", "Limits", "Tail"]
