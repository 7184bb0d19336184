"""Who plays and which games, in which order: the entrants, the
pairings of a round robin or a gauntlet, and the error of a tournament
that cannot be run as asked. Pure functions; :mod:`pybridge.championship.tournament`
plays the games, :mod:`pybridge.championship.scoring` scores them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Sequence

from pybridge.errors import ArenaError


class TournamentError(ArenaError, ValueError):
    """A tournament that cannot be run as asked."""


@dataclass(frozen=True)
class Entrant:
    """One participant: ``name`` as in the standings, ``spec`` its player
    spec text; ``path`` the bot file (None for a built-in player)."""

    name: str
    spec: str
    path: str | None = None
    house: bool = False  # plays and ranks, gets no grade
    sha256: str | None = None  # the bot file's content


@dataclass(frozen=True)
class Pairing:
    """One scheduled game: entrant names in the first and second seat;
    ``opening`` the number of the opening it starts from (None: the
    initial position)."""

    index: int
    first: str
    second: str
    opening: int | None = None


def schedule(names: Sequence[str], games_per_pair: int = 2, openings: int = 0,
             against: Collection[str] | None = None) -> list[Pairing]:
    """Every pair ``games_per_pair`` times, seats alternating (so each
    plays first in half of them), rounds interleaved so that early
    results cover every entrant. With ``openings`` N, every pair plays
    that for each of N openings (both seat orders from the same one).
    A gauntlet (``against`` given): only the pairs of one of ``against``
    and one of the others."""
    if games_per_pair < 2 or games_per_pair % 2:
        raise TournamentError(
            f"games per pair must be even and at least 2 (each pair plays both seats "
            f"equally), got {games_per_pair}"
        )
    if openings < 0:
        raise TournamentError(f"openings must be 0 or more, got {openings}")
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
             if against is None or (a in against) != (b in against)]
    games: list[Pairing] = []
    for opening in (range(openings) if openings else [None]):
        for round_ in range(games_per_pair):
            for a, b in pairs:
                first, second = (a, b) if round_ % 2 == 0 else (b, a)
                games.append(Pairing(len(games), first, second, opening))
    return games


__all__ = ["Entrant", "Pairing", "TournamentError", "schedule"]
