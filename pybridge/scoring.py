"""A round robin on paper: the schedule, the scores, the standings and
the grades, and the standings files' content. Pure functions of the
entrants and the finished games; :mod:`pybridge.tournament` plays them.

A win scores 3, a draw 1, a loss 0. Grades (the 1999 rule): an entrant
that lost more than 10% of its games by an invalid move (a forfeit) is out
of the ranking and gets 5 times its fraction of games without a forfeit;
of the others the first gets 10, the last 5, the rest linearly on points
between them.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import asdict, dataclass, field
from typing import Any, Collection, Iterable, Mapping, Sequence

from .errors import ArenaError
from .types import Ply, Result, Verdict

WIN, DRAW, LOSS = 3, 1, 0
#: Above this fraction of games lost by forfeit, an entrant is not ranked.
FORFEIT_LIMIT = 0.10


class TournamentError(ArenaError, ValueError):
    """A tournament that cannot be run as asked."""


@dataclass(frozen=True)
class Entrant:
    """One participant: ``name`` as in the standings, ``spec`` its player
    spec text; ``path`` the bot file (None for a built-in player)."""

    name: str
    spec: str
    path: str | None = None


@dataclass(frozen=True)
class Pairing:
    """One scheduled game: entrant names in the first and second seat."""

    index: int
    first: str
    second: str


@dataclass(frozen=True)
class GameRecord:
    """A finished game. ``winner`` is an entrant name or 'draw';
    ``forfeit`` the verdict that lost it (None when the rules ended it);
    ``replaced`` how many moves of each entrant the referee replaced
    (policy random); ``replay`` the log's path relative to OUT."""

    index: int
    first: str
    second: str
    winner: str
    reason: str
    forfeit: str | None = None
    replaced: Mapping[str, int] = field(default_factory=dict)
    plies: int = 0
    seconds: float = 0.0
    replay: str = ""

    @property
    def loser(self) -> str | None:
        if self.winner == "draw":
            return None
        return self.second if self.winner == self.first else self.first


@dataclass(frozen=True)
class Standing:
    """One line of the table (the fields of standings.json)."""

    name: str
    path: str | None
    played: int
    won: int
    drawn: int
    lost: int
    forfeits: int
    points: int
    rank: int | None
    grade: float | None
    replaced: int = 0


# -- schedule, standings, grades --------------------------------------------------


def schedule(names: Sequence[str], games_per_pair: int = 2) -> list[Pairing]:
    """Every pair ``games_per_pair`` times, seats alternating (so each
    plays first in half of them), rounds interleaved so that early
    results cover every entrant."""
    if games_per_pair < 2 or games_per_pair % 2:
        raise TournamentError(
            f"games per pair must be even and at least 2 (each pair plays both seats "
            f"equally), got {games_per_pair}"
        )
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    games: list[Pairing] = []
    for round_ in range(games_per_pair):
        for a, b in pairs:
            first, second = (a, b) if round_ % 2 == 0 else (b, a)
            games.append(Pairing(len(games), first, second))
    return games


def standings(
    entrants_: Sequence[Entrant], records: Iterable[GameRecord], *, grades: bool = False,
    refused: Collection[str] = (),
) -> list[Standing]:
    """The table, best first: points, then wins, then fewer forfeits, then
    name. Ranks are shared by equal points; without ``grades`` everyone is
    ranked and no grade is given. A game between two ``refused`` entrants
    (bots that did not load) is lost by both."""
    rows: dict[str, dict[str, Any]] = {
        e.name: {"name": e.name, "path": e.path, "played": 0, "won": 0, "drawn": 0,
                 "lost": 0, "forfeits": 0, "points": 0, "replaced": 0}
        for e in entrants_
    }
    for r in records:
        for name in (r.first, r.second):
            row = rows[name]
            row["played"] += 1
            row["replaced"] += r.replaced.get(name, 0)
            if r.winner == "draw":
                row["drawn"] += 1
                row["points"] += DRAW
            elif r.winner == name and not (r.first in refused and r.second in refused):
                row["won"] += 1
                row["points"] += WIN
            else:
                row["lost"] += 1
                row["points"] += LOSS
                if r.forfeit is not None or name in refused:
                    row["forfeits"] += 1
    order = sorted(rows.values(), key=lambda r: (-r["points"], -r["won"], r["forfeits"], r["name"]))
    excluded = {r["name"] for r in order if grades and _out_of_ranking(r)}
    ranked = [r for r in order if r["name"] not in excluded]
    grade_of = grade_table(ranked, [r for r in order if r["name"] in excluded]) if grades else {}
    out: list[Standing] = []
    for r in order:
        rank = None
        if r["name"] not in excluded:
            rank = 1 + sum(1 for o in ranked if o["points"] > r["points"])
        out.append(Standing(rank=rank, grade=grade_of.get(r["name"]), **r))
    return out


def _out_of_ranking(row: Mapping[str, Any]) -> bool:
    return row["played"] > 0 and row["forfeits"] > FORFEIT_LIMIT * row["played"]


def grade_table(
    ranked: Sequence[Mapping[str, Any]], excluded: Sequence[Mapping[str, Any]]
) -> dict[str, float]:
    """Grades by the 1999 rule (see the module doc), rounded to 2 places.
    ``ranked`` rows need ``name`` and ``points``; ``excluded`` rows need
    ``name``, ``played`` and ``forfeits``."""
    out: dict[str, float] = {}
    for r in excluded:
        valid = (r["played"] - r["forfeits"]) / r["played"] if r["played"] else 0.0
        out[r["name"]] = round(5 * valid, 2)
    if ranked:
        best = max(r["points"] for r in ranked)
        worst = min(r["points"] for r in ranked)
        for r in ranked:
            if best == worst:
                out[r["name"]] = 10.0
            else:
                out[r["name"]] = round(5 + 5 * (r["points"] - worst) / (best - worst), 2)
    return out


# -- one game's record -------------------------------------------------------------


def _file_part(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def replay_name(pairing: Pairing) -> str:
    """The log's path in OUT: ``replays/0007-first-vs-second.jsonl``."""
    return (f"replays/{pairing.index + 1:04d}-{_file_part(pairing.first)}-vs-"
            f"{_file_part(pairing.second)}.jsonl")


def game_record(pairing: Pairing, players: Sequence[str], result: Result, history: Sequence[Ply],
            seconds: float) -> GameRecord:
    """The record of a finished game; ``players`` are the game's seats."""
    seats = dict(zip(players, (pairing.first, pairing.second)))
    replaced: dict[str, int] = {}
    for ply in history:
        if ply.verdict != Verdict.OK:
            name = seats[ply.player]
            replaced[name] = replaced.get(name, 0) + 1
    return GameRecord(
        index=pairing.index, first=pairing.first, second=pairing.second,
        winner=result.winner if result.winner == "draw" else seats[result.winner],
        reason=result.reason, forfeit=result.forfeit, replaced=replaced,
        plies=len(history), seconds=round(seconds, 3), replay=replay_name(pairing),
    )


# -- the standings files -----------------------------------------------------------

CSV_FIELDS = ("rank", "name", "path", "played", "won", "drawn", "lost", "forfeits",
              "points", "grade", "replaced")


def standings_document(
    game: str, options: Mapping[str, Any], table: Sequence[Standing],
    records: Sequence[GameRecord], *, total: int, complete: bool,
    settings: Mapping[str, Any],
) -> dict[str, Any]:
    """The content of standings.json."""
    return {
        "game": game,
        "options": dict(options),
        "complete": complete,
        "games_played": len(records),
        "games_scheduled": total,
        "settings": dict(settings),
        "isolation": settings.get("isolation", "bwrap"),
        "bots": [asdict(s) for s in table],
        "games": [
            {"first": r.first, "second": r.second, "winner": r.winner, "reason": r.reason,
             "forfeit": r.forfeit, "plies": r.plies, "replay": r.replay}
            for r in sorted(records, key=lambda r: r.index)
        ],
    }


def standings_csv(table: Sequence[Standing]) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for s in table:
        row = asdict(s)
        writer.writerow({k: ("" if row[k] is None else row[k]) for k in CSV_FIELDS})
    return buf.getvalue()


__all__ = [
    "CSV_FIELDS", "DRAW", "Entrant", "FORFEIT_LIMIT", "GameRecord", "LOSS", "Pairing",
    "Standing", "TournamentError", "WIN", "game_record", "grade_table", "replay_name",
    "schedule", "standings", "standings_csv", "standings_document",
]
