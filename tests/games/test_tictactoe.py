"""Tic-tac-toe: the Prolog rules against the Python reference, and the
perfect player against every opponent line."""

from __future__ import annotations

import pytest

import pybridge
from tests.support import bridge_extras
from tests.support.crosscheck import enumerate_all, perft, random_games
from tests.reference.tictactoe import TicTacToe


@pytest.fixture(scope="module")
def game() -> pybridge.Game:
    return pybridge.load_game("tictactoe")


@pytest.mark.slow
def test_every_reachable_position_agrees(game: pybridge.Game) -> None:
    assert enumerate_all(game, TicTacToe()) == 5478


@pytest.mark.slow
def test_move_path_counts(game: pybridge.Game) -> None:
    ref = TicTacToe()
    start = game.initial_state()
    # known: 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872
    for depth, known in enumerate([1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]):
        assert bridge_extras.perft(start, depth) == known == perft(ref, ref.initial(), depth)


def test_random_games_agree(game: pybridge.Game) -> None:
    winners = random_games(game, TicTacToe(), 200, "ttt")
    assert {"x", "o", "draw"} <= set(winners)


def lines_against_every_opponent(game: pybridge.Game, ai_seat: str) -> tuple[int, set[str | None]]:
    """Every opponent line against level 3; every move level 3 may pick is
    followed (it breaks ties at random, so each position is asked 6 times).
    Returns (finished games, outcomes)."""
    games = 0
    outcomes: set[str | None] = set()
    stack = [game.initial_state()]
    seen = set()
    while stack:
        state = stack.pop()
        if str(state) in seen:
            continue
        seen.add(str(state))
        if state.game_over() is not None:
            games += 1
            outcomes.add(state.game_over())
            continue
        if state.current_player == ai_seat:
            replies = {state.choose_move(3) for _ in range(6)}
        else:
            replies = set(state.valid_moves())
        stack.extend(state.move(m) for m in replies)
    return games, outcomes


@pytest.mark.parametrize("ai_seat", ["x", "o"])
def test_level_3_never_loses(game: pybridge.Game, ai_seat: str) -> None:
    games, outcomes = lines_against_every_opponent(game, ai_seat)
    opponent = game.opponent(ai_seat)
    assert games > 50
    assert opponent not in outcomes
    assert ai_seat in outcomes  # it does punish mistakes


def test_level_3_takes_a_win_and_blocks(game: pybridge.Game) -> None:
    # x: 1 2 _ / o: 4 5 _ ; x to move wins at 3
    s = game.initial_state()
    for m in ["1", "4", "2", "5"]:
        s = s.move(m)
    assert s.choose_move(3) == "3"
    # o to move must block at 3 (x threatens 1-2-3), not win elsewhere: none
    s2 = game.initial_state()
    for m in ["1", "5", "2"]:
        s2 = s2.move(m)
    assert s2.choose_move(3) == "3"
    assert s2.choose_move(2) == "3"
