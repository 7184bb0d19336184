"""Tic-tac-toe beyond its moves: every number value/3 documents and the
solved outcome on every reachable position (against the reference),
the hint line, every AI level on every kind of position, and the option
check of initial_state/2 in Prolog itself."""

from __future__ import annotations

import pytest

import pybridge
from pybridge.games.analysis import outcome_text
from tests.support import rulecheck
from tests.reference.tictactoe import State, TicTacToe, solved, value


def text(s: State) -> str:
    cells = ",".join("e" if c == "." else c for c in s.cells)
    return f"state([{cells}],{s.to_move})"


@pytest.fixture(scope="module")
def game() -> pybridge.Game:
    return pybridge.load_game("tictactoe")


@pytest.fixture(scope="module")
def every(game: pybridge.Game) -> list[tuple[pybridge.State, State]]:
    """Every reachable position, in Prolog and in the reference."""
    ref = TicTacToe()
    seen = {ref.initial()}
    stack = [ref.initial()]
    while stack:
        r = stack.pop()
        for m in ref.moves(r):
            t = ref.play(r, m)
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return [(pybridge.State(game, text(r)), r) for r in sorted(seen, key=text)]


def test_value_of_every_position(every: list[tuple[pybridge.State, State]]) -> None:
    ref = TicTacToe()
    kinds = rulecheck.check_values(every, lambda r, p: value(ref, r, p), ("x", "o"))
    assert kinds == {"won": 626, "lost": 316, "drawn": 16, "going": 4520}


def test_worked_values(game: pybridge.Game) -> None:
    s = game.initial_state()
    assert s.value("x") == 0
    s = s.move("5")  # x in the centre: 4 lines of one stone
    assert (s.value("x"), s.value("o")) == (4, -4)
    s = s.move("1")  # o's corner closes 1-5-9 and opens 1-2-3 and 1-4-7
    assert s.value("x") == 3 - 2
    # x 5 9, o 1 3: x holds 4-5-6, 2-5-8, 7-8-9; o holds 1-2-3 (two), 1-4-7
    s = s.move("9").move("3")
    assert s.value("o") == 3 + 1 - 3
    won = game.initial_state()
    for m in ["1", "4", "2", "5", "3"]:
        won = won.move(m)
    assert (won.value("x"), won.value("o")) == (1000, -1000)


def test_solved_outcome_of_every_position(every: list[tuple[pybridge.State, State]]) -> None:
    ref = TicTacToe()
    memo: dict[State, tuple[str, int]] = {}
    going = [(s, r) for s, r in every if ref.winner(r) is None]
    got = rulecheck.solved_outcomes([s for s, _ in going])
    kinds = set()
    for (s, r), outcome in zip(going, got):
        winner, plies = solved(ref, r, memo)
        assert outcome == ("draw" if winner == "draw" else f"win({winner},{plies})"), str(s)
        kinds.add((winner, plies % 2))
    assert solved(ref, ref.initial(), memo) == ("draw", 0)
    assert {("x", 1), ("o", 1), ("x", 0), ("o", 0), ("draw", 0)} <= kinds


def test_hint_line_names_the_perfect_outcome(game: pybridge.Game) -> None:
    s = game.initial_state()
    assert outcome_text(s) == "draw"
    for m in ["1", "2"]:
        s = s.move(m)
    assert outcome_text(s) == "x wins in 5 plies"  # x to move, 5 4 7 or so
    assert outcome_text(s.move("5")) == "x wins in 4 plies"
    assert outcome_text(s.move("3")) == "draw"
    one = game.initial_state()
    for m in ["1", "4", "2", "5"]:
        one = one.move(m)
    assert outcome_text(one) == "x wins in 1 ply"
    assert outcome_text(one.move("7")) == "o wins in 1 ply"


def test_every_level_on_first_and_last_plies(game: pybridge.Game) -> None:
    start = game.initial_state()
    first = [start, *(start.move(m) for m in start.valid_moves())]
    late = [rulecheck.late_position(game, seed, left) for seed in range(4) for left in (1, 2, 3)]
    assert min(len(s.valid_moves()) for s in late) == 1
    assert rulecheck.check_levels(first + late, [1, 2, 3, 4]) == 4 * (len(first) + len(late))


def test_level_2_is_greedy_on_value(every: list[tuple[pybridge.State, State]]) -> None:
    """Level 2 plays a move whose position is worth the most for the
    mover (by the reference value), on every position of the first three
    plies."""
    ref = TicTacToe()
    early = [(s, r) for s, r in every if 6 <= r.cells.count(".") and ref.winner(r) is None]
    for s, r in early:
        scores = {m: value(ref, ref.play(r, m), r.to_move) for m in ref.moves(r)}
        assert scores[s.choose_move(2)] == max(scores.values()), str(s)


@pytest.mark.parametrize(("options", "error"), [
    ("[size(3)]", "domain_error(option,size(3))"),
    ("[foo]", "domain_error(option,foo)"),
    ("nolist", "type_error(list,nolist)"),
    ("[]", "ok(state([e,e,e,e,e,e,e,e,e],x))"),
])
def test_initial_state_checks_its_options_in_prolog(options: str, error: str) -> None:
    assert rulecheck.initial_state_error("tictactoe", options) == error


def test_texts_for_the_shell(game: pybridge.Game) -> None:
    s = game.initial_state()
    assert s.move_descriptions() == {
        "1": "top left", "2": "top centre", "3": "top right",
        "4": "middle left", "5": "centre", "6": "middle right",
        "7": "bottom left", "8": "bottom centre", "9": "bottom right"}
    for bad in ("0", "10", "x", "-1", "1.5", "2.0"):
        assert s.why_illegal(bad) == f"{bad} is not a cell: type a number from 1 to 9"
    s = s.move("5")
    assert s.why_illegal("5") == "cell 5 is occupied by x"
    assert "5" not in s.move_descriptions()
    won = game.initial_state()
    for m in ["1", "4", "2", "5", "3"]:
        won = won.move(m)
    assert won.outcome() == ("x", "three in a row")
    assert won.why_illegal("9") == "the game is over"
    full = game.initial_state()
    for m in ["1", "2", "3", "5", "4", "6", "8", "7", "9"]:
        full = full.move(m)
    assert full.outcome() == ("draw", "board full")


def test_det_predicates_leave_no_choice_point(game: pybridge.Game) -> None:
    texts = ["1.5", "2.0", "0", "10", "x", "5", "1", "-1"]
    assert rulecheck.check_determinism(game, texts) == 11


def test_hint_lines_in_the_shell() -> None:
    assert rulecheck.hint_line("tictactoe", ["1", "4", "2", "5"], 3) == (
        "ai:3 would play 3 (top right); with perfect play after it: x wins in 0 plies")
    assert rulecheck.hint_line("tictactoe", ["1", "2"], 3).endswith(
        "; with perfect play after it: x wins in 4 plies")
    assert rulecheck.hint_line("tictactoe", [], 3).endswith("; with perfect play after it: draw")


def test_move_text_from_a_move_in_prolog() -> None:
    for n in range(-2, 13):
        assert rulecheck.move_text("tictactoe", str(n)) == (str(n) if 1 <= n <= 9 else None)
    assert rulecheck.move_text("tictactoe", "five") is None
