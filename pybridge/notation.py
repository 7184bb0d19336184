"""Moves as people type them: the game's move text, or the move's Prolog
term as a bot would return it (``[1,2]`` for the slide ``1-2`` of sliding,
``5`` for cell 5), for every game."""

from __future__ import annotations

from . import _prolog
from .game import State


def typed_move(state: State, typed: str) -> str:
    """The move text ``typed`` stands for: itself when the game reads it
    as a move text, else the text of the move whose Prolog term it is, if
    the game has one; else ``typed`` unchanged (the rules then say why it
    is not a move)."""
    typed = typed.strip()
    if typed in state.valid_moves():
        return typed
    game = state.game.id
    got = _prolog.call(
        f"catch(call_with_time_limit(2, ( term_string(T, {_prolog.atom(typed)}), ground(T), "
        f"{_prolog.atom(game)}:move_text(T, Text), atom(Text) )), _, fail)")
    if got is None:
        return typed
    return _prolog.text(got["Text"])


__all__ = ["typed_move"]
