"""Sliding tic-tac-toe beyond its moves: every number value/3 documents
and the solved outcome under the ply limit (against the reference and
its own solver), the hint line, every AI level on first plies and late
positions of several ply limits, and initial_state/2's option check in
Prolog itself."""

from __future__ import annotations

from collections import deque

import pytest

import pybridge
from pybridge.games.analysis import outcome_text
from tests.support import rulecheck
from tests.reference.sliding import Sliding, State, outcome, solve, value

Solved = dict[tuple[tuple[str, ...], str], int | None]


def text(s: State) -> str:
    cells = ",".join("e" if c == "." else c for c in s.cells)
    return f"state([{cells}],{s.to_move},{s.plies},{s.max_plies})"


def first_reached(game: pybridge.Game, ref: Sliding) -> list[tuple[pybridge.State, State]]:
    """Every reachable (board, side to move), as first reached breadth-first."""
    start = ref.initial()
    seen = {start.position: start}
    queue = deque([start])
    while queue:
        r = queue.popleft()
        for m in ref.moves(r):
            t = ref.play(r, m)
            if t.position not in seen:
                seen[t.position] = t
                queue.append(t)
    return [(pybridge.State(game, text(r)), r) for r in seen.values()]


@pytest.fixture(scope="module")
def solved() -> Solved:
    return solve(Sliding())


@pytest.fixture(scope="module")
def every() -> list[tuple[pybridge.State, State]]:
    return first_reached(pybridge.load_game("sliding"), Sliding())


def test_value_of_every_position(every: list[tuple[pybridge.State, State]]) -> None:
    ref = Sliding()
    kinds = rulecheck.check_values(every, lambda r, p: value(ref, r, p), ("x", "o"))
    assert kinds == {"won": 268, "lost": 148, "drawn": 0, "going": 4974}


@pytest.mark.parametrize("max_plies", [7, 12])
def test_value_under_a_short_ply_limit(max_plies: int) -> None:
    game = pybridge.load_game("sliding", max_plies=max_plies)
    ref = Sliding(max_plies)
    pairs = list(rulecheck.paired_positions(game, ref, 60, f"sliding-value-{max_plies}"))
    kinds = rulecheck.check_values(pairs, lambda r, p: value(ref, r, p), ("x", "o"))
    assert kinds["drawn"] > 5 and kinds["won"] + kinds["lost"] > 5


def test_worked_values() -> None:
    game = pybridge.load_game("sliding")
    s = game.initial_state().move("5")
    assert (s.value("x"), s.value("o")) == (4, -4)
    s = s.move("1").move("9").move("3")
    assert s.value("o") == 3 + 1 - 3
    for m in ["2", "7"]:  # x blocks 1-2-3; o blocks 3-5-7... and x then
        s = s.move(m)
    assert s.game_over() is None
    assert s.value("x") == -s.value("o")
    short = pybridge.load_game("sliding", max_plies=1).initial_state().move("5")
    assert short.game_over() == "draw" and (short.value("x"), short.value("o")) == (0, 0)
    won = game.initial_state()
    for m in ["1", "4", "2", "5", "3"]:
        won = won.move(m)
    assert (won.value("x"), won.value("o")) == (1000, -1000)


def test_solved_outcome_of_every_position(
    every: list[tuple[pybridge.State, State]], solved: Solved
) -> None:
    ref = Sliding()
    got = rulecheck.solved_outcomes([s for s, _ in every])
    expected = [outcome(ref, r, solved) for _, r in every]
    for (s, _), g, e in zip(every, got, expected):
        assert g == e, str(s)
    assert {e.split(",")[0] for e in expected} == {"win(x", "win(o", "draw"}


@pytest.mark.parametrize("max_plies", [7, 12, 20])
def test_solved_outcome_under_a_short_ply_limit(max_plies: int, solved: Solved) -> None:
    """A win further away than the plies left is a draw."""
    game = pybridge.load_game("sliding", max_plies=max_plies)
    ref = Sliding(max_plies)
    pairs = list(rulecheck.paired_positions(game, ref, 40, f"sliding-solved-{max_plies}"))
    got = rulecheck.solved_outcomes([s for s, _ in pairs])
    cut = 0
    for (s, r), g in zip(pairs, got):
        assert g == outcome(ref, r, solved), str(s)
        v = solved.get(r.position)
        cut += ref.winner(r) is None and v is not None and abs(v) > r.max_plies - r.plies
    assert cut > 0


def test_hint_line_names_the_perfect_outcome() -> None:
    game = pybridge.load_game("sliding")
    s = game.initial_state()
    assert outcome_text(s) == "draw"
    one = s
    for m in ["1", "4", "2", "5"]:
        one = one.move(m)
    assert outcome_text(one) == "x wins in 1 ply"
    assert outcome_text(one.move("3")) == "x wins in 0 plies"
    assert outcome_text(one.move("7")) == "o wins in 1 ply"
    short = pybridge.load_game("sliding", max_plies=5)
    s5 = short.initial_state()
    for m in ["1", "4", "2", "5"]:
        s5 = s5.move(m)
    assert outcome_text(s5) == "x wins in 1 ply"
    assert outcome_text(s5.move("7")) == "draw"  # the limit comes first


@pytest.mark.parametrize("max_plies", [1, 7, 60, 1000])
def test_every_level_on_first_plies_and_late_positions(max_plies: int) -> None:
    game = pybridge.load_game("sliding", max_plies=max_plies)
    start = game.initial_state()
    states = [start]
    if max_plies > 1:
        states += [start.move(m) for m in start.valid_moves()]
        states += [rulecheck.late_position(game, seed, left) for seed in range(3) for left in (1, 2)]
    asked = rulecheck.check_levels(states, [1, 2, 3, 4])
    assert asked == 4 * len(states)


def test_level_2_is_greedy_on_value(every: list[tuple[pybridge.State, State]]) -> None:
    """Level 2 plays a move whose position is worth the most for the
    mover, on the first plies and on positions where stones slide."""
    ref = Sliding()
    chosen = [(s, r) for s, r in every if ref.winner(r) is None
              and (r.plies <= 2 or (r.plies == 7 and r.cells[4] == "."))]
    assert len(chosen) > 100
    for s, r in chosen:
        scores = {m: value(ref, ref.play(r, m), r.to_move) for m in ref.moves(r)}
        assert scores[s.choose_move(2)] == max(scores.values()), str(s)


@pytest.mark.parametrize(("options", "error"), [
    ("[max_plies(0)]", "domain_error(between(1,1000),max_plies(0))"),
    ("[max_plies(1001)]", "domain_error(between(1,1000),max_plies(1001))"),
    ("[max_plies(many)]", "domain_error(between(1,1000),max_plies(many))"),
    ("[size(3)]", "domain_error(option,size(3))"),
    ("nolist", "type_error(list,nolist)"),
    ("[max_plies(1)]", "ok(state([e,e,e,e,e,e,e,e,e],x,0,1))"),
    ("[max_plies(1000)]", "ok(state([e,e,e,e,e,e,e,e,e],x,0,1000))"),
    ("[]", "ok(state([e,e,e,e,e,e,e,e,e],x,0,60))"),
])
def test_initial_state_checks_its_options_in_prolog(options: str, error: str) -> None:
    assert rulecheck.initial_state_error("sliding", options) == error


ROWS, COLS = ("top", "middle", "bottom"), ("left", "centre", "right")
NEXT = {(a, b) for a in range(1, 10) for b in range(1, 10)
        if a != b and abs((a - 1) // 3 - (b - 1) // 3) <= 1 and abs((a - 1) % 3 - (b - 1) % 3) <= 1}


def cell_name(c: int) -> str:
    return "centre" if c == 5 else f"{ROWS[(c - 1) // 3]} {COLS[(c - 1) % 3]}"


def expected_reason(r: State, move: str) -> str:
    """What the shell says to ``move`` in ``r``, from the rules' wording."""
    placing = sum(c != "." for c in r.cells) < 6
    cell = len(move) == 1 and move in "123456789"
    pair = (len(move) == 3 and move[1] == "-" and move[0] in "123456789"
            and move[2] in "123456789" and move[0] != move[2])
    if cell:
        c = int(move)
        if placing:
            return f"cell {c} is occupied by {r.cells[c - 1]}"
        return "all six stones are on the board: slide one of yours (from-to, e.g. 1-5)"
    if pair:
        a, b = int(move[0]), int(move[2])
        if placing:
            return "stones are still being placed: type an empty cell"
        if r.cells[a - 1] != r.to_move:
            return f"cell {a} holds no stone of {r.to_move}"
        if (a, b) not in NEXT:
            return f"cell {b} is not next to cell {a}"
        return f"cell {b} is occupied by {r.cells[b - 1]}"
    if placing:
        return f"{move} is not a cell: type an empty cell, 1 to 9"
    return f"{move} is not a move: type from-to, e.g. 1-5, to slide a stone"


@pytest.mark.parametrize("moves", ["", "5 1 9", "1 2 3 5 4 6", "1 2 3 5 4 6 4-7 5-9"])
def test_texts_for_the_shell(moves: str) -> None:
    """Every valid move's description and the reason given for every other
    text: each cell, each from-to pair, and a few malformed ones."""
    game = pybridge.load_game("sliding")
    ref = Sliding()
    s, r = game.initial_state(), ref.initial()
    for m in moves.split():
        s, r = s.move(m), ref.play(r, m)
    valid = set(ref.moves(r))
    descriptions = s.move_descriptions()
    assert set(descriptions) == valid
    for m, d in descriptions.items():
        if "-" in m:
            a, b = (int(x) for x in m.split("-"))
            assert d == f"slide from the {cell_name(a)} to the {cell_name(b)}"
        else:
            assert d == f"place on the {cell_name(int(m))}"
    texts = [str(c) for c in range(0, 11)] + [f"{a}-{b}" for a in range(1, 10) for b in range(1, 10)]
    texts += ["x", "1-", "-1", "1-2-3", "01", "1-0", "1-10", "5-5"]
    for t in texts:
        if t not in valid:
            assert s.why_illegal(t) == expected_reason(r, t), (moves, t)


def test_texts_when_the_game_is_over() -> None:
    game = pybridge.load_game("sliding")
    won = game.initial_state()
    for m in ["1", "4", "2", "5", "3"]:
        won = won.move(m)
    assert won.outcome() == ("x", "three in a row")
    assert won.why_illegal("9") == won.why_illegal("1-2") == "the game is over"
    for limit in (1, 2, 7):
        s = pybridge.load_game("sliding", max_plies=limit).initial_state()
        for m in ["1", "2", "3", "5", "4", "6", "4-7"][:limit]:
            s = s.move(m)
        plural = "move" if limit == 1 else "moves"
        assert s.outcome() == ("draw", f"{limit} {plural} without three in a row")


def test_det_predicates_leave_no_choice_point() -> None:
    game = pybridge.load_game("sliding")
    texts = ["1.5", "2.0", "0", "x", "5", "1", "1-2", "5-5", "1-", "2-1", "5-1"]
    assert rulecheck.check_determinism(game, texts) == 11


def test_hint_lines_in_the_shell() -> None:
    for new in ("sliding", "sliding max_plies=5"):
        assert rulecheck.hint_line(new, ["1", "4", "2", "5"], 3) == (
            "ai:3 would play 3 (place on the top right); with perfect play after it: "
            "x wins in 0 plies")
    assert rulecheck.hint_line("sliding", [], 3).endswith("; with perfect play after it: draw")
    assert rulecheck.hint_line("sliding max_plies=4", ["1", "4", "2"], 3).endswith(
        "; with perfect play after it: draw")  # x's line would come at ply 5


def test_move_text_from_a_move_in_prolog() -> None:
    for n in range(-1, 12):
        assert rulecheck.move_text("sliding", str(n)) == (str(n) if 1 <= n <= 9 else None)
    for a in range(0, 11):
        for b in (0, 1, 5, 9, 10):
            good = 1 <= a <= 9 and 1 <= b <= 9 and a != b
            assert rulecheck.move_text("sliding", f"[{a},{b}]") == (f"{a}-{b}" if good else None)
