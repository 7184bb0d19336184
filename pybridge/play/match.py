"""One game between two seats, refereed: the one place that applies moves
for every front end (shell, ``arena play``, tournaments).

It is the only gate for who may move: :meth:`Match.play` takes a typed
move (read once, :func:`pybridge.games.notation.read_move`) only for a
human seat to move, :meth:`Match.step` asks only a
non-human player to move. The referee checks every move of a non-human
player against the rules and applies the policy for a bad one:
``forfeit`` (the move loses the game) or ``random`` (a random valid move
is played instead, and logged as such).
A recorder (a replay log writer) sees every move, undo and the result.
"""

from __future__ import annotations

from enum import StrEnum
import dataclasses
from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence

from pybridge.defaults import MOVE_TIME
from pybridge.errors import GameRuleError, IllegalMoveError, TurnError
from pybridge.games.game import Applied, Game, State
from pybridge.games.notation import TypedMove, read_move
from pybridge.play.players import Player
from pybridge.text import clean_line
from pybridge.types import Decision, Ply, Result, Termination, Verdict

class Policy(StrEnum):
    """What the referee does with a bad answer: the player forfeits, or a
    random valid move is played in its place (and logged as such)."""

    FORFEIT = "forfeit"
    RANDOM = "random"


POLICIES = tuple(Policy)


class Recorder(Protocol):
    def move(self, ply: Ply) -> None: ...
    def undo(self) -> None: ...
    def result(self, result: Result) -> None: ...


@dataclass
class _Position:
    state: State
    ply: Ply | None = None  # the move that led here
    result: Result | None = None


class Match:
    """A game in progress: its states, its players and its referee.
    ``history`` is the plies played from ``state`` (default: the initial
    state); IllegalMoveError or TurnError at the first that does not
    follow."""

    def __init__(
        self,
        game: Game,
        players: Mapping[str, Player],
        *,
        policy: Policy | str = Policy.FORFEIT,
        move_time: float = MOVE_TIME,
        recorder: Recorder | None = None,
        state: State | None = None,
        history: Sequence[Ply] = (),
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r} (use {' or '.join(POLICIES)})")
        policy = Policy(policy)
        if set(players) != set(game.players):
            raise ValueError(f"players must sit in seats {game.players}, got {sorted(players)}")
        self.game = game
        self.players = dict(players)
        self.policy = policy
        self.move_time = move_time
        self.recorder = recorder
        game.begin()
        start = state if state is not None else game.initial_state()
        self._line: list[_Position] = [_Position(start)]
        self._redo: list[Ply] = []
        self._started: set[str] = set()
        self._attempt = ""   # the move being applied, named if a rule throws
        self._choosing = False
        for ply in history:
            if ply.player != self.state.current_player:
                raise TurnError(ply.move, self.state, ply.player,
                                f"ply {ply.number} is for {ply.player}, but "
                                f"{self.state.current_player} is to move")
            self._line.append(_Position(self.state.move(ply.move), ply))
        self._check_end()

    # -- what is -----------------------------------------------------------

    @property
    def state(self) -> State:
        return self._line[-1].state

    @property
    def initial_state(self) -> State:
        return self._line[0].state

    @property
    def history(self) -> list[Ply]:
        return [p.ply for p in self._line[1:] if p.ply is not None]

    def line(self) -> list[tuple[State, Ply]]:
        """The plies played, each with the state it was played in."""
        return [(before.state, after.ply)
                for before, after in zip(self._line, self._line[1:]) if after.ply is not None]

    @property
    def result(self) -> Result | None:
        return self._line[-1].result

    @property
    def last_move(self) -> str | None:
        ply = self._line[-1].ply
        return ply.move if ply else None

    @property
    def to_move(self) -> Player:
        return self.players[self.state.current_player]

    def can_redo(self) -> int:
        return len(self._redo)

    # -- moves -------------------------------------------------------------

    def read(self, typed: str) -> TypedMove:
        """``typed`` read as a move at the current position, for :meth:`play`."""
        return read_move(self.state, typed)

    def play(self, typed: TypedMove, *, seat: str | None = None, ms: int = 0) -> Ply:
        """Play ``typed``, a human's move read at the current position, for
        ``seat`` (default: the seat to move). IllegalMoveError, and
        nothing changes, if it is not valid; TurnError (an
        IllegalMoveError) if ``seat`` is not to move or the player to
        move is not a human (its moves come from :meth:`step`)."""
        if self.result is not None:
            raise IllegalMoveError(typed.typed, self.state, "the game is over")
        self._check_turn(typed.typed, seat)
        if typed.state != self.state:
            raise ValueError(f"{typed.typed!r} was read at another position")
        if typed.applied is None:
            raise IllegalMoveError(typed.typed, self.state,
                                   typed.problem or f"{typed.typed} is not a valid move")
        applied = typed.applied
        ply = Ply(len(self._line), self.state.current_player, applied.move, ms, note=applied.note)
        self._push(ply, applied.after)
        self._redo.clear()
        return ply

    def _check_turn(self, move: str, seat: str | None) -> None:
        to_move = self.state.current_player
        player = self.players[to_move]
        if seat is not None and seat != to_move:
            if seat not in self.players:
                raise TurnError(move, self.state, seat, f"{seat!r} is not a seat of "
                                f"{self.game.id} {list(self.game.players)}")
            raise TurnError(move, self.state, seat,
                            f"it is {to_move}'s turn ({player.name}), not {seat}'s")
        if not player.is_human:
            raise TurnError(move, self.state, to_move,
                            f"it is {to_move}'s turn ({player.name}), who is not a human: "
                            "its moves come from step()")

    def step(self, *, seconds: float | None = None) -> Ply | Result:
        """Let the (non-human) player to move choose, and referee its answer.
        Returns the ply played, or the result when the answer forfeits, or
        a no-contest when one of the game's rules throws (a broken rule,
        never a player's forfeit)."""
        if self.result is not None:
            return self.result
        self._attempt = ""
        self._choosing = False
        try:
            return self._step(seconds)
        except GameRuleError as exc:
            # a rule the referee applies; not one a player ran while it chose
            # (that the log cannot show), nor one past the result
            if self.result is not None or self._choosing:
                raise
            return self.conclude(rule_threw_result(exc, self._attempt, self.state))

    def _step(self, seconds: float | None) -> Ply | Result:
        seat = self.state.current_player
        player = self.players[seat]
        if player.is_human:
            raise ValueError(f"{seat} is a human: their moves come from play()")
        if seat not in self._started:
            self._started.add(seat)
            player.start(self.game, seat)
        player.follow(self.line())
        self._choosing = True
        decision = player.choose(
            self.state, self.last_move,
            seconds=self.move_time if seconds is None else seconds,
        )
        self._choosing = False
        decision, applied = self._judge(decision)
        if applied is not None:
            ply = Ply(len(self._line), seat, applied.move, decision.ms, note=applied.note)
        elif self.policy == Policy.RANDOM and decision.verdict != Verdict.REFUSED:
            replacement = self.state.choose_move(1)
            self._attempt = replacement
            applied = self.state.apply(replacement)
            ply = Ply(
                len(self._line), seat, replacement, decision.ms,
                decision.verdict, decision.detail, decision.raw, applied.note,
            )
        else:
            return self._forfeit(seat, decision)
        self._push(ply, applied.after)
        self._redo.clear()
        return ply

    def run(self, on_ply: Callable[[Ply], None] | None = None) -> Result:
        """Play to the end; every seat must be a non-human player."""
        while self.result is None:
            out = self.step()
            if isinstance(out, Ply) and on_ply is not None:
                on_ply(out)
        assert self.result is not None
        return self.result

    def forfeit(self, seat: str, verdict: Verdict | str, detail: str = "") -> Result:
        """End the game: ``seat`` loses by ``verdict`` (e.g. a bot refused)."""
        return self._forfeit(seat, Decision(None, Verdict(verdict), 0, detail))

    def _judge(self, decision: Decision) -> tuple[Decision, Applied | None]:
        """The decision as refereed, with its move applied when it is valid."""
        if decision.verdict != Verdict.OK:
            return decision, None
        raw = decision.move
        if not isinstance(raw, str):
            return Decision(None, Verdict.ILLEGAL, decision.ms, "no move text", repr(raw)), None
        if raw in self.state.valid_moves():
            self._attempt = raw     # a listed move a rule throws on is named
        try:
            applied = self.state.apply(raw)
        except IllegalMoveError as exc:
            return Decision(None, Verdict.ILLEGAL, decision.ms, exc.reason, raw), None
        if applied.move != raw:
            decision = Decision(applied.move, Verdict.OK, decision.ms)
        return decision, applied

    def _forfeit(self, seat: str, decision: Decision) -> Result:
        winner = self.game.opponent(seat)
        what = decision.detail or decision.verdict
        result = Result(
            winner, f"{seat} forfeits: {decision.verdict}"
            + (f" ({what})" if what != decision.verdict else ""),
            forfeit=decision.verdict, detail=decision.raw or "",
        )
        return self.conclude(result)

    def conclude(self, result: Result) -> Result:
        """End the game with ``result`` (a forfeit the rules cannot see,
        e.g. read back from a log), and record it."""
        if self.result is not None:
            raise ValueError(f"the game is over already: {self.result.reason}")
        self._line[-1].result = result
        if self.recorder is not None:
            self.recorder.result(result)
        return result

    def _push(self, ply: Ply, new: State | None = None) -> None:
        """Add ``ply``, which leads to ``new`` (applied now when not given)."""
        if new is None:
            new = self.state.move(ply.move)
        self._line.append(_Position(new, ply))
        if self.recorder is not None:
            self.recorder.move(ply)
        self._check_end(record=True)

    def _check_end(self, *, record: bool = False) -> None:
        position = self._line[-1]
        if position.result is None:
            outcome = position.state.outcome()
            if outcome is not None:
                position.result = Result(outcome[0], outcome[1])
            elif not position.state.valid_moves():
                position.result = broken_rule_result(position.state)
            if position.result is not None and record and self.recorder is not None:
                self.recorder.result(position.result)

    # -- undo and redo -----------------------------------------------------

    def undo(self, n: int = 1) -> int:
        """Take back up to ``n`` moves; returns how many were taken back."""
        done = 0
        while done < n and len(self._line) > 1:
            position = self._line.pop()
            assert position.ply is not None
            self._redo.append(position.ply)
            if self.recorder is not None:
                self.recorder.undo()
            done += 1
        return done

    def undo_to_human(self) -> int:
        """Undo to the last turn of a human before the current position (one
        move when no seat is human). Returns how many moves were undone."""
        for back in range(1, len(self._line)):
            seat = self._line[-1 - back].state.current_player
            if self.players[seat].is_human:
                return self.undo(back)
        return self.undo(1) if not any(p.is_human for p in self.players.values()) else 0

    def redo_to_human(self) -> int:
        """Redo up to the next turn of a human (what undo_to_human took
        back), or one move when no seat is human. Returns how many."""
        if not any(p.is_human for p in self.players.values()):
            return self.redo(1)
        done = 0
        while self._redo:
            done += self.redo(1)
            if self.result is not None or self.players[self.state.current_player].is_human:
                break
        return done

    def redo(self, n: int = 1) -> int:
        """Replay up to ``n`` undone moves; returns how many."""
        done = 0
        while done < n and self._redo:
            ply = self._redo.pop()
            self._push(dataclasses.replace(ply, number=len(self._line)))
            done += 1
        return done

    def close(self) -> None:
        for player in self.players.values():
            player.close()

    def __enter__(self) -> "Match":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# Ply and Result live in pybridge.types; the shell still imports them here
__all__ = ["Match", "Ply", "Policy", "Result", "Recorder", "POLICIES"]


def broken_rule_result(state: State) -> Result:
    """A no-contest: the player to move has no valid move though
    game_over/2 fails, a broken rule of the game, never a forfeit of the
    player who would be asked."""
    seat = state.current_player
    return Result("draw", clean_line(
        f"the game's rules are broken: valid_moves/2 gave no move for {seat} "
        f"although game_over/2 fails", 300), detail=clean_line(str(state), 300),
        termination=Termination.BROKEN_RULE)


def rule_threw_result(exc: GameRuleError, move: str, state: State) -> Result:
    """A no-contest: one of the game's rules threw (or its host answered
    badly) while ``move`` was applied in ``state`` (or, with ``move``
    empty, while the position was read); the reason names the position,
    the detail the move, for the log's verification to throw again."""
    where = clean_line(str(state), 120)
    return Result("draw", clean_line(f"the game's rules are broken in {where}: {exc}", 300),
                  detail=clean_line(move, 300), termination=Termination.BROKEN_RULE)
