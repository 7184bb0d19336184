"""What the rules can say about a position beyond its moves: the outcome
with perfect play, for the games that are solved (their optional
``solved_outcome/2``)."""

from __future__ import annotations

from pybridge.games.game import State
from pybridge.types import ResultWord


def solved_outcome(state: State) -> tuple[str, int] | None:
    """(winner or 'draw', plies until the end) with perfect play from
    ``state``, or None when the game does not say (it is not solved)."""
    return state.game.engine.solved_outcome(str(state))


def outcome_text(state: State) -> str | None:
    """``x wins in 5 plies`` or ``draw``, with perfect play; None when
    the game is not solved."""
    found = solved_outcome(state)
    if found is None:
        return None
    winner, plies = found
    if winner == ResultWord.DRAW:
        return "draw"
    return f"{winner} wins in {plies} {'ply' if plies == 1 else 'plies'}"


__all__ = ["outcome_text", "solved_outcome"]
