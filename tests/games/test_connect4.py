"""Connect Four: the Prolog rules against the Python reference (move-path
counts on three sizes, thousands of seeded random games on several sizes
and connect lengths), the options' ranges, the texts the shell shows, and
the AI levels."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import pybridge
from pybridge.errors import OptionError
from tests.support import bridge_extras
from tests.support.crosscheck import random_games
from tests.reference.connect4 import ConnectFour, State


def memo_perft(ref: ConnectFour, depths: range) -> list[int]:
    """Move paths of exactly d plies from the start for each d in
    ``depths``, memoised on the position (transpositions are frequent)."""

    @lru_cache(maxsize=None)
    def count(s: State, d: int) -> int:
        if d == 0:
            return 1
        return sum(count(ref.play(s, m), d - 1) for m in ref.moves(s))

    return [count(ref.initial(), d) for d in depths]


@pytest.mark.slow
def test_move_path_counts_7x6() -> None:
    game = pybridge.load_game("connect4")
    ref = ConnectFour()
    start = game.initial_state()
    expected = memo_perft(ref, range(7))
    assert expected == [1, 7, 49, 343, 2401, 16807, 117649]
    assert [bridge_extras.perft(start, d) for d in range(7)] == expected


@pytest.mark.parametrize(("width", "height", "connect", "depth"),
                         [(4, 4, 3, 8), (5, 4, 3, 7), (9, 7, 5, 5)])
def test_move_path_counts_other_sizes(width: int, height: int, connect: int, depth: int) -> None:
    game = pybridge.load_game("connect4", width=width, height=height, connect=connect)
    ref = ConnectFour(width, height, connect)
    start = game.initial_state()
    counts = [bridge_extras.perft(start, d) for d in range(depth + 1)]
    assert counts == memo_perft(ref, range(depth + 1))
    if connect == 3:  # games end early: fewer paths than width**depth
        assert counts[-1] < width ** depth


SIZES = [  # width, height, connect, games
    (7, 6, 4, 400), (4, 4, 3, 500), (4, 4, 4, 400), (5, 4, 3, 300),
    (6, 5, 5, 200), (8, 7, 4, 150), (12, 10, 6, 50),
]


# The larger boards' games are left out of mutation runs (slow).
LARGE = {(7, 6, 4), (6, 5, 5), (8, 7, 4), (12, 10, 6)}


@pytest.mark.parametrize(("width", "height", "connect", "games"), [
    pytest.param(*size, marks=pytest.mark.slow) if size[:3] in LARGE else size for size in SIZES])
@pytest.mark.slow
def test_random_games_agree(width: int, height: int, connect: int, games: int) -> None:
    game = pybridge.load_game("connect4", width=width, height=height, connect=connect)
    ref = ConnectFour(width, height, connect)
    winners = random_games(game, ref, games, f"c4-{width}x{height}-{connect}")
    assert {"x", "o"} <= set(winners)
    if (width, height, connect) == (4, 4, 4):
        assert "draw" in winners


def test_at_least_2000_random_games() -> None:
    assert sum(n for *_, n in SIZES) >= 2000


def test_wins_in_every_direction() -> None:
    game = pybridge.load_game("connect4")
    lines = {
        "row": ["1", "1", "2", "2", "3", "3", "4"],
        "column": ["1", "2", "1", "2", "1", "2", "1"],
        "diagonal": ["1", "2", "2", "3", "3", "4", "3", "4", "4", "7", "4"],
        "antidiagonal": ["7", "6", "6", "5", "5", "4", "5", "4", "4", "1", "4"],
    }
    for name, moves in lines.items():
        s = game.initial_state()
        for m in moves[:-1]:
            s = s.move(m)
            assert s.game_over() is None, name
        s = s.move(moves[-1])
        assert s.game_over() == "x", name
        assert s.valid_moves() == [] and s.outcome() == ("x", "4 in a row")


def test_full_board_draw() -> None:
    game = pybridge.load_game("connect4", width=4, height=4)
    s = game.initial_state()
    for m in "1234" "1234" "2143" "2143":
        s = s.move(m)
    assert s.game_over() == "draw"
    assert s.outcome() == ("draw", "board full")


@pytest.mark.parametrize("options", [
    {"width": 3}, {"width": 13}, {"height": 3}, {"height": 11},
    {"connect": 2}, {"connect": 7}, {"width": 4, "height": 5, "connect": 6},
    {"width": 4, "height": 4, "connect": 5},
])
def test_options_out_of_range_name_the_option(options: dict[str, int]) -> None:
    name = list(options)[-1]
    with pytest.raises(OptionError, match=name):
        pybridge.load_game("connect4", **options)


def test_state_text_carries_the_size() -> None:
    game = pybridge.load_game("connect4", width=9, height=5, connect=3)
    s = game.initial_state().move("9").move("1")
    again = game.state_from_text(str(s))
    assert again == s
    assert again.valid_moves() == [str(c) for c in range(1, 10)]
    assert pybridge.load_game("connect4").state_from_text(str(s)).valid_moves() == again.valid_moves()


def test_texts_for_the_shell() -> None:
    game = pybridge.load_game("connect4")
    s = game.initial_state()
    assert s.move_descriptions()["4"] == "column 4 (centre), lands on row 1 of 6"
    assert "not a column" in s.why_illegal("8")
    assert "not a column" in s.why_illegal("x")
    for _ in range(6):
        s = s.move("1")
    assert s.why_illegal("1") == "column 1 is full"
    assert "1" not in s.valid_moves()
    shown = s.display(color=False, last_move="1")
    assert " 1  2  3  4  5  6  7" in shown
    assert "X" in shown and "O" in shown and "x to move" in shown.replace("X (x)", "x")
    assert "\x1b[" in s.display(last_move="1")
    assert "connect" in game.rules()


def test_levels_take_a_win_and_block_a_threat() -> None:
    game = pybridge.load_game("connect4")
    win = game.initial_state()
    for m in ["1", "7", "2", "7", "3", "6"]:
        win = win.move(m)
    block = game.initial_state()  # o to move must take column 4
    for m in ["1", "7", "2", "7", "3"]:
        block = block.move(m)
    for level in (2, 3, 4):
        assert win.choose_move(level) == "4", level
        assert block.choose_move(level) == "4", level


def test_level_3_sees_a_forced_win() -> None:
    # x to move: 3 and 6 make two threats on the bottom row at once
    game = pybridge.load_game("connect4")
    s = game.initial_state()
    for m in ["4", "4", "5", "5"]:
        s = s.move(m)
    assert s.choose_move(3) in {"3", "6"}
    assert s.choose_move(4) in {"3", "6"}


def exact(ref: ConnectFour, s: State, memo: dict[State, int]) -> int:
    """The game's value for the player to move in ``s`` with perfect play
    on both sides: 1 a win, 0 a draw, -1 a loss (exhaustive, memoised)."""
    if s in memo:
        return memo[s]
    w = ref.winner(s)
    if w is not None:
        v = 0 if w == "draw" else -1  # a line belongs to who just moved
    else:
        v = -1
        for m in ref.moves(s):
            v = max(v, -exact(ref, ref.play(s, m), memo))
            if v == 1:
                break
    memo[s] = v
    return v


def replay(game: pybridge.Game, ref: ConnectFour, moves: str) -> tuple[pybridge.State, State]:
    s, r = game.initial_state(), ref.initial()
    for m in moves:
        s, r = s.move(m), ref.play(r, m)
    return s, r


def test_levels_avoid_the_cell_under_an_opponent_threat() -> None:
    # o has three on row 2 and wants column 4's second cell: x must not
    # fill the cell under it, though every other column is safe
    game = pybridge.load_game("connect4")
    ref = ConnectFour()
    s, r = replay(game, ref, "12317273")
    assert s.current_player == "x"
    assert ref.winner(ref.play(ref.play(r, "4"), "4")) == "o"
    safe = [m for m in ref.moves(r)
            if all(ref.winner(ref.play(ref.play(r, m), n)) != "o"
                   for n in ref.moves(ref.play(r, m)))]
    assert "4" not in safe and len(safe) >= 5
    game.seed(7)
    for level, tries in ((2, 4), (3, 4), (4, 2)):
        chosen = {s.choose_move(level) for _ in range(tries)}
        assert chosen <= set(safe), (level, chosen)


# Positions from J. Pons's Connect Four solver benchmark (moves as
# columns from 1; the verdict for the player to move), checked here by the
# exhaustive search above.
KNOWN = [
    ("2252576253462244111563365343671351441", -1),
    ("3575316255751336464276636772271112", -1),
    ("12514726155174536522772517671", -1),
    ("7422341735647741166133573473242566", 1),
    ("326615663752621323655335514271", 1),
    ("74425337641465475671176741236615215533", 0),
    ("34441157374153736716346556774311552222", 0),
    ("7172212567451542223676134464437761515", 0),
]


def test_levels_3_and_4_keep_the_verdict_of_known_positions() -> None:
    game = pybridge.load_game("connect4")
    ref = ConnectFour()
    memo: dict[State, int] = {}
    game.seed(3)
    for moves, verdict in KNOWN:
        s, r = replay(game, ref, moves)
        assert exact(ref, r, memo) == verdict, moves
        for level in (3, 4):
            m = s.choose_move(level)
            assert -exact(ref, ref.play(r, m), memo) == verdict, (moves, level, m)


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height", "connect", "plies"),
                         [(5, 4, 4, 8), (4, 4, 3, 4), (6, 4, 4, 12)])
@pytest.mark.slow
def test_levels_3_and_4_play_endgames_perfectly(width: int, height: int, connect: int,
                                                plies: int) -> None:
    """Once the rest of the game fits in their search, levels 3 and 4 never
    give away a win or a draw (seeded random positions, every verdict)."""
    game = pybridge.load_game("connect4", width=width, height=height, connect=connect)
    ref = ConnectFour(width, height, connect)
    rng = random.Random(f"c4-endgames-{width}x{height}")
    memo: dict[State, int] = {}
    game.seed(5)
    verdicts = []
    while len(verdicts) < 16:
        s, r = game.initial_state(), ref.initial()
        for _ in range(plies):
            if ref.winner(r) is not None:
                break
            m = rng.choice(ref.moves(r))
            s, r = s.move(m), ref.play(r, m)
        if ref.winner(r) is not None:
            continue
        verdict = exact(ref, r, memo)
        verdicts.append(verdict)
        for level in (3, 4):
            m = s.choose_move(level)
            assert -exact(ref, ref.play(r, m), memo) == verdict, (r, level, m)
    assert {-1, 1} <= set(verdicts)


def lines_through(width: int, height: int, connect: int, col: int, row: int) -> int:
    """How many lines of ``connect`` cells on the board pass through the
    cell (``col``, ``row``), columns and rows from 1, row 1 at the bottom."""
    total = 0
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for k in range(connect):
            c0, r0 = col - k * dc, row - k * dr
            c1, r1 = c0 + (connect - 1) * dc, r0 + (connect - 1) * dr
            if all(1 <= c <= width and 1 <= r <= height for c, r in ((c0, r0), (c1, r1))):
                total += 1
    return total


def test_value_of_quiet_openings_counts_lines_through_each_disc() -> None:
    """In the first three plies no player has a threat and both still have
    a line on their own rows, so value/3 is the documented disc weight:
    lines through each own disc minus lines through each opponent disc.
    (A yall lambda compiled at load time once made every such position
    worth +-50000.)"""
    game = pybridge.load_game("connect4")
    seen = 0
    frontier = [(game.initial_state(), [])]
    for _ in range(3):
        nxt = []
        for s, discs in frontier:
            for m in s.valid_moves():
                col = int(m)
                row = 1 + sum(1 for c, _, _ in discs if c == col)
                nxt.append((s.move(m), discs + [(col, row, s.current_player)]))
        frontier = nxt
        for s, discs in frontier:
            x = sum(lines_through(7, 6, 4, c, r) for c, r, p in discs if p == "x")
            o = sum(lines_through(7, 6, 4, c, r) for c, r, p in discs if p == "o")
            assert s.value("x") == x - o, (str(s), discs)
            assert s.value("o") == o - x, (str(s), discs)
            seen += 1
    assert seen == 7 + 49 + 343
    assert game.initial_state().move("4").value("x") == 7
