"""Prolog Arena's bridge to the Prolog rules: games, states, players.

    >>> import pybridge
    >>> game = pybridge.load_game("tictactoe")
    >>> game.initial_state().move("5").current_player
    'o'
"""

from pybridge.errors import (
    ArenaError,
    IllegalMoveError,
    Interrupted,
    NoMoveError,
    OptionError,
    PrologError,
    PrologUnavailableError,
    PrologValueError,
    StateTextError,
    ThinkTimeout,
    UnknownGameError,
)
from pybridge.games.game import Game, State, games, load_game
from pybridge.models.options import Option

__all__ = [
    "ArenaError",
    "Game",
    "IllegalMoveError",
    "Interrupted",
    "NoMoveError",
    "Option",
    "OptionError",
    "PrologError",
    "PrologUnavailableError",
    "PrologValueError",
    "State",
    "StateTextError",
    "ThinkTimeout",
    "UnknownGameError",
    "games",
    "load_game",
]
