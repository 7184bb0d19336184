"""A round robin on paper: the schedule, the scores, the standings and
the grades, and the standings files' content. Pure functions of the
entrants and the finished games; :mod:`pybridge.championship.tournament` plays them.

A win scores 3, a draw 1, a loss 0; a game between two entrants that
cannot play (refused bots, or bots without the seat they were given) is
lost by both. Grades (the 1999 rule) go to graded entrants only: house
players (built-in players, house bot files) play and rank but get none.
A graded entrant that lost more than 10% of its games by an invalid move
(a forfeit) is out of the ranking and gets 5 times its fraction of games
without a forfeit; of the others the first gets 10, the last 5, the rest
linearly on points between them. Then one point off per day late, and 0
for an entrant the instructor zeroes (a copied program). Grades are
rounded half up to 2 places.
"""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import asdict, dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Collection, Iterable, Mapping, Sequence

from pybridge.errors import ArenaError
from pybridge.text import clean_line
from pybridge.types import Isolation, Ply, Result, ResultWord, Termination, Verdict

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


@dataclass(frozen=True)
class GameRecord:
    """A finished game. ``winner`` is an entrant name or 'draw';
    ``forfeit`` the verdict that lost it (None when the rules ended it);
    ``replaced`` how many moves of each entrant the referee replaced
    (policy random); ``replay`` the log's path relative to OUT;
    ``opening`` the opening's moves; ``lost_by_both`` when neither seat
    could play; ``ms`` each entrant's move times (mean, max, moves);
    ``isolation`` what the bots ran under; ``termination`` 'broken_rule'
    for a no-contest (the game's rules were stuck: counted as a draw)."""

    index: int
    first: str
    second: str
    winner: str
    reason: str
    forfeit: Verdict | None = None
    replaced: Mapping[str, int] = field(default_factory=dict)
    plies: int = 0
    seconds: float = 0.0
    replay: str = ""
    opening: tuple[str, ...] = ()
    lost_by_both: bool = False
    ms: Mapping[str, tuple[float, int, int]] = field(default_factory=dict)
    isolation: Isolation | None = None  # what its worker ran the bots with (None: not known)
    termination: Termination = Termination.PLAYED

    @property
    def loser(self) -> str | None:
        """The seat's entrant that lost by the log (a game ``lost_by_both``
        counts as lost for the winner too)."""
        if self.winner == ResultWord.DRAW:
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
    house: bool = False
    late_days: int = 0
    grade_before_late: float | None = None
    zeroed: bool = False
    elo: float | None = None
    elo_error: float | None = None


# -- schedule, standings, grades --------------------------------------------------


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


#: Points per outcome, by the name of the standings' column that counts it.
POINTS = {"won": WIN, "drawn": DRAW, "lost": LOSS}


def outcome_for(r: GameRecord, name: str, refused: Collection[str] = ()) -> str:
    """What the game ``r`` is for ``name``: 'won', 'drawn' or 'lost'. A
    game lost by both (``lost_by_both``, or between two ``refused``
    entrants) is lost for each."""
    both = r.lost_by_both or (r.first in refused and r.second in refused)
    if r.winner == ResultWord.DRAW and not both:
        return "drawn"
    return "won" if r.winner == name and not both else "lost"


def standings(
    entrants_: Sequence[Entrant], records: Iterable[GameRecord], *, grades: bool = False,
    refused: Collection[str] = (), late: Mapping[str, int] | None = None,
    zero: Collection[str] = (), ratings: Mapping[str, tuple[float, float]] | None = None,
) -> list[Standing]:
    """The table, best first: points, then wins, then fewer forfeits, then
    name. Ranks are shared by equal points; without ``grades`` everyone is
    ranked and no grade is given. A game marked ``lost_by_both``, or
    between two ``refused`` entrants (bots that did not load), is lost by
    both. ``late`` days and ``zero`` apply to grades; ``ratings`` (name ->
    Elo, 95% error) are copied into the table."""
    late = late or {}
    ratings = ratings or {}
    house = {e.name for e in entrants_ if e.house}
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
            outcome = outcome_for(r, name, refused)
            row[outcome] += 1
            row["points"] += POINTS[outcome]
            if outcome == "lost" and (r.forfeit is not None or name in refused
                                      or r.lost_by_both or set(refused) >= {r.first, r.second}):
                row["forfeits"] += 1
    order = sorted(rows.values(), key=lambda r: (-r["points"], -r["won"], r["forfeits"], r["name"]))
    excluded = {r["name"] for r in order if grades and _out_of_ranking(r)}
    ranked = [r for r in order if r["name"] not in excluded]
    graded = [r for r in ranked if r["name"] not in house]
    grade_of = grade_table(graded, [r for r in order if r["name"] in excluded - house]) if grades else {}
    out: list[Standing] = []
    for row in order:
        rank = None
        if row["name"] not in excluded:
            rank = 1 + sum(1 for o in ranked if o["points"] > row["points"])
        before = grade_of.get(row["name"])
        days = late.get(row["name"], 0)
        grade = late_grade(before, days)
        if grades and row["name"] in zero and row["name"] not in house:
            grade = 0.0
        elo = ratings.get(row["name"])
        out.append(Standing(rank=rank, grade=grade, house=row["name"] in house, late_days=days,
                            grade_before_late=before, zeroed=row["name"] in zero,
                            elo=None if elo is None else elo[0],
                            elo_error=None if elo is None else elo[1], **row))
    return out


def late_grade(grade: float | None, days: int) -> float | None:
    """A grade less one point per day late, not below 0."""
    if grade is None:
        return None
    return max(0.0, round(grade - days, 2))


def _out_of_ranking(row: Mapping[str, Any]) -> bool:
    return bool(row["played"] > 0 and row["forfeits"] > FORFEIT_LIMIT * row["played"])


def half_up(value: Fraction | float, places: int = 2) -> float:
    """``value`` rounded half up (3.125 -> 3.13), not half to even."""
    exact = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) \
        else Decimal(repr(value))
    return float(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def grade_table(
    ranked: Sequence[Mapping[str, Any]], excluded: Sequence[Mapping[str, Any]]
) -> dict[str, float]:
    """Grades by the 1999 rule (see the module doc), rounded half up to 2
    places. ``ranked`` rows need ``name`` and ``points``; ``excluded`` rows
    need ``name``, ``played`` and ``forfeits``."""
    out: dict[str, float] = {}
    for r in excluded:
        valid = Fraction(r["played"] - r["forfeits"], r["played"]) if r["played"] else Fraction(0)
        out[r["name"]] = half_up(5 * valid)
    if ranked:
        best = max(r["points"] for r in ranked)
        worst = min(r["points"] for r in ranked)
        for r in ranked:
            if best == worst:
                out[r["name"]] = 10.0
            else:
                out[r["name"]] = half_up(5 + Fraction(5 * (r["points"] - worst), best - worst))
    return out


# -- one game's record -------------------------------------------------------------


def _file_part(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def replay_name(pairing: Pairing) -> str:
    """The log's path in OUT: ``replays/0007-first-vs-second.jsonl``."""
    return (f"replays/{pairing.index + 1:04d}-{_file_part(pairing.first)}-vs-"
            f"{_file_part(pairing.second)}.jsonl")


def game_record(pairing: Pairing, players: Sequence[str], result: Result, history: Sequence[Ply],
                seconds: float, *, opening: Sequence[str] = (), lost_by_both: bool = False,
                ) -> GameRecord:
    """The record of a finished game; ``players`` are the game's seats;
    the first ``len(opening)`` plies of ``history`` are the opening."""
    seats = dict(zip(players, (pairing.first, pairing.second)))
    replaced: dict[str, int] = {}
    times: dict[str, list[int]] = {}
    for ply in history[len(opening):]:
        name = seats[ply.player]
        times.setdefault(name, []).append(ply.ms)
        if ply.verdict != Verdict.OK:
            replaced[name] = replaced.get(name, 0) + 1
    ms = {n: (round(sum(t) / len(t), 1), max(t), len(t)) for n, t in times.items()}
    return GameRecord(
        index=pairing.index, first=pairing.first, second=pairing.second,
        winner=result.winner if result.winner == ResultWord.DRAW else seats[result.winner],
        reason=result.reason, forfeit=result.forfeit, replaced=replaced,
        plies=len(history), seconds=round(seconds, 3), replay=replay_name(pairing),
        opening=tuple(opening), lost_by_both=lost_by_both, ms=ms,
        termination=result.termination,
    )


# -- the standings files -----------------------------------------------------------

CSV_FIELDS = ("rank", "name", "path", "played", "won", "drawn", "lost", "forfeits",
              "points", "grade", "replaced", "house", "late_days", "grade_before_late",
              "elo", "elo_error")


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
        "isolation": settings.get("isolation", Isolation.BWRAP),
        "bots": [asdict(s) for s in table],
        "games": [game_document(r) for r in sorted(records, key=lambda r: r.index)],
    }


def game_document(r: GameRecord) -> dict[str, Any]:
    """One game as standings.json lists it."""
    return {"index": r.index, "first": r.first, "second": r.second, "winner": r.winner,
            "reason": r.reason, "forfeit": r.forfeit, "plies": r.plies, "replay": r.replay,
            "opening": list(r.opening) or None, "lost_by_both": r.lost_by_both,
            "seconds": r.seconds, "replaced": dict(r.replaced),
            "ms": {n: list(v) for n, v in r.ms.items()}, "isolation": r.isolation,
            **({"termination": r.termination} if r.termination else {})}


def _verdict(text: str | None) -> Verdict | None:
    """A forfeit as a document wrote it: a verdict, or None."""
    return None if text is None else Verdict(text)


def record_from_document(d: Mapping[str, Any]) -> GameRecord:
    """The record :func:`game_document` wrote."""
    return GameRecord(
        index=int(d["index"]), first=d["first"], second=d["second"], winner=d["winner"],
        reason=d["reason"], forfeit=_verdict(d.get("forfeit")), replaced=dict(d.get("replaced") or {}),
        plies=int(d.get("plies", 0)), seconds=float(d.get("seconds", 0.0)),
        replay=d.get("replay", ""), opening=tuple(d.get("opening") or ()),
        lost_by_both=bool(d.get("lost_by_both")),
        ms={n: (float(v[0]), int(v[1]), int(v[2])) for n, v in (d.get("ms") or {}).items()},
        isolation=Isolation(d["isolation"]) if d.get("isolation") in tuple(Isolation) else None,
        termination=(Termination.BROKEN_RULE if d.get("termination") == Termination.BROKEN_RULE
                     else Termination.PLAYED),
    )


def _relative(path: str | None) -> str:
    """A path as the CSV shows it: relative to the working directory when
    it lies below it."""
    if not path:
        return ""
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


_NUMBER = re.compile(r"-?\d+(\.\d+)?\Z")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: one that begins with
    ``= + - @``, a tab or a carriage return gets a leading ``'`` (OWASP's
    advice against formula injection), except a plain number such as
    ``-3`` or ``-12.5``; control characters are escaped."""
    text = "" if value is None else clean_line(str(value), 4096)
    if text.startswith(_FORMULA_START) and not _NUMBER.match(text):
        return "'" + text
    return text


def standings_csv(table: Sequence[Standing]) -> str:
    """standings.csv: the late columns only when some entrant was late."""
    late = any(s.late_days for s in table)
    fields = [f for f in CSV_FIELDS if late or f not in ("late_days", "grade_before_late")]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for s in table:
        row = asdict(s)
        row["path"] = _relative(s.path)
        writer.writerow({k: csv_cell(row[k]) for k in fields})
    return buf.getvalue()


__all__ = [
    "CSV_FIELDS", "DRAW", "csv_cell", "Entrant", "FORFEIT_LIMIT", "GameRecord", "LOSS", "Pairing",
    "Standing", "TournamentError", "WIN", "game_document", "game_record", "grade_table",
    "half_up", "late_grade", "outcome_for", "POINTS", "record_from_document", "replay_name",
    "schedule", "standings", "standings_csv", "standings_document",
]
