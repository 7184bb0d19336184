"""Who sits in a seat: player specs and the players they make.

Specs (CLI, shell, tournaments): ``human``, ``random``, ``ai:N`` (the
game's own ``choose_move`` at level N, in-process, trusted), ``mcts:N``
(the arena's general AI at level N, even for a game with levels of its
own), and
``path/to/bot.pl`` or ``path/to/bot.pl:N`` (an untrusted bot file, run in
its own process by :mod:`pybridge.bots.player`). :func:`pybridge.bots.seating.make_player`
makes the player of any spec.
"""

from __future__ import annotations

import random
import re
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pybridge.errors import ArenaError, GameRuleError, Interrupted, NoMoveError, ThinkTimeout
from pybridge.text import clean_line
from pybridge.types import PLAYER_KINDS, Decision, PlayerKind, Ply, Verdict, spec_forms

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pybridge.games.game import Game, State

#: The warnings a built-in player keeps of one game.
NOTES_KEPT = 50

_LEVELED = re.compile(r"(ai|mcts):(\d+)\Z")
#: What a leveled kind is called in a message about a bad level.
_LEVEL_HINT = {PlayerKind.AI: "an AI is", PlayerKind.MCTS: "the general AI is"}
#: What a bot file's name may end in: .pl, and .prolog and .pro as course
#: documents ask (raNNNNNN.prolog).
BOT_SUFFIXES = (".pl", ".prolog", ".pro")
_BOT = re.compile(r"(?P<path>.+?\.(?:pl|prolog|pro))(?::(?P<level>\d+))?\Z")
_LOOKS_LIKE_FILE = re.compile(r"[/\\.]")


@dataclass(frozen=True)
class PlayerSpec:
    """A parsed player spec; ``str(spec)`` is its canonical text."""

    kind: PlayerKind
    level: int | None = None
    path: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", PlayerKind(self.kind))

    @classmethod
    def parse(cls, text: str) -> "PlayerSpec":
        """The spec written as ``text``; ValueError saying what is wrong."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"empty player spec: use {spec_forms()}")
        text = text.strip()
        if text in (PlayerKind.HUMAN, PlayerKind.RANDOM):
            return cls(PlayerKind(text))
        for kind in (PlayerKind.MCTS, PlayerKind.AI):
            if text.startswith(kind):
                m = _LEVELED.match(text)
                if not m or m.group(1) != kind or int(m.group(2)) < 1:
                    raise ValueError(f"bad player spec {text!r}: {_LEVEL_HINT[kind]} "
                                     f"{PLAYER_KINDS[kind].syntax} with a level N >= 1, e.g. {kind}:3")
                return cls(kind, level=int(m.group(2)))
        m = _BOT.match(text)
        if m:
            level = int(m.group("level")) if m.group("level") else None
            return cls(PlayerKind.BOT, level=level, path=m.group("path"))
        if _LOOKS_LIKE_FILE.search(text):
            raise ValueError(
                f"bad player spec {text!r}: a bot file's name ends in .pl, .prolog or .pro "
                "(bot.pl, bot.pl:2)")
        raise ValueError(f"bad player spec {text!r}: use {spec_forms()}")

    @property
    def name(self) -> str:
        """Short name: the bot's file name without its suffix (control
        characters escaped), else the spec."""
        if self.kind is PlayerKind.BOT:
            assert self.path is not None
            return clean_line(Path(self.path).stem, 200)
        return str(self)

    def __str__(self) -> str:
        if self.kind.leveled:
            return f"{self.kind}:{self.level}"
        if self.kind is PlayerKind.BOT:
            return f"{self.path}" if self.level is None else f"{self.path}:{self.level}"
        return str(self.kind)


class Player(ABC):
    """A seat's occupant that chooses moves by itself (not a human)."""

    is_human = False

    def __init__(self, spec: PlayerSpec) -> None:
        self.spec = spec

    @property
    def name(self) -> str:
        return self.spec.name

    def start(self, game: "Game", seat: str) -> None:
        """Called once before the game's first turn of this player."""

    def follow(self, line: "Sequence[tuple[State, Ply]]") -> None:
        """Called before each :meth:`choose` with the plies that led to the
        state to choose in, each with the state it was played in. Players
        that keep a board of their own (classic-protocol bots) use it to
        catch up after an undo, a resumed game or a restart."""

    @abstractmethod
    def choose(
        self, state: "State", last_move: str | None, *, seconds: float
    ) -> Decision:
        """The move for ``state``; ``last_move`` is the opponent's last
        move (None at the start), ``seconds`` the time allowed (0: none)."""

    def close(self) -> None:
        """Release whatever the player holds (processes)."""

    def __enter__(self) -> "Player":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class HumanPlayer(Player):
    """A person at the keyboard: the UI asks, this never chooses."""

    is_human = True

    def choose(self, state: "State", last_move: str | None, *, seconds: float) -> Decision:
        raise ArenaError("a human's move comes from the user interface")


class BuiltinPlayer(Player):
    """``random`` (level 1) or ``ai:N``: the game's own choose_move;
    ``mcts:N``: the general AI. With a move time it keeps within it: a
    level cut short plays a random valid move (never a forfeit), and its
    :attr:`output` says so, a line per move."""

    def __init__(self, spec: PlayerSpec) -> None:
        super().__init__(spec)
        self.level = 1 if spec.kind is PlayerKind.RANDOM else int(spec.level or 1)
        self.general = spec.kind is PlayerKind.MCTS
        self._notes: list[str] = []
        self._shown = 0

    def start(self, game: "Game", seat: str) -> None:
        self._notes.clear()
        self._shown = 0
        if not self.general:
            game.engine.prepare(self.level)     # before the clock: a solver's table

    @property
    def output(self) -> str:
        """The warnings of its current or last game, a line each (bounded)."""
        return "".join(f"{note}\n" for note in self._notes[-NOTES_KEPT:])

    def recent_output(self) -> str:
        """The warnings since the last call."""
        new = self._notes[self._shown:]
        self._shown = len(self._notes)
        return "".join(f"{note}\n" for note in new[-NOTES_KEPT:])

    def choose(self, state: "State", last_move: str | None, *, seconds: float) -> Decision:
        start = time.monotonic()
        try:
            move, note = state.choose(self.level, seconds=max(0.0, seconds),
                                      general=self.general)
        except ThinkTimeout as exc:
            if seconds <= 0:
                return Decision(None, Verdict.TIMEOUT, _ms(start), str(exc))
            # the game's process did not answer within the move time and
            # its grace (it was killed): a random valid move all the same
            try:
                moves = state.valid_moves()
            except ArenaError:
                moves = []
            if not moves:
                return Decision(None, Verdict.TIMEOUT, _ms(start), str(exc))
            move = random.choice(moves)
            note = f"no answer within {seconds:g} s and its grace: a random valid move instead"
        except NoMoveError as exc:
            return Decision(None, Verdict.NO_MOVE, _ms(start), str(exc))
        except Interrupted:
            raise
        except GameRuleError as exc:
            # a rule of the game threw inside the AI's search (or its own
            # level): the game's fault, not the AI's; the referee's own
            # calls of the rules find it where it matters
            moves = state.valid_moves()
            if not moves:
                return Decision(None, Verdict.NO_MOVE, _ms(start), str(exc))
            move = random.choice(moves)
            note = f"{exc.message}: a random valid move instead"
        except ArenaError as exc:
            return Decision(None, Verdict.CRASHED, _ms(start), str(exc))
        if note:
            self._note(state, note)
        return Decision(move, Verdict.OK, _ms(start))

    def _note(self, state: "State", note: str) -> None:
        self._notes.append(clean_line(f"warning: {self.spec} as {state.current_player}: {note}",
                                      300))
        if len(self._notes) > 2 * NOTES_KEPT:
            del self._notes[:NOTES_KEPT]
            self._shown = max(0, self._shown - NOTES_KEPT)


def _ms(start: float) -> int:
    return int(round((time.monotonic() - start) * 1000))
