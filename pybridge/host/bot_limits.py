"""What describes a bot process from outside: its limits, how its
loading went, and its reply to a move."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Mapping

from pybridge.text import clean_line
from pybridge.types import BotProtocol, JSON, Verdict


@dataclass(frozen=True)
class Limits:
    """What one bot process may use. ``inferences`` is per move (None: 100
    million per second of move time); ``cpu_seconds`` for the whole game
    (None: 120 s plus 100 times the move time). ``grace`` is how long
    after its move time the referee waits for a reply before it kills the
    process; a reply that comes more than ``clock_grace`` seconds after
    the move time is a timeout all the same. ``processes`` bounds the
    tasks of its jail (processes and threads, pybridge.jail.processes).
    ``game_ai``: it may call the game's own AI (``--allow-game-ai``)."""

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
    game_ai: bool = False

    def inferences_for(self, move_time: float) -> int:
        if self.inferences is not None:
            return self.inferences
        return int(100_000_000 * max(1.0, move_time))

    def cpu_for(self, move_time: float) -> int:
        if self.cpu_seconds is not None:
            return self.cpu_seconds
        return int(120 + 100 * move_time)


class SeatRole(StrEnum):
    """Which seat a bot host is loaded for: the first or the second
    player's, or either (a check, before the seats are known)."""

    FIRST = "first"
    SECOND = "second"
    ANY = "any"


class HelloStatus(StrEnum):
    """How a bot host's loading of its bot ended."""

    READY = "ready"
    REFUSED = "refused"


@dataclass(frozen=True)
class BotHello:
    """A bot's answer to loading: how it went."""

    status: HelloStatus
    protocol: BotProtocol | None = None   # None: refused before it was known
    seats: tuple[str, ...] = ()
    detail: str = ""
    ms: int = 0
    problems: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()  # loaded all the same (singletons, hidden rules)
    game_ai: tuple[str, ...] = ()  # its calls of the game's own AI ("f/2 calls g:choose_move/3")

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", HelloStatus(self.status))

    @property
    def ready(self) -> bool:
        return self.status is HelloStatus.READY


@dataclass(frozen=True)
class MoveReply:
    """A bot host's reply to one move, as the referee takes it: ``ms`` is
    the referee's own measure; ``out``, how many bytes the bot has printed
    so far; ``move`` is set when the verdict is 'ok'; texts are cleaned."""

    verdict: Verdict
    ms: int
    move: str | None = None
    out: int = 0
    detail: str = ""
    raw: str | None = None

    @classmethod
    def read(cls, reply: Mapping[str, JSON], ms: int) -> "MoveReply":
        """The reply in the host's JSON object ``reply``: anything but a
        known verdict (with a move text when 'ok') is a crash."""
        out = reply.get("out", 0)
        out = out if isinstance(out, int) and not isinstance(out, bool) and out >= 0 else 0
        try:
            verdict = Verdict(str(reply.get("verdict")))
        except ValueError:
            verdict = Verdict.CRASHED
            return cls(verdict, ms, None, out, f"bad reply {clean_line(reply, 300)}")
        move = reply.get("move")
        if verdict is Verdict.OK and not isinstance(move, str):
            return cls(Verdict.CRASHED, ms, None, out, f"bad reply {clean_line(reply, 300)}")
        raw = reply.get("raw")
        return cls(verdict, ms, move if verdict is Verdict.OK and isinstance(move, str) else None, out,
                   clean_line(reply.get("detail", "")), None if raw is None else clean_line(raw))


__all__ = ["BotHello", "HelloStatus", "Limits", "MoveReply", "SeatRole"]
