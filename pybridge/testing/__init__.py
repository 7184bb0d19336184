"""Cross-check a game's rules against a reference, for pytest::

    from pybridge.testing import assert_same_rules

    def test_trike_rules():
        assert_same_rules("student/trike.pl", "trike", games=100, options={"size": 5})

``game``: a built-in id, a game file's path (it runs in the jailed game
host, as everywhere) or a loaded :class:`pybridge.Game`. ``reference``: a
built-in id, a game file, a Python file (``.py``) with a class
``Reference``, or a Reference object (see :class:`Reference`); a Python
reference is the caller's own code and runs in this process.

Where the two name players or moves differently, ``players`` maps the
game's player names to the reference's and ``moves`` maps the game's move
texts to the reference's (a dict or a function); a Reference may carry
them itself as ``game_players`` (a dict) and ``game_move(text)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from pybridge.games.game import Game, State
from pybridge.types import Dialect
from pybridge.testing.compare import Aspect, Difference, GameAndReference, Said, Summary, differs, run
from pybridge.testing.sides import (
    Configured,
    CrossCheckError,
    Facts,
    GameSide,
    MoveMap,
    Reference,
    ReferenceSide,
    as_game,
    game_options,
    reference_side,
)

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy


def pair(game: Game | str | Path, reference: object, *,
         options: Mapping[str, object] | None = None,
         players: Mapping[str, str] | None = None, moves: MoveMap | None = None,
         config: str | None = None, dialect: Dialect = Dialect.AUTO,
         ) -> GameAndReference[State, State] | GameAndReference[State, object]:
    """The two sides, loaded; CrossCheckError says why they cannot be
    compared (a side that does not load, players that do not match).
    Each option goes to the side that has it (to both where both do); a
    Python reference gets the game's options and the rest."""
    loaded = game_options(game, options or {}, config=config, dialect=dialect)
    ref = reference_side(reference, loaded, options or {},
                         name=str(reference) if isinstance(reference, (str, Path)) else None)
    if isinstance(ref, ReferenceSide):
        players = players if players is not None else getattr(ref.reference, "game_players", None)
        game_move = getattr(ref.reference, "game_move", None) if moves is None else None
        if callable(game_move):
            moves = game_move
    side = GameSide(loaded, players=players, moves=moves,
                    name=None if isinstance(game, Game) else str(game))
    if sorted(side.players) != sorted(ref.players):
        raise CrossCheckError(
            f"the players differ: {side.name} has {', '.join(side.players)}, {ref.name} has "
            f"{', '.join(ref.players)} (map them: --players GAME_NAME=REFERENCE_NAME, or "
            "players={...} in Python)")
    if isinstance(ref, GameSide):
        return GameAndReference(side, ref)
    return GameAndReference(side, ref)


def compare_lines(game: Game | str | Path, reference: object, *, games: int = 200,
                  seed: int | str = 0, options: Mapping[str, object] | None = None,
                  players: Mapping[str, str] | None = None, moves: MoveMap | None = None,
                  seconds: float | None = None) -> Summary:
    """:func:`cross_check` with what the run saw: the difference or None,
    the games played, positions compared, each game's winner."""
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    both = pair(game, reference, options=options, players=players, moves=moves)
    return run(both, games=games, seed=seed, seconds=seconds)


def cross_check(game: Game | str | Path, reference: object, *, games: int = 200, seed: int | str = 0,
                options: Mapping[str, object] | None = None,
                players: Mapping[str, str] | None = None, moves: MoveMap | None = None,
                seconds: float | None = None) -> Difference | None:
    """The first difference ``games`` seeded random lines find between
    ``game`` and ``reference`` (its line shrunk), or None."""
    return compare_lines(game, reference, games=games, seed=seed, options=options,
                         players=players, moves=moves, seconds=seconds).difference


def assert_same_rules(game: Game | str | Path, reference: object, *, games: int = 200,
                      seed: int | str = 0, options: Mapping[str, object] | None = None,
                      players: Mapping[str, str] | None = None, moves: MoveMap | None = None,
                      seconds: float | None = None) -> None:
    """:func:`cross_check`, raising AssertionError with the difference's
    report (line, what each side says, both boards)."""
    __tracebackhide__ = True  # pytest shows the report, not this frame
    difference = cross_check(game, reference, games=games, seed=seed, options=options,
                             players=players, moves=moves, seconds=seconds)
    if difference is not None:
        raise AssertionError("\n" + difference.report())


def states(game: Game | str | Path, *, options: Mapping[str, object] | None = None,
           max_plies: int = 200) -> "SearchStrategy[State]":
    """A hypothesis strategy of the states reachable in ``game``: a line
    of at most ``max_plies`` moves from the start, each drawn from the
    valid moves; shrinks towards shorter lines and earlier moves."""
    from hypothesis import strategies as st

    loaded = as_game(game, options)

    @st.composite
    def reachable(draw: DrawFn) -> State:
        state = loaded.initial_state()
        for _ in range(draw(st.integers(0, max_plies))):
            moves = state.valid_moves()
            if not moves:
                break
            state = state.move(moves[draw(st.integers(0, len(moves) - 1))])
        return state

    return reachable()


__all__ = [
    "Aspect",
    "Configured",
    "CrossCheckError",
    "Difference",
    "Facts",
    "Reference",
    "Said",
    "Summary",
    "assert_same_rules",
    "compare_lines",
    "cross_check",
    "differs",
    "pair",
    "states",
]
