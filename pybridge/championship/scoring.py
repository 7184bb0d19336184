"""A round robin's scores, standings and grades: pure functions of the
entrants and the finished games (:class:`GameRecord`). The schedule is
:mod:`pybridge.championship.schedule`'s, the files the standings are
written to :mod:`pybridge.championship.result_files`'.

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

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Collection, Iterable, Literal, Mapping, Sequence, TypedDict

from pybridge.championship.schedule import Entrant
from pybridge.types import Isolation, ResultWord, Termination, Verdict

WIN, DRAW, LOSS = 3, 1, 0
#: Above this fraction of games lost by forfeit, an entrant is not ranked.
FORFEIT_LIMIT = 0.10


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


# -- standings, grades ----------------------------------------------------------


class Row(TypedDict):
    """An entrant's counts while the table is made (:class:`Standing`'s first fields)."""

    name: str
    path: str | None
    played: int
    won: int
    drawn: int
    lost: int
    forfeits: int
    points: int
    replaced: int


#: Points per outcome, by the name of the standings' column that counts it.
POINTS = {"won": WIN, "drawn": DRAW, "lost": LOSS}
#: What a game is for one entrant: the standings' column that counts it.
OutcomeColumn = Literal["won", "drawn", "lost"]


def outcome_for(r: GameRecord, name: str, refused: Collection[str] = ()) -> OutcomeColumn:
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
    rows: dict[str, Row] = {
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


def _out_of_ranking(row: Row) -> bool:
    return bool(row["played"] > 0 and row["forfeits"] > FORFEIT_LIMIT * row["played"])


def half_up(value: Fraction | float, places: int = 2) -> float:
    """``value`` rounded half up (3.125 -> 3.13), not half to even."""
    exact = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) \
        else Decimal(repr(value))
    return float(exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def grade_table(
    ranked: Sequence[Row], excluded: Sequence[Row]
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


__all__ = [
    "DRAW", "FORFEIT_LIMIT", "GameRecord", "LOSS", "POINTS", "Standing", "WIN", "grade_table",
    "OutcomeColumn", "Row", "half_up", "late_grade", "outcome_for", "standings",
]
