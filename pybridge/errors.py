"""Exceptions of the Prolog bridge. Input errors subclass ValueError."""

from __future__ import annotations


class ArenaError(Exception):
    """Base class of every error raised by pybridge."""


class PrologUnavailableError(ArenaError, RuntimeError):
    """SWI-Prolog (libswipl) or pyswip cannot be loaded."""


class PrologError(ArenaError, RuntimeError):
    """A Prolog goal threw an error that is not the caller's fault."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class PrologValueError(ArenaError, ValueError):
    """A Prolog goal rejected its input (domain, type or syntax error)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class UnknownGameError(ArenaError, ValueError):
    """No game of that id."""


class OptionError(ArenaError, ValueError):
    """An option the game does not accept, or a value out of its range."""


class StateTextError(ArenaError, ValueError):
    """Text that is not a state of the game."""


class IllegalMoveError(ArenaError, ValueError):
    """A move that is not valid in the state; ``reason`` says why."""

    def __init__(self, move: str, state: object, reason: str) -> None:
        super().__init__(f"illegal move {move!r}: {reason}")
        self.move = move
        self.state = state
        self.reason = reason


class TurnError(IllegalMoveError):
    """A move for a seat that is not to move, or for a player whose moves
    are not typed in (a bot or AI); ``seat`` is the seat it was for."""

    def __init__(self, move: str, state: object, seat: str, reason: str) -> None:
        super().__init__(move, state, reason)
        self.seat = seat


class NoMoveError(ArenaError, RuntimeError):
    """An AI or bot returned no move where one was due."""


class ThinkTimeout(ArenaError, TimeoutError):
    """An AI did not choose a move within its time limit."""


class Interrupted(KeyboardInterrupt):
    """A Prolog call was interrupted by Ctrl-C; the engine is still usable."""


class GameFileError(ArenaError, ValueError):
    """A game file that cannot be used: missing, unreadable, refused by the
    checks, or lacking a required predicate. The message says which."""


class GameRuleError(PrologError):
    """A game file's rule looped, threw or gave a non-ground answer; the
    message names the predicate."""
