"""Moves as people type them: the game's move text, or the move's Prolog
term as a bot would return it (``[1,2]`` for the slide ``1-2`` of sliding,
``5`` for cell 5), for every game."""

from __future__ import annotations

from pybridge.games.game import State


def typed_move(state: State, typed: str) -> str:
    """The move text ``typed`` stands for: itself when the game reads it
    as a move text, else the text of the move whose Prolog term it is, if
    the game has one; else ``typed`` unchanged (the rules then say why it
    is not a move)."""
    typed = typed.strip()
    if typed in state.valid_moves():
        return typed
    got = state.game.engine.typed_move(typed)
    return typed if got is None else got


__all__ = ["typed_move"]
