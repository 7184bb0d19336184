"""Replaying a log through the rules: :func:`rebuild` and :func:`verify`
(:class:`ReplayMismatch`, naming the line, at the first illegal move or
wrong result).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterator

from pybridge.errors import GameRuleError, IllegalMoveError
from pybridge.games.game import State
from pybridge.types import Result, Termination, Verdict, result_text
from pybridge.replay.reader import Logged, Replay, ReplayError, read_replay


class ReplayMismatch(ReplayError):
    """A readable log whose game the rules refuse: an illegal move, a move
    by the wrong player or out of turn, a result the rules do not give.
    ``move`` is the move text at fault (None for a result)."""

    def __init__(
        self, path: str | os.PathLike[str], line: int, message: str, move: str | None = None
    ) -> None:
        super().__init__(path, line, message)
        self.move = move


@dataclass(frozen=True)
class Position:
    """A position of a rebuilt game: the start (``logged`` None) or the
    position after a logged move; ``note``, what that move decided (as
    logged, else as the rules say)."""

    state: State
    logged: Logged | None = None
    note: str = ""


@dataclass(frozen=True)
class Rebuilt:
    """A log whose every move the rules accepted, and whose result (if
    any) the rules confirm."""

    replay: Replay
    positions: tuple[Position, ...]

    @property
    def final(self) -> State:
        return self.positions[-1].state

    @property
    def finished(self) -> bool:
        """The log records the game's result."""
        return self.replay.result is not None

    @property
    def result(self) -> Result | None:
        """The recorded result, or the rules' result when the game is over
        but its result was not written (the writer died just before)."""
        if self.replay.result is not None:
            return self.replay.result
        outcome = self.final.outcome()
        return Result(*outcome) if outcome is not None else None


def positions(replay: Replay) -> Iterator[Position]:
    """The start, then the position after each move in effect, each move
    replayed through the rules. ReplayMismatch, naming its line, at the
    first move that is out of turn, misnumbered or illegal."""
    path = replay.path
    state = replay.initial_state()
    yield Position(state)
    for index, logged in enumerate(replay.moves):
        ply = logged.ply
        line = logged.line
        expected = index + 1
        if ply.number != expected:
            raise ReplayMismatch(
                path, line, f"move {ply.move!r} is numbered ply {ply.number}, but ply "
                f"{expected} is due (a move is missing or repeated)", ply.move)
        outcome = state.outcome()
        if outcome is not None:
            raise ReplayMismatch(
                path, line, f"move {ply.move!r} by {ply.player} (ply {ply.number}) after the "
                f"game ended: {result_text(Result(*outcome))}", ply.move)
        if ply.player != state.current_player:
            raise ReplayMismatch(
                path, line, f"move {ply.move!r} (ply {ply.number}) is recorded for "
                f"{ply.player}, but {state.current_player} is to move", ply.move)
        try:
            applied = state.apply(ply.move)
        except IllegalMoveError as exc:
            raise ReplayMismatch(
                path, line, f"illegal move {ply.move!r} by {ply.player} (ply {ply.number}): "
                f"{exc.reason}", ply.move) from None
        state = applied.after
        yield Position(state, logged, ply.note or applied.note)


def check_result(replay: Replay, final: State) -> None:
    """ReplayMismatch, naming the result's line, unless the recorded result
    is the rules' result in ``final`` (for a forfeit: the game was not over
    and the loser was to move, or any seat for 'refused' at load)."""
    result = replay.result
    if result is None:
        return
    assert replay.result_line is not None
    line = replay.result_line
    path = replay.path
    recorded = result_text(result)
    if result.termination == Termination.BROKEN_RULE:
        _check_broken_rule(replay, final, line, recorded)
        return
    outcome = final.outcome()
    if result.forfeit is not None:
        if outcome is not None:
            raise ReplayMismatch(
                path, line, f"result {recorded} (a forfeit), but the game had ended by the "
                f"rules: {result_text(Result(*outcome))}")
        loser = replay.game.opponent(result.winner)
        if result.forfeit != Verdict.REFUSED and loser != final.current_player:
            raise ReplayMismatch(
                path, line, f"result {recorded}: {loser} forfeits by {result.forfeit}, but "
                f"{final.current_player} was to move")
        if result.forfeit == Verdict.ILLEGAL and result.detail in final.valid_moves():
            raise ReplayMismatch(
                path, line, f"result {recorded}: {loser} forfeits by an illegal move, but "
                f"what it answered, {result.detail}, is a valid move there")
        return
    if outcome is None:
        raise ReplayMismatch(
            path, line, f"result {recorded}, but the game is not over by the rules "
            f"({final.current_player} to move)")
    if (result.winner, result.reason) != outcome:
        raise ReplayMismatch(
            path, line, f"result {recorded}, but the rules say {result_text(Result(*outcome))}")


def _check_broken_rule(replay: Replay, final: State, line: int, recorded: str) -> None:
    """ReplayMismatch unless the rules do break in ``final``: a rule
    throws there (reading the position, or applying the move the result
    names), or the player to move has no move in a game not over."""
    assert replay.result is not None
    attempted = replay.result.detail
    try:
        outcome = final.outcome()
        moves = final.valid_moves()
        if attempted and attempted in moves:
            final.move(attempted)
            raise ReplayMismatch(
                replay.path, line, f"result {recorded} (a no-contest for a broken rule), but "
                f"the move {attempted!r} it names applies by the rules")
    except GameRuleError:
        return                      # the rule throws here again
    if outcome is not None or moves:
        raise ReplayMismatch(
            replay.path, line, f"result {recorded} (a no-contest for a broken rule), but the "
            "player to move has valid moves or the game is over")


def rebuild(replay: Replay) -> Rebuilt:
    """Every position of the logged game, checked by the rules (see
    :func:`positions` and :func:`check_result`)."""
    found = tuple(positions(replay))
    check_result(replay, found[-1].state)
    return Rebuilt(replay, found)


def verify(path: str | os.PathLike[str], *, root: str | os.PathLike[str] | None = None
           ) -> Rebuilt:
    """Reads and rebuilds the log at ``path`` (relative to the folder
    ``root`` and inside it, if given): ReplayFormatError (exit 2) or
    ReplayMismatch (exit 1), each naming its line."""
    return rebuild(read_replay(path, root=root))


__all__ = ["Position", "Rebuilt", "ReplayMismatch", "check_result", "positions", "rebuild", "verify"]
