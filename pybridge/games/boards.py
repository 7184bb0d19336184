"""Many positions of one game at once, for a page that shows them all: the
board of each (as :meth:`State.display`) and what each played move is
(as :meth:`State.move_descriptions`), asked of the engine in one call
where it can."""

from __future__ import annotations

from typing import Sequence

from pybridge.games.game import State


def boards(shown: Sequence[tuple[State, str | None]], *, color: bool = False) -> list[str]:
    """The display of each (state, last move or None) of ``shown``, all
    positions of one game."""
    if not shown:
        return []
    engine = shown[0][0].game.engine
    return engine.displays([(str(state), last or "") for state, last in shown], color=color)


def played_descriptions(played: Sequence[tuple[State, str]]) -> list[str]:
    """The game's description of each (state, move) of ``played`` (a move
    played in that state; '' where the game gives none)."""
    if not played:
        return []
    engine = played[0][0].game.engine
    return engine.played_descriptions([(str(state), move) for state, move in played])


__all__ = ["boards", "played_descriptions"]
