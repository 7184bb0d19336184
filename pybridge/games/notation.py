"""Moves as people type them: the game's move text, or the move's Prolog
term as a bot would return it (``[1,2]`` for the slide ``1-2`` of sliding,
``5`` for cell 5), for every game. A typed move is read here, once, into
a :class:`TypedMove` that the shell shows or plays."""

from __future__ import annotations

from dataclasses import dataclass

from pybridge.errors import GameRuleError, IllegalMoveError
from pybridge.games.game import State


@dataclass(frozen=True)
class TypedMove:
    """A typed move read against a position: ``move`` is the canonical
    move text it stands for when the rules allow it there, else
    ``problem`` says why they do not."""

    typed: str
    move: str | None
    problem: str | None = None


def read_move(state: State, typed: str) -> TypedMove:
    """What ``typed`` is at ``state``: itself when the game reads it as a
    valid move text, else the move whose Prolog term it is, if the game
    has one; the rules say why it is not a valid move, or which of them
    broke when they applied it."""
    typed = typed.strip()
    text = typed
    if typed not in state.valid_moves():
        got = state.game.engine.typed_move(typed)
        text = typed if got is None else got
    try:
        move = state.canonical_move(text)
        state.move(move)  # the rules apply it now (kept for the play): a broken rule shows here
    except IllegalMoveError as exc:
        return TypedMove(typed, None, exc.reason)
    except GameRuleError as exc:
        return TypedMove(typed, None, str(exc))
    return TypedMove(typed, move)


__all__ = ["TypedMove", "read_move"]
