"""The one engine interface behind :class:`pybridge.games.game.Game` and
:class:`pybridge.games.game.State`: what the referee asks of a game's rules,
over state texts and move texts.

:class:`InProcessEngine` answers for a built-in game in the referee's own
Prolog engine (``prolog/bridge.pl``); ``pybridge.host.game_host.HostEngine``
answers for a game file from the file's own jailed process. Both return
plain Python values; neither hands the caller a Prolog term.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from abc import ABC, abstractmethod
from typing import Mapping, Sequence

from pybridge.engine import _prolog
from pybridge.engine._prolog import integer, items, number, text
from pybridge.models.options import Option
from pybridge.text import without_colour

#: A state's player to move, valid move texts, and winner ('none' while on).
Facts = tuple[str, tuple[str, ...], str]


def options_term(options: Mapping[str, object]) -> str:
    """Prolog source text of an options list ``[name(Value), ...]``."""
    return "[" + ",".join(f"{n}({_prolog.term(v)})" for n, v in options.items()) + "]"


def check_term(games: int, seed: int, plies: int, max_states: int,
               seconds: float = 60.0) -> str:
    return (f"[games({int(games)}),seed({int(seed)}),exhaustive_plies({int(plies)}),"
            f"max_states({int(max_states)}),seconds({float(seconds)})]")


@dataclass(frozen=True)
class Played:
    """A move the rules applied: the new state's text, the move's
    canonical text, the new state's player to move, valid move texts and
    winner ('none' while on) with the reason, and what the move decided
    in the game's words ('' when nothing)."""

    state: str
    move: str
    player: str
    moves: tuple[str, ...]
    over: str
    reason: str
    note: str = ""


class Proof(StrEnum):
    """What the general AI's search proved of a move, for the player who
    makes it: nothing yet, a win, a loss."""

    OPEN = "open"
    WIN = "win"
    LOSS = "loss"


@dataclass(frozen=True)
class MoveStats:
    """One move at the root of a search: its visits, the player to
    move's mean playout score after it, and whether it is proven won or
    lost for that player (``open`` when not)."""

    move: str
    visits: int
    win_rate: float
    status: Proof


@dataclass(frozen=True)
class Search:
    """What the general AI's search found from a position."""

    iterations: int
    moves: tuple[MoveStats, ...]
    searches: int = 1   # 2 when a second process searched beside the first

    def best(self) -> MoveStats | None:
        """The move the search plays: proven won, else the most visited
        of those not proven lost."""
        won = [m for m in self.moves if m.status == Proof.WIN]
        if won:
            return won[0]
        pool = [m for m in self.moves if m.status != Proof.LOSS] or list(self.moves)
        return max(pool, key=lambda m: m.visits, default=None)


class GameEngine(ABC):
    """A game's rules, asked over texts. Failing questions return None;
    errors raise the exceptions of :mod:`pybridge.errors`."""

    @abstractmethod
    def describe(self) -> tuple[str, tuple[str, ...], tuple[Option, ...]]:
        """(title, players, options)."""

    @abstractmethod
    def new_state(self, options: Mapping[str, object]) -> str | None: ...

    @abstractmethod
    def new_state_config(self, config: str) -> str | None: ...

    @abstractmethod
    def parse_state(self, state_text: str) -> str | None: ...

    @abstractmethod
    def state_info(self, state: str) -> Facts: ...

    @abstractmethod
    def play_move(self, state: str, move: str) -> Played | None:
        """The move applied, or None when the rules refuse it."""

    @abstractmethod
    def move_error(self, state: str, move: str) -> str | None: ...

    @abstractmethod
    def value(self, state: str, player: str) -> float | None: ...

    @abstractmethod
    def display(self, state: str, last_move: str) -> str: ...

    @abstractmethod
    def choose(self, state: str, level: int, seconds: float) -> tuple[str, str] | None:
        """(move text, note) of the AI at ``level`` (negative: the general
        AI) within the move time ``seconds`` (0: none); the note says where
        a level overran and a random valid move was played instead ('':
        none). None when it found no move."""

    @abstractmethod
    def move_descriptions(self, state: str) -> dict[str, str]: ...

    def displays(self, shown: Sequence[tuple[str, str]], *, color: bool = True) -> list[str]:
        """:meth:`display` of each (state, last move) of ``shown`` (without
        colour codes unless ``color``); an engine may answer all in one call."""
        got = [self.display(state, last) for state, last in shown]
        return got if color else [without_colour(board) for board in got]

    def played_descriptions(self, played: Sequence[tuple[str, str]]) -> list[str]:
        """The description of each (state, move) of ``played``: the move's
        in that state ('' when none)."""
        return [self.move_descriptions(state).get(move, "") for state, move in played]

    @abstractmethod
    def outcome(self, state: str) -> tuple[str, str] | None: ...

    @abstractmethod
    def rules(self) -> str: ...

    @abstractmethod
    def seed(self, seed: int) -> None: ...

    def prepare(self, level: int) -> None:
        """Do what the AI at ``level`` does once per process (a solver's
        table), before a game's clock runs; nothing by default."""

    @abstractmethod
    def check(self, config: str, options: Mapping[str, object], games: int, seed: int,
              plies: int, max_states: int,
              seconds: float = 60.0) -> list[tuple[str, str, str, str]]:
        """The conformance problems (prolog/gamecheck.pl), within about
        ``seconds``."""

    @abstractmethod
    def typed_move(self, typed: str) -> str | None:
        """The move text of the move term written as ``typed``."""

    def solved_outcome(self, state: str) -> tuple[str, int] | None:
        """(winner or 'draw', plies) with perfect play, if the game says."""
        return None

    def search(self, state: str, seconds: float) -> "Search | None":
        """The general AI's search from ``state`` for ``seconds``: None
        for a game that does not run it (a built-in game)."""
        return None

    def begin_game(self, options: Mapping[str, object], config: str | None) -> None:
        """Make the rules fresh for a game about to begin (a game file's
        host forks a copy of the loaded file); built-in rules keep nothing."""


class InProcessEngine(GameEngine):
    """A built-in game, in the referee's Prolog engine (trusted code)."""

    def __init__(self, module: str) -> None:
        self.module = module

    def _bridge(self, name: str, *args: object, outputs: list[str],
                interruptible: bool = False) -> _prolog.Bindings | None:
        return _prolog.bridge(name, self.module, *args, outputs=outputs,
                              interruptible=interruptible)

    def describe(self) -> tuple[str, tuple[str, ...], tuple[Option, ...]]:
        got = self._bridge("game_info", outputs=["Title", "Players", "Options"])
        assert got is not None
        return (text(got["Title"]), tuple(text(p) for p in items(got["Players"])),
                tuple(Option(text(n), d if isinstance(d, (int, float, str)) else text(d), text(h))
                      for n, d, h in (items(o) for o in items(got["Options"]))))

    def new_state(self, options: Mapping[str, object]) -> str | None:
        got = _prolog.call(f"arena_bridge:new_state({_prolog.atom(self.module)}, "
                           f"{options_term(options)}, State)")
        return None if got is None else text(got["State"])

    def new_state_config(self, config: str) -> str | None:
        got = self._bridge("new_state_config", config, outputs=["State"])
        return None if got is None else text(got["State"])

    def parse_state(self, state_text: str) -> str | None:
        got = self._bridge("parse_state", state_text, outputs=["State"])
        return None if got is None else text(got["State"])

    def state_info(self, state: str) -> Facts:
        got = self._bridge("state_info", state, outputs=["Player", "Moves", "Over"])
        assert got is not None
        return (text(got["Player"]), tuple(text(m) for m in items(got["Moves"])),
                text(got["Over"]))

    def play_move(self, state: str, move: str) -> Played | None:
        got = self._bridge("play_move", state, move, outputs=["Json"])
        if got is None:
            return None
        facts = json.loads(text(got["Json"]))      # prolog/bridge.pl's play_move_dict/4
        return Played(str(facts["state"]), str(facts["move"]), str(facts["player"]),
                      tuple(str(m) for m in facts["moves"]), str(facts["over"]),
                      str(facts["reason"]), str(facts.get("note") or ""))

    def move_error(self, state: str, move: str) -> str | None:
        got = self._bridge("move_error", state, move, outputs=["Reason"])
        return None if got is None else text(got["Reason"])

    def value(self, state: str, player: str) -> float | None:
        got = self._bridge("state_value", state, player, outputs=["Value"])
        return None if got is None else number(got["Value"])

    def display(self, state: str, last_move: str) -> str:
        got = self._bridge("display", state, last_move, outputs=["Output"])
        assert got is not None
        return text(got["Output"])

    def displays(self, shown: Sequence[tuple[str, str]], *, color: bool = True) -> list[str]:
        got = self._bridge("displays", [list(p) for p in shown], color, outputs=["Outputs"])
        assert got is not None
        return [text(o) if color else without_colour(text(o)) for o in items(got["Outputs"])]

    def played_descriptions(self, played: Sequence[tuple[str, str]]) -> list[str]:
        got = self._bridge("played_descriptions", [list(p) for p in played],
                           outputs=["Descriptions"])
        assert got is not None
        return [text(d) for d in items(got["Descriptions"])]

    def choose(self, state: str, level: int, seconds: float) -> tuple[str, str] | None:
        got = self._bridge("choose", state, level, float(seconds), outputs=["Move", "Note"],
                           interruptible=True)
        return None if got is None else (text(got["Move"]), text(got["Note"]))

    def move_descriptions(self, state: str) -> dict[str, str]:
        got = self._bridge("move_descriptions", state, outputs=["Pairs"])
        assert got is not None
        return {text(m): text(d) for m, d in (items(p) for p in items(got["Pairs"]))}

    def outcome(self, state: str) -> tuple[str, str] | None:
        got = self._bridge("outcome", state, outputs=["Winner", "Reason"])
        return None if got is None else (text(got["Winner"]), text(got["Reason"]))

    def rules(self) -> str:
        got = self._bridge("rules", outputs=["Text"])
        return text(got["Text"]) if got else ""

    def seed(self, seed: int) -> None:
        _prolog.bridge("seed", int(seed))

    def prepare(self, level: int) -> None:
        _prolog.bridge("prepare_level", self.module, int(level), interruptible=True)

    def check(self, config: str, options: Mapping[str, object], games: int, seed: int,
              plies: int, max_states: int,
              seconds: float = 60.0) -> list[tuple[str, str, str, str]]:
        got = _prolog.call(
            f"arena_bridge:check_game({_prolog.atom(self.module)}, {_prolog.atom(config)}, "
            f"{options_term(options)}, {check_term(games, seed, plies, max_states, seconds)}, "
            "Problems)")
        assert got is not None
        return [(text(a), text(b), text(c), text(d))
                for a, b, c, d in (items(p) for p in items(got["Problems"]))]

    def typed_move(self, typed: str) -> str | None:
        got = self._bridge("typed_move_bounded", typed, outputs=["Text"])
        return None if got is None else text(got["Text"])

    def solved_outcome(self, state: str) -> tuple[str, int] | None:
        game = _prolog.atom(self.module)
        got = _prolog.call(
            f"current_predicate({game}:solved_outcome/2), "
            f"catch(call_with_time_limit(10, ( term_string(S, {_prolog.atom(state)}), "
            f"{game}:solved_outcome(S, O) )), _, fail), "
            "( O = win(W0, P) -> format(atom(W), '~w', [W0]) ; W = draw, P = 0 )")
        if got is None:
            return None
        return text(got["W"]), integer(got["P"])


__all__ = ["Facts", "GameEngine", "MoveStats", "Played", "Proof", "Search", "InProcessEngine", "check_term", "options_term"]
