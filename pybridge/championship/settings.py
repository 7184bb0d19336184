"""What a championship run is given: its :class:`Settings` (the game
set up, the schedule, the referee, the grading and where games run, one
small record each) and its :class:`Watchers` (who hears of it as it
goes, with :class:`Progress`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from pybridge.defaults import MOVE_TIME
from pybridge.host.bot_limits import Limits
from pybridge.championship import cluster
from pybridge.championship.entrants import MAX_LATE
from pybridge.championship.schedule import Pairing, TournamentError
from pybridge.championship.scoring import GameRecord
from pybridge.jail import sandbox
from pybridge.play.match import POLICIES, Policy
from pybridge.types import Dialect, JSONObject


@dataclass(frozen=True)
class Progress:
    """Where a tournament is: ``done`` of ``total`` games."""

    done: int
    total: int
    elapsed: float
    last: GameRecord | None = None
    kept: int = 0  # finished before a resume
    running: int = 0  # games being played now
    workers: int = 1  # worker processes in use

    @property
    def remaining(self) -> float | None:
        """Estimated seconds left (None before the first new game ends)."""
        if self.done <= self.kept:
            return None
        return self.elapsed / (self.done - self.kept) * (self.total - self.done)


@dataclass(frozen=True, kw_only=True)
class GameSetup:
    """Which game exactly: the game's ``options``, or a game file's
    ``game_config`` term and ``dialect``."""

    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    game_config: str | None = None
    dialect: Dialect = Dialect.AUTO

    def __post_init__(self) -> None:
        object.__setattr__(self, "dialect", Dialect(self.dialect))


@dataclass(frozen=True, kw_only=True)
class Schedule:
    """Who plays whom: ``games_per_pair`` (both seats alike), ``openings``
    of ``opening_plies`` random plies per pair, drawn with ``seed``; in a
    ``gauntlet`` every entrant plays the house players only."""

    games_per_pair: int = 2
    openings: int = 0
    opening_plies: int = 4
    seed: int = 1
    gauntlet: bool = False


@dataclass(frozen=True, kw_only=True)
class Referee:
    """How each game is refereed: the ``move_time``, the ``policy`` for a
    bad move, the bots' ``limits``."""

    move_time: float = MOVE_TIME
    policy: Policy = Policy.FORFEIT
    limits: Limits = Limits()

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise TournamentError(f"unknown policy {self.policy!r} (use {' or '.join(POLICIES)})")
        object.__setattr__(self, "policy", Policy(self.policy))
        if self.move_time <= 0:
            raise TournamentError(f"the move time must be positive, got {self.move_time}")


@dataclass(frozen=True, kw_only=True)
class Grading:
    """How entrants are graded: ``grades`` or none; ``house`` bot files
    play but get no grade; entrants more than ``max_late`` days ``late``
    are not admitted, ``zero`` ones get grade 0; ``elo_anchor`` pins one
    rating."""

    grades: bool = False
    house: Sequence[str] = ()
    late: Mapping[str, int] = dataclasses.field(default_factory=dict)
    max_late: int = MAX_LATE
    zero: Sequence[str] = ()
    elo_anchor: tuple[str, float] | None = None

    def __post_init__(self) -> None:
        if self.max_late < 0:
            raise TournamentError(f"--max-late must be 0 or more, got {self.max_late}")


@dataclass(frozen=True, kw_only=True)
class Transport:
    """Where games run: in this process (``jobs`` 1), in ``jobs`` worker
    processes, or on the Dask cluster at ``scheduler`` (``tls://`` with the
    certificates in ``tls_dir``, or ``tcp://`` with ``insecure_scheduler``)."""

    jobs: int = 1
    scheduler: str | None = None
    tls_dir: str | None = None
    insecure_scheduler: bool = False

    def __post_init__(self) -> None:
        if self.jobs < 1:
            raise TournamentError(f"jobs must be at least 1, got {self.jobs}")

    def address(self) -> cluster.Scheduler | None:
        if self.scheduler is None:
            return None
        return cluster.Scheduler.parse(self.scheduler, tls_dir=self.tls_dir,
                                       insecure=self.insecure_scheduler)


@dataclass(frozen=True, kw_only=True)
class Settings:
    """How a championship is played, graded and where, by concern; a
    resume with ``accept_altered`` keeps logs whose signature does not
    match (or that have none)."""

    setup: GameSetup = GameSetup()
    schedule: Schedule = Schedule()
    referee: Referee = Referee()
    grading: Grading = Grading()
    transport: Transport = Transport()
    accept_altered: bool = False

    def recorded(self, not_admitted: Mapping[str, int],
                 not_entered: Mapping[str, str]) -> JSONObject:
        """The settings as standings.json and the resume plan record them
        (one flat object, as before the split)."""
        setup, plan, referee, grading = self.setup, self.schedule, self.referee, self.grading
        return {"games_per_pair": plan.games_per_pair, "move_time": referee.move_time,
                "policy": str(referee.policy), "grades": grading.grades,
                "jobs": self.transport.jobs, "seed": plan.seed,
                "isolation": str(sandbox.current()), "openings": plan.openings,
                "opening_plies": plan.opening_plies if plan.openings else None,
                "config": setup.game_config, "dialect": str(setup.dialect),
                "max_late": grading.max_late, "zero": list(grading.zero),
                "elo_anchor": list(grading.elo_anchor) if grading.elo_anchor else None,
                "not_admitted": dict(not_admitted), "not_entered": dict(not_entered),
                "allow_game_ai": referee.limits.game_ai,
                **({"gauntlet": True} if plan.gauntlet else {})}


@dataclass(frozen=True)
class Watchers:
    """Who hears of a running championship: ``on_entrants`` gets, before
    any game, lines about the entrants (submissions not entered, what was
    skipped in folders, misleading names); ``on_checked`` the bots refused
    at loading (name -> why), which then forfeit every game without a
    process; ``progress`` is called before the first game and after each;
    ``on_not_counted`` gets a game whose worker's answer did not count."""

    progress: Callable[[Progress], None] | None = None
    on_checked: Callable[[dict[str, str]], None] | None = None
    on_not_counted: Callable[[Pairing, str], None] | None = None
    on_entrants: Callable[[list[str]], None] | None = None


__all__ = ["GameSetup", "Grading", "Progress", "Referee", "Schedule", "Settings", "Transport",
           "Watchers"]
