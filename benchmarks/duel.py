"""Strength duels for benchmarks: N games between two player specs,
alternating seats, with wins/draws/losses and time per move.

Example bots (the course baselines in ``prolog/bots/examples``) may be
given as ``trusted:path/to/bot.pl[:N]``: loaded in-process, unchecked, for
the project's own example bots only. Any other spec goes through
:func:`pybridge.play.seating.make_player` (bot files then run sandboxed)."""

from __future__ import annotations

import itertools
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pybridge
from benchmarks import inprocess
from pybridge.play.match import Match
from pybridge.play.players import Player, PlayerSpec
from pybridge.play.seating import make_player
from pybridge.types import Decision, Ply

_counter = itertools.count()
# (game id, bot path) -> the module it is loaded in: SWI-Prolog loads a
# non-module file into one module only, so later duels reuse it
_trusted_modules: dict[tuple[str, str], str] = {}


class TrustedBot(Player):
    """A PFL-protocol example bot loaded into this process (benchmarks only)."""

    def __init__(self, path: str, level: int = 3) -> None:
        super().__init__(PlayerSpec("bot", level=level, path=path))
        self.level = level
        self.module = ""

    def start(self, game: pybridge.Game, seat: str) -> None:
        path = Path(self.spec.path or "").resolve().as_posix()
        key = (game.id, path)
        if key not in _trusted_modules:
            module = f"trusted_bot_{next(_counter)}"
            inprocess.trusted_bot_load(game.id, path, module)
            _trusted_modules[key] = module
        self.module = _trusted_modules[key]

    def choose(self, state: pybridge.State, last_move: str | None, *, seconds: float) -> Decision:
        start = time.monotonic()
        move = inprocess.trusted_bot_choose(self.module, state, self.level)
        ms = int((time.monotonic() - start) * 1000)
        if move is None:
            return Decision(None, "no_move", ms)
        return Decision(move, "ok", ms)


def player(spec: str) -> Player:
    if spec.startswith("trusted:"):
        rest = spec[len("trusted:"):]
        path, _, level = rest.partition(".pl:")
        if level:
            return TrustedBot(path + ".pl", int(level))
        return TrustedBot(rest)
    return make_player(spec)


@dataclass
class DuelStats:
    a: str
    b: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    ms_a: list[int] = field(default_factory=list)
    ms_b: list[int] = field(default_factory=list)

    def row(self) -> list[object]:
        return [
            self.a, self.b, self.games, self.wins, self.draws, self.losses,
            f"{100 * self.wins / max(1, self.games):.0f}%",
            statistics.fmean(self.ms_a) if self.ms_a else 0.0,
            max(self.ms_a, default=0),
            statistics.fmean(self.ms_b) if self.ms_b else 0.0,
        ]

    HEADERS = ["A", "B", "games", "A won", "drawn", "A lost", "A win%",
               "A ms/move", "A max ms", "B ms/move"]


def duel(game: pybridge.Game, spec_a: str, spec_b: str, games: int,
         *, seed: int = 1, progress: bool = True) -> DuelStats:
    """Play ``games`` games of A against B, A first in the even games
    (progress on one line, when the output is a terminal)."""
    stats = DuelStats(spec_a, spec_b)
    progress = progress and sys.stdout.isatty()
    a, b = player(spec_a), player(spec_b)
    game.seed(seed)
    try:
        for i in range(games):
            first, second = (a, b) if i % 2 == 0 else (b, a)
            seats = dict(zip(game.players, (first, second)))
            match = Match(game, seats, move_time=0)

            def note(ply: Ply) -> None:
                (stats.ms_a if seats[ply.player] is a else stats.ms_b).append(ply.ms)

            result = match.run(on_ply=note)
            stats.games += 1
            if result.winner == "draw":
                stats.draws += 1
            elif seats[result.winner] is a:
                stats.wins += 1
            else:
                stats.losses += 1
            if progress:
                print(f"\r  {spec_a} vs {spec_b}: {stats.games}/{games} "
                      f"(+{stats.wins} ={stats.draws} -{stats.losses})", end="", flush=True)
    finally:
        a.close()
        b.close()
        if progress:
            print("\r" + " " * 70 + "\r", end="", flush=True)
    return stats
