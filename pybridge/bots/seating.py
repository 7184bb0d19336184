"""Seating a player: the one factory that turns any player spec into its
player, built-in or bot file. It sits above :mod:`pybridge.play.players` and
:mod:`pybridge.bots.player` so that neither needs the other.
"""

from __future__ import annotations

from pybridge.defaults import MOVE_TIME
from pybridge.bots.player import BotPlayer, Limits
from pybridge.play.players import BuiltinPlayer, HumanPlayer, Player, PlayerSpec
from pybridge.types import BUILTIN_KINDS, PlayerKind


def make_player(
    spec: PlayerSpec | str,
    *,
    move_time: float = MOVE_TIME,
    limits: Limits | None = None,
    seed: int | None = None,
) -> Player:
    """The player for ``spec`` (a :class:`PlayerSpec` or its text;
    ValueError for bad text). A bot file runs in its own process
    (:class:`pybridge.bots.player.BotPlayer`) with ``move_time`` seconds a move,
    ``limits`` (None: the defaults) and ``seed`` for its random choices
    (None: a random one). A built-in player draws from the game's own
    random state (:meth:`pybridge.Game.seed`)."""
    if isinstance(spec, str):
        spec = PlayerSpec.parse(spec)
    if spec.kind is PlayerKind.HUMAN:
        return HumanPlayer(spec)
    if spec.kind in BUILTIN_KINDS:
        return BuiltinPlayer(spec)
    return BotPlayer(spec, move_time=move_time, limits=limits or Limits(), seed=seed)


__all__ = ["make_player"]
