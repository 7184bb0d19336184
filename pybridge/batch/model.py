"""What ``arena check-games`` finds of one submission, as values with one
JSON form: the worker's answer, ``OUT/submissions/NAME/result.json`` and
an object of ``OUT/submissions.json`` are the same document.

Every text in it came from a submission (its names, its rules' messages,
what it printed) and is cleaned and bounded when it is made and again
when it is read back (:func:`from_json`), so a crafted result file is
shown as harmlessly as a real one.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Literal, Mapping, TypedDict

from pybridge.text import clean, clean_line
from pybridge.types import JSON, Dialect, GreedyVerdict, JSONObject

#: The bounds of one text field, of a problem list and of a note list.
TEXT = 600
LONG = 4000
PROBLEMS = 40
NOTES = 20


class ComparedPair(TypedDict):
    """Two submissions compared at a run's end (OUT/similarity.json)."""

    a: str
    b: str
    score: float
    flagged: bool


class SubmissionVerdict(StrEnum):
    """check-game's verdict on a submission."""

    CONFORMS = "conforms"            # the game file itself keeps the contract
    ADAPTED = "conforms with adapter"  # through an adapter (proposed or its own)
    PROBLEMS = "problems"            # loads and plays, with contract problems
    INCOMPLETE = "incomplete"        # required predicates missing, no adapter that passes
    REFUSED = "refused"              # not loaded: syntax error, refused directive
    NO_GAME = "no game file"         # no game file found in the folder
    FAILED = "not checked"           # the check itself could not run (time, a crash)


class AdapterStatus(StrEnum):
    NOT_NEEDED = "not needed"
    PROPOSED = "proposed"            # written by check-game's proposal
    OWN = "its own"                  # NAME-arena.pl handed in beside the game
    NONE = "none"                    # needed, none could be made (``why``)


@dataclass(frozen=True)
class ProblemGroup:
    """The problems of one predicate with one message: how many, and the
    first one's state and move."""

    predicate: str
    message: str
    count: int = 1
    state: str = ""
    move: str = ""

    def __str__(self) -> str:
        times = f" (x{self.count})" if self.count > 1 else ""
        return clean_line(f"{self.predicate}: {self.message}{times}", TEXT)


@dataclass(frozen=True)
class Adapter:
    status: AdapterStatus
    file: str = ""                   # its name in OUT/submissions/NAME/game/
    passing: bool | None = None      # check-game on it conforms
    problems: tuple[ProblemGroup, ...] = ()
    why: str = ""                    # no adapter: why; else what check-game said


@dataclass(frozen=True)
class WholeGame:
    """The whole game played (random against the general AI), or why not."""

    done: bool
    players: Mapping[str, str] = field(default_factory=dict)
    result: str = ""
    plies: int = 0
    log: str = ""                    # its path in OUT
    reason: str = ""


@dataclass(frozen=True)
class Series:
    """Games of one player against another, each seat in turn: points
    3 a win, 1 a draw (of ``3 * games``)."""

    player: str
    opponent: str
    games: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    unfinished: int = 0              # stopped by a broken rule or the time
    reason: str = ""                 # why fewer games than asked

    @property
    def points(self) -> int:
        return 3 * self.won + self.drawn

    def text(self) -> str:
        if not self.games:
            return f"not played ({self.reason or 'no time left'})"
        more = f", {self.unfinished} unfinished" if self.unfinished else ""
        return (f"{self.points}/{3 * self.games} points ({self.won}W {self.drawn}D "
                f"{self.lost}L{more})")


@dataclass(frozen=True)
class Greedy:
    """Level 2's choices against the argmax of value/3 over the moves."""

    positions: int = 0
    agree: int = 0
    example: str = ""                # a position where it chose otherwise
    reason: str = ""                 # why not measured

    @property
    def verdict(self) -> str:
        """A :class:`GreedyVerdict`; unknown says why when it can."""
        if not self.positions:
            return f"{GreedyVerdict.UNKNOWN} ({self.reason})" if self.reason else GreedyVerdict.UNKNOWN
        return GreedyVerdict.GREEDY if self.agree == self.positions else GreedyVerdict.NOT_GREEDY


@dataclass(frozen=True)
class Levels:
    """The game's own AI levels measured, or why not."""

    measured: bool
    reason: str = ""
    series: tuple[Series, ...] = ()
    greedy: Greedy = Greedy()
    slowest_ms: Mapping[str, int] = field(default_factory=dict)   # "ai:1" -> ms


@dataclass(frozen=True)
class SubmissionResult:
    """One submission's row."""

    name: str
    game_file: str                   # from the submission's folder; '' if none
    found_by: str = ""
    year: str = ""
    dialect: Dialect | Literal[""] = ""   # '' until the game file is read
    verdict: SubmissionVerdict = SubmissionVerdict.FAILED
    load: tuple[str, ...] = ()       # load problems and warnings
    problems: tuple[ProblemGroup, ...] = ()
    adapter: Adapter = Adapter(AdapterStatus.NOT_NEEDED)
    played: WholeGame = WholeGame(False)
    levels: Levels = Levels(False)
    seconds: Mapping[str, float] = field(default_factory=dict)    # phase -> seconds
    notes: tuple[str, ...] = ()

    @property
    def total_seconds(self) -> float:
        return float(self.seconds.get("total", sum(self.seconds.values())))

    def problem_count(self) -> int:
        return sum(p.count for p in self.problems)

    def to_json(self) -> JSONObject:
        """The result as plain data (what a worker returns, what is stored)."""
        return {str(k): _plain(v) for k, v in asdict(self).items()}


def _plain(value: object) -> JSON:
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise TypeError(f"not plain data: {type(value).__name__}")


# -- reading back (a worker's answer, a stored file: both untrusted) ---------


class _FieldReader:
    """Fields of a mapping read with a type each, cleaned and bounded; a
    field of the wrong type reads as its default."""

    def __init__(self, data: Any) -> None:
        self.data = data if isinstance(data, Mapping) else {}

    def text(self, key: str, limit: int = TEXT) -> str:
        v = self.data.get(key)
        return clean_line(v, limit) if isinstance(v, str) else ""

    def long(self, key: str) -> str:
        v = self.data.get(key)
        return clean(v, LONG) if isinstance(v, str) else ""

    def whole(self, key: str) -> int:
        v = self.data.get(key)
        return v if type(v) is int and 0 <= v < 10**9 else 0

    def flag(self, key: str) -> bool | None:
        v = self.data.get(key)
        return v if isinstance(v, bool) else None

    def items(self, key: str, limit: int) -> list[Any]:
        v = self.data.get(key)
        return list(v[:limit]) if isinstance(v, list) else []

    def texts(self, key: str, limit: int = NOTES) -> tuple[str, ...]:
        return tuple(clean_line(v, TEXT) for v in self.items(key, limit) if isinstance(v, str))

    def longs(self, key: str, limit: int = NOTES) -> tuple[str, ...]:
        return tuple(clean(v, LONG) for v in self.items(key, limit) if isinstance(v, str))

    def numbers(self, key: str) -> dict[str, float]:
        v = self.data.get(key)
        if not isinstance(v, Mapping):
            return {}
        return {clean_line(k, 40): float(x) for k, x in list(v.items())[:20]
                if isinstance(k, str) and type(x) in (int, float) and 0 <= x < 10**7}

    def names(self, key: str) -> dict[str, str]:
        v = self.data.get(key)
        if not isinstance(v, Mapping):
            return {}
        return {clean_line(k, 80): clean_line(x, 200) for k, x in list(v.items())[:4]
                if isinstance(k, str) and isinstance(x, str)}

    def sub(self, key: str) -> "_FieldReader":
        return _FieldReader(self.data.get(key))

    def choice(self, key: str, kind: type[StrEnum], default: StrEnum) -> Any:
        v = self.data.get(key)
        try:
            return kind(v) if isinstance(v, str) else default
        except ValueError:
            return default


def _dialect(text: str) -> Dialect | Literal[""]:
    return Dialect(text) if text in tuple(Dialect) else ""


def _problem(data: Any) -> ProblemGroup:
    r = _FieldReader(data)
    return ProblemGroup(r.text("predicate", 100), r.text("message"), max(1, r.whole("count")),
                        r.text("state"), r.text("move", 200))


def _series(data: Any) -> Series:
    r = _FieldReader(data)
    return Series(r.text("player", 40), r.text("opponent", 40), r.whole("games"), r.whole("won"),
                  r.whole("drawn"), r.whole("lost"), r.whole("unfinished"), r.text("reason"))


def from_json(data: Any) -> SubmissionResult:
    """The result written as ``data``; fields of a wrong type read as
    their defaults, every text cleaned and bounded. ValueError when it
    has no name."""
    r = _FieldReader(data)
    if not r.text("name", 80):
        raise ValueError("a submission result without a name")
    a = r.sub("adapter")
    adapter = Adapter(a.choice("status", AdapterStatus, AdapterStatus.NONE), a.text("file", 200),
                      a.flag("passing"),
                      tuple(_problem(p) for p in a.items("problems", PROBLEMS)), a.text("why"))
    p = r.sub("played")
    played = WholeGame(bool(p.flag("done")), p.names("players"), p.text("result"), p.whole("plies"),
                    p.text("log", 300), p.long("reason"))
    lv = r.sub("levels")
    g = lv.sub("greedy")
    greedy = Greedy(g.whole("positions"), g.whole("agree"), g.long("example"), g.text("reason"))
    slowest = {k: int(v) for k, v in lv.numbers("slowest_ms").items()}
    levels = Levels(bool(lv.flag("measured")), lv.text("reason"),
                    tuple(_series(s) for s in lv.items("series", 6)), greedy, slowest)
    return SubmissionResult(
        name=r.text("name", 80), game_file=r.text("game_file", 300),
        found_by=r.text("found_by", 40), year=r.text("year", 40), dialect=_dialect(r.text("dialect", 20)),
        verdict=r.choice("verdict", SubmissionVerdict, SubmissionVerdict.FAILED), load=r.longs("load"),
        problems=tuple(_problem(x) for x in r.items("problems", PROBLEMS)),
        adapter=adapter, played=played, levels=levels, seconds=r.numbers("seconds"),
        notes=r.texts("notes"))


__all__ = ["Adapter", "AdapterStatus", "Greedy", "Levels", "WholeGame", "ProblemGroup", "SubmissionResult",
           "Series", "SubmissionVerdict", "from_json"]
