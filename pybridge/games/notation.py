"""Moves as people type them: the game's move text, or the move's Prolog
term as a bot would return it (``[1,2]`` for the slide ``1-2`` of sliding,
``5`` for cell 5), for every game. A typed move is read here, once, into
a :class:`TypedMove` that the shell shows and the match plays as it is."""

from __future__ import annotations

from dataclasses import dataclass

from pybridge.errors import GameRuleError, IllegalMoveError
from pybridge.games.game import Applied, State


@dataclass(frozen=True)
class TypedMove:
    """A typed move read at ``state``: ``applied`` is the move the rules
    applied when they allow it there (its canonical text, the state after
    it, its note), else ``problem`` says why they do not."""

    typed: str
    state: State
    applied: Applied | None = None
    problem: str | None = None

    @property
    def move(self) -> str | None:
        """The canonical move text, or None when it is no valid move."""
        return None if self.applied is None else self.applied.move


def read_move(state: State, typed: str) -> TypedMove:
    """What ``typed`` is at ``state``: itself when the game reads it as a
    valid move text, else the move whose Prolog term it is, if the game
    has one; the rules say why it is not a valid move, or which of them
    broke when they applied it."""
    typed = typed.strip()
    text = typed
    valid = state.valid_moves()
    if typed not in valid:
        got = unquoted(typed, valid) or state.game.typed_move(typed)
        text = typed if got is None else got
    try:
        applied = state.apply(text)   # a broken rule shows here, before the play
    except IllegalMoveError as exc:
        return TypedMove(typed, state, problem=exc.reason)
    except GameRuleError as exc:
        return TypedMove(typed, state, problem=str(exc))
    return TypedMove(typed, state, applied)


__all__ = ["TypedMove", "read_move"]


def unquoted(typed: str, valid: list[str]) -> str | None:
    """The valid move text that is ``typed`` in Prolog's quotes (``'A-3'``
    for ``A-3``, as a game played through its loop writes what it types),
    if there is one."""
    for move in valid:
        if len(move) > 2 and move[0] == move[-1] == "'" \
                and move[1:-1].replace("\\'", "'").replace("''", "'") == typed:
            return move
    return None
