"""The values every layer passes around: verdicts, decisions, plies and
results, and a result in words. This module imports nothing else of
pybridge, so that every other module may import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Callable, Mapping, Protocol, Sequence, TypeAlias


class Verdict(StrEnum):
    """What the referee made of one answer of a player. A ``str``: it
    compares equal to, prints as and is written to JSON as its text."""

    OK = "ok"
    ILLEGAL = "illegal"  # not a valid move
    TIMEOUT = "timeout"  # no answer in time
    NO_MOVE = "no_move"  # the player's goal failed
    CRASHED = "crashed"  # an error, or its process died
    REFUSED = "refused"  # the bot was refused when it was loaded


#: The verdicts that are not 'ok': the ways a move can be bad.
BAD_VERDICTS = tuple(v for v in Verdict if v is not Verdict.OK)


class Isolation(StrEnum):
    """How bot and game host processes are isolated: bubblewrap's jail, or
    none (this user's rights, the Prolog-level checks only)."""

    BWRAP = "bwrap"
    NONE = "none"


class PlayerKind(StrEnum):
    """Who a player spec seats; :data:`PLAYER_KINDS` gives each one's
    syntax and meaning."""

    HUMAN = "human"
    RANDOM = "random"
    AI = "ai"  # the game's own levels
    MCTS = "mcts"  # the arena's general AI
    BOT = "bot"  # a bot file

    @property
    def leveled(self) -> bool:
        """Whether the spec is written KIND:N (ai:3, mcts:5)."""
        return self in (PlayerKind.AI, PlayerKind.MCTS)


@dataclass(frozen=True)
class KindForm:
    """How a player kind is written in a spec, and what it seats."""

    syntax: str
    meaning: str


#: The player kinds, in the order help lists them: the one table the spec
#: parser's messages, the shell's help and completion and the entrants read.
PLAYER_KINDS: dict[PlayerKind, KindForm] = {
    PlayerKind.HUMAN: KindForm("human", "you type the moves"),
    PlayerKind.RANDOM: KindForm("random", "a random valid move"),
    PlayerKind.AI: KindForm("ai:N", "the game's AI at level N"),
    PlayerKind.MCTS: KindForm("mcts:N", "the arena's general AI at level N"),
    PlayerKind.BOT: KindForm("bot.pl[:N]", "a bot file, at level N"),
}


#: The kinds the arena plays itself: no human, no bot file.
BUILTIN_KINDS = (PlayerKind.RANDOM, PlayerKind.AI, PlayerKind.MCTS)


def spec_forms(kinds: Sequence[PlayerKind] = tuple(PlayerKind)) -> str:
    """The specs of ``kinds`` in words: ``human, random, ai:N, mcts:N or a
    bot file bot.pl[:N]``."""
    forms = [("a bot file " if k is PlayerKind.BOT else "") + PLAYER_KINDS[k].syntax for k in kinds]
    return forms[0] if len(forms) == 1 else f"{', '.join(forms[:-1])} or {forms[-1]}"


class Dialect(StrEnum):
    """The Prolog a game file is read as: found from the file (auto), or
    named (--dialect)."""

    AUTO = "auto"
    SWI = "swi"
    SICSTUS4 = "sicstus4"


class Termination(StrEnum):
    """How a game ended apart from its winner: played out (the empty text,
    written nowhere) or a no-contest because the game's own rules broke."""

    PLAYED = ""
    BROKEN_RULE = "broken_rule"


class ResultWord(StrEnum):
    """The words the arena itself writes where a player's name would stand:
    the winner of a draw, the winner of a game not over."""

    DRAW = "draw"
    NONE = "none"


class BotProtocol(StrEnum):
    """How a bot file plays: a PFL ``choose_move`` (of arity 3, 4 or 2),
    told the position, or the classic 1999 protocol, which keeps its own
    board."""

    PFL3 = "pfl/3"
    PFL4 = "pfl/4"
    PFL2 = "pfl/2"
    CLASSIC = "classic"


class GreedyVerdict(StrEnum):
    """Whether a game's AI level 2 chose as greedy on value/3 does: the
    argmax of the values of the moves, in every position checked."""

    GREEDY = "greedy"
    NOT_GREEDY = "not greedy"
    UNKNOWN = "unknown"  # no position checked


@dataclass(frozen=True)
class Decision:
    """A player's answer for one turn.

    ``move`` is the canonical move text when ``verdict`` is 'ok'; ``raw`` is
    what the player actually answered, for the log, when it was not valid.
    A verdict given as text becomes a :class:`Verdict` (ValueError if it is
    none).
    """

    move: str | None
    verdict: Verdict
    ms: int
    detail: str = ""
    raw: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "verdict", Verdict(self.verdict))


@dataclass(frozen=True)
class Ply:
    """One move played. ``verdict`` is 'ok' unless the referee replaced a bad
    answer (policy ``random``); ``raw`` is then what the player answered.
    ``note`` is what the move decided in the game's words (its optional
    move_outcome/4: "p2 wins green (fence)"), '' when nothing."""

    number: int
    player: str
    move: str
    ms: int = 0
    verdict: Verdict = Verdict.OK
    detail: str = ""
    raw: str | None = None
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "verdict", Verdict(self.verdict))


@dataclass(frozen=True)
class Result:
    """How a game ended. ``winner`` is a player or 'draw'; ``forfeit`` is the
    losing player's verdict when a bad move ended the game."""

    winner: str
    reason: str
    forfeit: Verdict | None = None
    detail: str = ""
    termination: Termination = Termination.PLAYED

    def __post_init__(self) -> None:
        object.__setattr__(self, "termination", Termination(self.termination))
        if self.forfeit is not None:
            object.__setattr__(self, "forfeit", Verdict(self.forfeit))


class Outcome(Protocol):
    """Anything with a winner (or 'draw') and a reason: a :class:`Result`,
    a tournament's game record."""

    @property
    def winner(self) -> str: ...

    @property
    def reason(self) -> str: ...


#: The words the arena itself writes where a player's name would stand (a
#: winner ``draw``; a game not over, ``none``): never a player's name.
RESULT_WORDS = frozenset(ResultWord)


def players_problem(players: Sequence[str]) -> str | None:
    """Why ``players`` (a game's players/1) cannot be a game's two seats:
    not two, the same twice, empty, or one of :data:`RESULT_WORDS`; None
    when they can."""
    if len(players) != 2:
        return f"players/1 gives {len(players)} players, not two"
    if players[0] == players[1]:
        return f"players/1 names the player {players[0]!r} twice"
    for p in players:
        if not p.strip():
            return "players/1 names a player with an empty name"
        if p in RESULT_WORDS:
            return (f"players/1 names a player {p!r}, a word the arena writes for a result "
                    f"({' and '.join(sorted(RESULT_WORDS))} are not player names)")
    return None


def result_text(outcome: Outcome, *, name: Callable[[str], str] = str,
                sentence: bool = False) -> str:
    """A result in words: ``x wins (three in a row)``, ``draw (board
    full)``; as a ``sentence``: ``x wins: three in a row.``, ``Draw: board
    full.``; a no-contest (termination ``broken_rule``) as ``No contest:
    ...``. ``name`` gives the text shown for the winner."""
    if getattr(outcome, "termination", "") == Termination.BROKEN_RULE:
        # a no-contest names the broken rule, never a draw
        reason = outcome.reason
        if reason.lower().startswith("no contest: "):
            reason = reason[len("no contest: "):]
        return f"No contest: {reason}." if sentence else f"no contest ({reason})"
    draw = outcome.winner == ResultWord.DRAW
    # a game without outcome_reason/2 says only "win" or "draw": no reason
    reason = "" if outcome.reason in ("win", ResultWord.DRAW, outcome.winner) else outcome.reason
    if sentence:
        head = "Draw" if draw else f"{name(outcome.winner)} wins"
        return f"{head}: {reason}." if reason else f"{head}."
    head = "draw" if draw else f"{name(outcome.winner)} wins"
    return f"{head} ({reason})" if reason else head


#: A JSON value as ``json.dumps`` takes it (``json.loads`` gives lists and dicts).
JSON: TypeAlias = "str | int | float | bool | None | Sequence[JSON] | Mapping[str, JSON]"
#: A JSON object: a document the arena writes (standings.json, a plan, a row).
JSONObject: TypeAlias = dict[str, JSON]


__all__ = [
    "JSON", "JSONObject", "BAD_VERDICTS", "BotProtocol", "BUILTIN_KINDS", "Decision", "Dialect", "GreedyVerdict", "Isolation", "KindForm", "Outcome", "PLAYER_KINDS",
    "PlayerKind", "Ply", "RESULT_WORDS", "Result", "ResultWord", "Termination", "Verdict",
    "players_problem", "result_text", "spec_forms",
]
