"""Sliding tic-tac-toe: the Prolog rules against the Python reference on
every reachable position, and the perfect player against the reference's
own solver and against every opponent line."""

from __future__ import annotations

import re
from collections import deque

import pytest

import pybridge
from pybridge.engine import _prolog
from tests.support import bridge_extras
from tests.support.crosscheck import compare, enumerate_all, perft, random_games
from tests.reference.sliding import Sliding, State, solve

_STATE = re.compile(r"state\(\[([xoe,]*)\],([xo]),(\d+),(\d+)\)\Z")


def decode(state: pybridge.State) -> State:
    """The reference state written in a Prolog state text."""
    m = _STATE.match(str(state))
    assert m, str(state)
    cells = tuple("." if c == "e" else c for c in m.group(1).split(","))
    return State(cells, m.group(2), int(m.group(3)), int(m.group(4)))


def encode(s: State) -> str:
    cells = ",".join("e" if c == "." else c for c in s.cells)
    return f"state([{cells}],{s.to_move},{s.plies},{s.max_plies})"


def perfect_moves(s: State) -> list[str]:
    got = _prolog.call(
        f"arena_ai_sliding_solver:perfect_moves({encode(s)}, Ms), maplist(sliding:move_text, Ms, Texts)"
    )
    assert got is not None
    return [_prolog.text(t) for t in got["Texts"]]


@pytest.fixture(scope="module")
def game() -> pybridge.Game:
    return pybridge.load_game("sliding")


@pytest.fixture(scope="module")
def solved() -> dict[tuple[tuple[str, ...], str], int | None]:
    return solve(Sliding())


def reachable(game: pybridge.Game, ref: Sliding) -> dict[tuple, tuple[pybridge.State, State]]:
    """Every reachable (board, side to move), first reached breadth-first,
    checked on the way: same moves, same game_over, and every successor is
    the reference's successor."""
    start = game.initial_state()
    first = {ref.initial().position: (start, ref.initial())}
    queue = deque(first.values())
    while queue:
        state, r = queue.popleft()
        assert decode(state) == r
        compare(state, ref, r)
        for move, new in bridge_extras.successors(state).items():
            r_new = ref.play(r, move)
            assert decode(new) == r_new, (str(state), move)
            if r_new.position not in first:
                first[r_new.position] = (new, r_new)
                queue.append((new, r_new))
    return first


@pytest.fixture(scope="module")
def positions(game: pybridge.Game) -> list[State]:
    """Every reachable position, first reached, checked on the way."""
    return [r for _, r in reachable(game, Sliding()).values()]


def test_every_reachable_position_agrees(positions: list[State]) -> None:
    assert len(positions) == 5390


@pytest.mark.parametrize("max_plies", [7, 9])
def test_every_state_agrees_with_a_short_ply_limit(max_plies: int) -> None:
    game = pybridge.load_game("sliding", max_plies=max_plies)
    ref = Sliding(max_plies)
    count = enumerate_all(game, ref)
    assert count > 3000
    last = game.initial_state()
    for move in ["1", "2", "3", "5", "4", "6", "4-7", "6-9", "7-8"][:max_plies]:
        last = last.move(move)
    if max_plies == 7:
        assert last.game_over() == "draw"
        assert last.outcome() == ("draw", "7 moves without three in a row")


def test_move_path_counts(game: pybridge.Game) -> None:
    ref = Sliding()
    start = game.initial_state()
    for depth, known in enumerate([1, 9, 72, 504, 3024, 15120, 54720]):
        assert bridge_extras.perft(start, depth) == known == perft(ref, ref.initial(), depth)


def test_random_games_agree(game: pybridge.Game) -> None:
    winners = random_games(game, Sliding(), 150, "sliding")
    assert {"x", "o"} <= set(winners)
    short = pybridge.load_game("sliding", max_plies=12)
    assert "draw" in random_games(short, Sliding(12), 60, "sliding-12")


def test_slides_and_their_errors(game: pybridge.Game) -> None:
    s = game.initial_state()
    for move in ["1", "2", "3", "5", "4", "6"]:
        s = s.move(move)
    assert s.valid_moves() == ["4-7", "4-8"]
    assert s.move_descriptions()["4-7"] == "slide from the middle left to the bottom left"
    assert "slide" in s.why_illegal("7")
    assert "no stone of x" in s.why_illegal("2-7")
    assert "not next to" in s.why_illegal("1-9")
    assert "occupied" in s.why_illegal("1-5")
    assert "from-to" in s.why_illegal("1-")
    s2 = game.initial_state().move("5")
    assert "still being placed" in s2.why_illegal("5-1")
    assert "occupied by x" in s2.why_illegal("5")
    shown = s.display(color=False, last_move="6")
    assert "X" in shown and "O" in shown and " 7 " in shown and "slide" in shown


def value_text(value: int | None) -> str:
    if value is None:
        return "draw"
    return f"win({value})" if value > 0 else f"loss({-value})"


def test_solver_agrees_with_the_reference(
    game: pybridge.Game, solved: dict[tuple[tuple[str, ...], str], int | None]
) -> None:
    for (cells, side), value in solved.items():
        board = ",".join("e" if c == "." else c for c in cells)
        got = _prolog.call(
            f"arena_ai_sliding_solver:position_value([{board}], {side}, V), format(atom(T), '~q', [V])"
        )
        assert got is not None
        assert _prolog.text(got["T"]) == value_text(value), (cells, side)


def bounded(value: int | None, left: int) -> int | None:
    """A solver value under a ply limit: a win or loss beyond it is a draw."""
    if value is None or abs(value) > left:
        return None
    return value


def test_perfect_moves_keep_the_value(
    positions: list[State], solved: dict[tuple[tuple[str, ...], str], int | None]
) -> None:
    """In every reachable position (first reached), level 3 plays only moves
    that keep the game value: the quickest win from a won position, a draw
    from a drawn one, the slowest loss from a lost one."""
    ref = Sliding()
    checked = {"win": 0, "draw": 0, "loss": 0}
    for r in positions:
        moves = ref.moves(r)
        if not moves:
            continue
        left = r.max_plies - r.plies
        # the opponent's value after each move, under the limit
        after = {m: bounded(solved[ref.play(r, m).position], left - 1) for m in moves}
        mine = {m: None if v is None else -v for m, v in after.items()}
        chosen = perfect_moves(r)
        assert chosen and set(chosen) <= set(moves)
        best = bounded(solved[r.position], left)
        if best is not None and best > 0:
            assert {mine[m] for m in chosen} == {best - 1}, r
            checked["win"] += 1
        elif best is None:
            assert all(mine[m] is None for m in chosen), r
            checked["draw"] += 1
        else:
            assert {mine[m] for m in chosen} == {best + 1}, r
            checked["loss"] += 1
    assert min(checked.values()) > 100, checked


def ai_lines(ref: Sliding, start: State, ai_seat: str) -> tuple[int, set[str]]:
    """Every line from ``start`` where the AI seat plays any of its perfect
    moves and the opponent any move: (finished games, their outcomes)."""
    seen: set[State] = set()
    stack = [start]
    outcomes: set[str] = set()
    ends = 0
    while stack:
        r = stack.pop()
        if r in seen:
            continue
        seen.add(r)
        winner = ref.winner(r)
        if winner is not None:
            ends += 1
            outcomes.add(winner)
            continue
        moves = perfect_moves(r) if r.to_move == ai_seat else ref.moves(r)
        stack.extend(ref.play(r, m) for m in moves)
    return ends, outcomes


@pytest.mark.slow
def test_level_3_wins_every_won_position(
    positions: list[State], solved: dict[tuple[tuple[str, ...], str], int | None]
) -> None:
    ref = Sliding()
    won = 0
    for r in positions:
        value = bounded(solved[r.position], r.max_plies - r.plies)
        if value is not None and value > 0:
            ends, outcomes = ai_lines(ref, r, r.to_move)
            assert outcomes == {r.to_move}, r
            won += 1
    assert won > 2000


@pytest.mark.slow
@pytest.mark.parametrize("ai_seat", ["x", "o"])
def test_level_3_never_loses(ai_seat: str) -> None:
    ref = Sliding()
    ends, outcomes = ai_lines(ref, ref.initial(), ai_seat)
    assert ends > 1000
    assert ai_seat in outcomes  # it punishes mistakes
    assert ref.players[1 - ref.players.index(ai_seat)] not in outcomes


def test_choose_move_levels(game: pybridge.Game) -> None:
    # x: 1 2 _ / o: 4 5 _ ; x to move wins at 3, even greedily
    s = game.initial_state()
    for m in ["1", "4", "2", "5"]:
        s = s.move(m)
    assert s.choose_move(3) == "3"
    assert s.choose_move(2) == "3"
    assert s.choose_move(1) in s.valid_moves()
    with pytest.raises(ValueError):
        s.choose_move(0)


def test_display_counts_each_players_stones_left() -> None:
    game = pybridge.load_game("sliding")
    s = game.initial_state()
    seen = []
    for move in ["1", "2", "3", "5", "4", "6"]:
        seen.append(next(line for line in s.display(color=False).splitlines() if "moves played" in line))
        s = s.move(move)
    assert [line.split(": ", 1)[1] for line in seen] == [
        f"{p} to place a stone ({n} left)" for p, n in
        [("x", 3), ("o", 3), ("x", 2), ("o", 2), ("x", 1), ("o", 1)]]
    assert seen[0].strip().startswith("0 of 60 moves played")
    short = pybridge.load_game("sliding", max_plies=1).initial_state().move("5")
    assert short.outcome() == ("draw", "1 move without three in a row")
