"""Helpers that compare a game's Prolog rules with its Python reference,
through pybridge.testing (the API a course uses): the same facts of a
position (player to move, valid moves, game over, winner) are compared."""

from __future__ import annotations

from typing import Any, Protocol

import pybridge
from pybridge.testing import compare_lines, differs
from pybridge.testing.sides import GameSide, ReferenceSide
from tests.support import bridge_extras


class Reference(Protocol):
    """A tests/reference rules object, its options fixed when it was made."""

    players: tuple[str, str]

    def initial(self) -> Any: ...
    def winner(self, s: Any) -> str | None: ...
    def moves(self, s: Any) -> list[str]: ...
    def play(self, s: Any, move: str) -> Any: ...


class Fixed:
    """A tests/reference rules object (``Trike(5)``) in the
    pybridge.testing Reference protocol: the options it was made with."""

    def __init__(self, rules: Reference) -> None:
        self.rules = rules
        self.players = rules.players

    def initial(self, options: dict[str, Any]) -> Any:
        return self.rules.initial()

    def moves(self, s: Any) -> list[str]:
        return self.rules.moves(s)

    def play(self, s: Any, move: str) -> Any:
        return self.rules.play(s, move)

    def winner(self, s: Any) -> str | None:
        return self.rules.winner(s)

    def to_move(self, s: Any) -> str:
        return str(s.to_move)


def compare(state: pybridge.State, ref: Reference, r: Any) -> list[str]:
    """Assert that one position agrees (pybridge.testing's comparison);
    return its valid moves."""
    mine = GameSide(state.game).facts(state)
    theirs = ReferenceSide(Fixed(ref), state.game.options).facts(r)
    assert differs(mine, theirs) is None, (differs(mine, theirs), str(state), r)
    return state.valid_moves()


def enumerate_all(game: pybridge.Game, ref: Reference) -> int:
    """Walk every reachable position in both implementations side by side:
    same moves, same successors, same game_over. Returns the number of
    distinct positions, checking that the two agree on which are the same."""
    start = game.initial_state()
    seen: dict[str, Any] = {str(start): ref.initial()}
    ref_seen: dict[Any, str] = {ref.initial(): str(start)}
    stack = [(start, ref.initial())]
    while stack:
        state, r = stack.pop()
        compare(state, ref, r)
        for move, new in bridge_extras.successors(state).items():
            r_new = ref.play(r, move)
            key = str(new)
            if key in seen:
                assert seen[key] == r_new, (key, r_new)
                continue
            assert ref_seen.setdefault(r_new, key) == key, (key, r_new)
            seen[key] = r_new
            stack.append((new, r_new))
    return len(seen)


def random_games(game: pybridge.Game, ref: Reference, n: int, seed: Any) -> list[str | None]:
    """Play ``n`` seeded random games move by move in both
    (pybridge.testing.compare_lines); the winners."""
    summary = compare_lines(game, Fixed(ref), games=n, seed=seed)
    assert summary.difference is None, summary.difference.report()
    assert summary.games == n
    return summary.winners


def perft(ref: Reference, r: Any, depth: int, memo: dict[Any, int] | None = None) -> int:
    """Move paths of exactly ``depth`` plies in the reference (memoised on
    hashable states)."""
    if depth == 0:
        return 1
    if memo is None:
        memo = {}
    key = (r, depth)
    try:
        return memo[key]
    except KeyError:
        pass
    except TypeError:  # unhashable state: no memo
        return sum(perft(ref, ref.play(r, m), depth - 1, memo) for m in ref.moves(r))
    count = sum(perft(ref, ref.play(r, m), depth - 1, memo) for m in ref.moves(r))
    memo[key] = count
    return count
