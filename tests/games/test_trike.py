"""Trike: the Prolog rules against the Python reference (move-path counts,
every position of the smallest board, seeded random games on sizes 3..9),
the notation, the reasons for illegal moves, and the AI levels."""

from __future__ import annotations

import random
import re
from pathlib import Path
from collections import Counter
from typing import Any

import pytest

import pybridge
from benchmarks.duel import player
from pybridge.errors import IllegalMoveError, OptionError
from pybridge.play.match import Match
from pybridge.bots.seating import make_player
from tests.support import bridge_extras
from tests.support.crosscheck import compare, enumerate_all
from tests.support.plunit import run_plunit
from tests.reference.trike import Trike

HERE = Path(__file__).resolve().parent

COURSE_AI = "trusted:prolog/bots/examples/trike_course_ai.pl"


def game(size: int) -> pybridge.Game:
    return pybridge.load_game("trike", size=size)


def play(size: int, moves: str) -> pybridge.State:
    state = game(size).initial_state()
    for move in moves.split():
        state = state.move(move)
    return state


def layer_counts(ref: Trike, start: Any, depth: int) -> list[int]:
    """Move paths of exactly 0..depth plies, counted over distinct
    positions layer by layer (a different algorithm from perft)."""
    layer: Counter[Any] = Counter({start: 1})
    counts = [1]
    for _ in range(depth):
        following: Counter[Any] = Counter()
        for position, paths in layer.items():
            for move in ref.moves(position):
                following[ref.play(position, move)] += paths
        layer = following
        counts.append(sum(layer.values()))
    return counts


def test_every_position_of_size_3_agrees() -> None:
    assert enumerate_all(game(3), Trike(3)) == 721


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.slow
def test_move_path_counts_to_the_end(size: int) -> None:
    ref = Trike(size)
    cells = size * (size + 1) // 2
    # the longest game: every cell taken, and a swap
    expected = layer_counts(ref, ref.initial(), cells + 2)
    assert expected[cells + 1] > 0 and expected[cells + 2] == 0
    start = game(size).initial_state()
    assert [bridge_extras.perft(start, d) for d in range(cells + 3)] == expected


def test_move_path_counts_size_5() -> None:
    ref = Trike(5)
    start = game(5).initial_state()
    expected = layer_counts(ref, ref.initial(), 6)
    assert [bridge_extras.perft(start, d) for d in range(7)] == expected
    assert expected[6] == 117042  # grows too fast to enumerate to the end


def test_move_path_counts_size_5_from_midgames_to_the_end() -> None:
    ref = Trike(5)
    rng = random.Random("trike-midgame")
    ended = 0
    for _ in range(4):
        plies = 0
        while plies < 7:  # start again when a game ends sooner
            state, r, plies = game(5).initial_state(), ref.initial(), 0
            while plies < 7 and (moves := state.valid_moves()):
                move = rng.choice(moves)
                state, r, plies = state.move(move), ref.play(r, move), plies + 1
        expected = layer_counts(ref, r, 10)
        assert [bridge_extras.perft(state, d) for d in range(11)] == expected
        ended += expected[-1] == 0
    assert ended == 4  # 7 + 9 plies at most: every game ends


def scores(state: pybridge.State) -> tuple[int, int]:
    outcome = state.outcome()
    assert outcome is not None
    found = re.search(r"first (\d+), second (\d+)", outcome[1])
    assert found, outcome
    return int(found[1]), int(found[2])


def test_random_games_agree_on_sizes_3_to_9() -> None:
    """700 seeded random games: moves, player to move, game end and
    winner at every ply (tests.support.crosscheck.compare), then the final score
    and values. The reference asserts that no game ends in a tie."""
    rng = random.Random("trike-random-games")
    winners: Counter[str] = Counter()
    swaps = 0
    for size in range(3, 10):
        g, ref = game(size), Trike(size)
        for _ in range(100):
            state, r = g.initial_state(), ref.initial()
            while moves := compare(state, ref, r):
                move = rng.choice(moves)
                swaps += move == "swap"
                state, r = state.move(move), ref.play(r, move)
            points = ref.scores(r)
            assert scores(state) == (points["first"], points["second"])
            margin = points["first"] - points["second"]
            assert state.value("first") == 100 * (1 if margin > 0 else -1) + margin
            assert state.value("second") == -state.value("first")
            winners[state.game_over()] += 1
    assert sum(winners.values()) == 700
    assert winners["first"] > 100 and winners["second"] > 100
    assert swaps > 50


def test_state_text_round_trips_with_the_size() -> None:
    state = play(9, "e3 swap e1 i1")
    again = game(9).state_from_text(str(state))
    assert again == state and again.valid_moves() == state.valid_moves()
    assert str(state).startswith("state(9,")


def test_options() -> None:
    assert game(3).initial_state().valid_moves() == ["a1", "b1", "b2", "c1", "c2", "c3"]
    assert len(pybridge.load_game("trike").initial_state().valid_moves()) == 28
    assert len(game(19).initial_state().valid_moves()) == 190
    for bad in (2, 20, "x"):
        with pytest.raises(OptionError, match="size"):
            game(bad)  # type: ignore[arg-type]


def test_pie_rule() -> None:
    s1 = play(5, "c2")
    assert s1.current_player == "second"
    assert s1.valid_moves()[0] == "swap"
    s2 = s1.move("swap")
    # the second player owns black now; the first moves, with white
    assert s2.current_player == "first"
    assert "swap" not in s2.valid_moves()
    assert "second plays ● black, first plays ○ white (swapped)" in s2.display(color=False)
    s3 = s2.move("c1")
    assert "○" in s3.display(color=False)
    assert s3.current_player == "second"
    # no swap later, nor as the first move
    for state in (play(5, ""), s3, play(5, "c2 c1")):
        assert "swap" not in state.valid_moves()
        with pytest.raises(IllegalMoveError, match="swap only as the second move"):
            state.move("swap")


def test_pawn_moves_in_straight_lines_over_empty_cells() -> None:
    # pawn on c2 of size 5: rows c (c1, c3), down-left d2 e2, down-right
    # d3 e4, up-left b1, up-right b2
    state = play(5, "c2 swap")
    assert sorted(state.valid_moves()) == sorted(["b1", "b2", "c1", "c3", "d2", "e2", "d3", "e4"])
    state = state.move("e4")  # white on e4, pawn there
    state = state.move("e2")  # along row e, over e3
    assert "e4" not in state.valid_moves()
    reasons = {
        "e4": "taken by a white checker",
        "e2": "the pawn is on e2",
        "e5": "a checker is in the way on e4",
        "a1": "not in a straight line from the pawn on e2",
        "f1": "off the board",
        "b3": "off the board: row b has cells 1 to 2",
        "e02": "not a move",
        "E2": "not a move",
    }
    for text, reason in reasons.items():
        with pytest.raises(IllegalMoveError, match=reason):
            state.move(text)


def test_the_game_ends_when_the_pawn_is_trapped() -> None:
    # size 3: black a1 (pawn), white b1, black c1... the pawn ends in a
    # corner with its two neighbours taken
    state = play(3, "b2 a1 b1")
    assert state.game_over() is None
    state = state.move("c1")
    state = state.move("c2")
    assert state.game_over() is None
    state = state.move("c3")
    assert state.valid_moves() == []
    # c3: own white, neighbours c2 (black) and b2 (black)
    assert state.game_over() == "first"
    assert scores(state) == (2, 1)
    assert "trapped on c3: first 2, second 1: first wins" in state.display(color=False)


def test_display() -> None:
    state = play(5, "c2 d3")
    text = state.display(color=False, last_move="d3")
    lines = text.splitlines()
    rows = [line for line in lines if re.match(r"\s+[a-e]  ", line)]
    assert len(rows) == 5
    assert rows[0].split() == ["a", "1"]
    assert rows[2].split() == ["c", "1", "●", "3"]
    assert rows[3].split() == ["d", "1", "2", "[○]", "4"]
    assert "last move: d3" in text
    assert "first (black) to move" in text
    coloured = state.display(last_move="d3")
    assert "\x1b[" in coloured and "\x1b[4" in coloured  # underlined last move


def test_move_descriptions() -> None:
    state = play(3, "b2")
    descriptions = state.move_descriptions()
    assert descriptions["swap"].startswith("swap")
    assert descriptions["a1"] == "pawn b2 to a1, white checker"
    state = play(3, "b2 a1 b1 c1 c2")
    assert state.move_descriptions()["c3"].endswith("traps the pawn, first wins 2-1")


def test_levels_1_and_2_play_valid_moves() -> None:
    state = play(7, "d2 swap d4")
    for level in (1, 2):
        assert state.choose_move(level) in state.valid_moves()


def test_level_3_takes_an_immediate_win() -> None:
    # size 5, second to move: b2 traps the pawn and wins, c1 traps it
    # and loses, d3 and e4 go on
    state = play(5, "d2 d1 b1 a1 d4 c3 c2")
    assert sorted(state.valid_moves()) == ["b2", "c1", "d3", "e4"]
    assert state.move("b2").game_over() == "second"
    assert state.move("c1").game_over() == "first"
    assert state.choose_move(3) == "b2"
    assert state.choose_move(2) == "b2"


def test_level_3_solves_a_short_endgame() -> None:
    moves = "d3 swap d2 e3 e5 e4 d4 a1"
    ref = Trike(5)
    r = ref.initial()
    for move in moves.split():
        r = ref.play(r, move)

    def wins(position: Any) -> bool:
        """Whether the player to move wins with best play."""
        if ref.winner(position) is not None:
            return ref.winner(position) == position.to_move
        return any(not wins(ref.play(position, m)) for m in ref.moves(position))

    winning = [m for m in ref.moves(r) if not wins(ref.play(r, m))]
    assert winning == ["b2"] and len(ref.moves(r)) == 6
    state = play(5, moves)
    for _ in range(3):
        assert state.choose_move(3) == "b2"


def test_course_ai_takes_an_immediate_win() -> None:
    bot = player(COURSE_AI)
    state = play(5, "d2 d1 b1 a1 d4 c3 c2")
    bot.start(state.game, "second")
    try:
        for _ in range(3):
            decision = bot.choose(state, "c2", seconds=0)
            assert decision.verdict == "ok" and decision.move == "b2"
        state = play(7, "d2 swap")
        for _ in range(3):
            decision = bot.choose(state, "swap", seconds=0)
            assert decision.move in state.valid_moves()
    finally:
        bot.close()


def test_course_ai_plays_whole_games_in_the_sandbox() -> None:
    """The baseline bot as students' bots run: its own sandboxed process."""
    g = game(5)
    bot_path = COURSE_AI.removeprefix("trusted:")
    for seats in (("bot", "random"), ("random", "bot")):
        players = {seat: make_player(bot_path if who == "bot" else "random", move_time=5)
                   for seat, who in zip(g.players, seats)}
        with Match(g, players, move_time=5) as match:
            result = match.run()
        assert result.forfeit is None, result
        assert all(ply.verdict == "ok" for ply in match.history)
        assert len(match.history) >= 3


def test_plunit_units() -> None:
    """tests/games/trike_unit.pl: determinism (a choice point left by a det
    predicate is a plunit warning, failed here), failing illegal moves,
    errors for malformed terms."""
    run_plunit(HERE / "trike_unit.pl")
