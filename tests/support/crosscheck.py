"""Helpers that compare a game's Prolog rules with its Python reference."""

from __future__ import annotations

import random
from typing import Any, Protocol

import pybridge
from tests.support import bridge_extras


class Reference(Protocol):
    players: tuple[str, str]

    def initial(self) -> Any: ...
    def winner(self, s: Any) -> str | None: ...
    def moves(self, s: Any) -> list[str]: ...
    def play(self, s: Any, move: str) -> Any: ...


def compare(state: pybridge.State, ref: Reference, r: Any) -> list[str]:
    """Assert that one position agrees; return its valid moves."""
    moves = state.valid_moves()
    assert sorted(moves) == sorted(ref.moves(r)), (str(state), r)
    assert len(set(moves)) == len(moves), str(state)
    assert state.game_over() == ref.winner(r), (str(state), r)
    if moves:
        assert state.current_player == r.to_move, (str(state), r)
    return moves


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
    """Play ``n`` seeded random games move by move in both; the winners."""
    rng = random.Random(seed)
    winners = []
    for _ in range(n):
        state, r = game.initial_state(), ref.initial()
        while True:
            moves = compare(state, ref, r)
            if not moves:
                break
            move = rng.choice(moves)
            state, r = state.move(move), ref.play(r, move)
        winners.append(state.game_over())
    return winners


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
