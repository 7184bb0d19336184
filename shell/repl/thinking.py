"""A thinking indicator: elapsed time on one line while an AI chooses."""

from __future__ import annotations

import signal
import threading
import time
from typing import TextIO

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class Thinking:
    """``with Thinking(out, "ai:3 (o)"):`` shows a spinner with seconds."""

    def __init__(self, out: TextIO, who: str, *, enabled: bool = True) -> None:
        self.out = out
        self.who = who
        self.enabled = enabled
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.start = 0.0

    def __enter__(self) -> "Thinking":
        self.start = time.monotonic()
        if self.enabled:
            self._thread = threading.Thread(target=self._spin, daemon=True)
            self._thread.start()
        return self

    def _spin(self) -> None:
        # Ctrl-C must reach the main thread, where Prolog is thinking
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        i = 0
        while not self._stop.wait(0.1):
            elapsed = time.monotonic() - self.start
            if elapsed < 0.3:
                continue
            frame = FRAMES[i % len(FRAMES)]
            self.out.write(f"\r{frame} {self.who} is thinking… {elapsed:.1f}s (Ctrl-C stops it) ")
            self.out.flush()
            i += 1

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self.out.write("\r\x1b[2K")
            self.out.flush()

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start
