"""Connect Four beyond its moves: every number value/3 documents (won,
lost, drawn, the mover's immediate win or loss, the quiet evaluation) on
positions of several sizes against an independent computation in the
reference, every AI level on first plies and late positions of every
size, level 2 greedy on value/3, and initial_state/2's option checks in
Prolog itself."""

from __future__ import annotations

import pytest

import pybridge
from tests.support import rulecheck
from tests.reference.connect4 import ConnectFour, State, mover_value, value

SIZES = [(7, 6, 4), (4, 4, 3), (5, 4, 4), (6, 5, 3), (8, 7, 5), (12, 10, 6)]


@pytest.mark.parametrize(("width", "height", "connect"), SIZES)
def test_value_against_the_reference(width: int, height: int, connect: int) -> None:
    game = pybridge.load_game("connect4", width=width, height=height, connect=connect)
    ref = ConnectFour(width, height, connect)
    games = 4 if width * height > 100 else 12 if width * height > 50 else 25
    pairs = list(rulecheck.paired_positions(game, ref, games, f"c4-value-{width}x{height}x{connect}"))
    kinds = rulecheck.check_values(pairs, lambda r, p: value(ref, r, p), ("x", "o"))
    assert kinds["won"] + kinds["lost"] >= 4 and kinds["going"] > 100, kinds
    going = [mover_value(ref, r) for _, r in pairs if ref.winner(r) is None]
    assert 50000 in going and -50000 in going
    assert sum(abs(v) < 50000 for v in going) > 50
    assert len({v for v in going if abs(v) < 50000}) > 10


def test_worked_values() -> None:
    game = pybridge.load_game("connect4")
    s = game.initial_state()
    assert (s.value("x"), s.value("o")) == (0, 0)
    s = s.move("4")  # 7 lines of four through d1, no threat yet
    assert (s.value("x"), s.value("o")) == (7, -7)
    # x d1 e1 f1, o d2 e2: x threatens c1 and g1, both playable
    for m in ["4", "5", "5", "6"]:
        s = s.move(m)
    assert s.current_player == "o"
    assert (s.value("o"), s.value("x")) == (-50000, 50000)
    s = s.move("3")  # o blocks c1; x still wins at g1
    assert s.value("x") == 50000
    won = s.move("7")
    assert won.game_over() == "x"
    assert (won.value("x"), won.value("o")) == (100000, -100000)
    small = pybridge.load_game("connect4", width=4, height=4)
    draw = small.initial_state()
    for m in "1234" "1234" "2143" "2143":
        draw = draw.move(m)
    assert draw.game_over() == "draw" and (draw.value("x"), draw.value("o")) == (0, 0)


def test_quiet_value_counts_threats_by_row_parity() -> None:
    """A worked quiet position on a 5 x 4 board, connect 3: x to move,
    threats on rows of both parities, every term of the sum checked."""
    game = pybridge.load_game("connect4", width=5, height=4, connect=3)
    ref = ConnectFour(5, 4, 3)
    s, r = game.initial_state(), ref.initial()
    for m in "1155":
        s, r = s.move(m), ref.play(r, m)
    assert s.value("x") == value(ref, r, "x") == mover_value(ref, r)
    assert s.value("o") == -s.value("x")


def greedy_best(ref: ConnectFour, r: State) -> set[str]:
    mover = r.to_move
    scores = {}
    for m in ref.moves(r):
        t = ref.play(r, m)
        w = ref.winner(t)
        scores[m] = float("inf") if w == mover else value(ref, t, mover)
    top = max(scores.values())
    return {m for m, v in scores.items() if v == top}


@pytest.mark.parametrize(("width", "height", "connect"), [(7, 6, 4), (5, 4, 3)])
def test_level_2_is_greedy_on_value(width: int, height: int, connect: int) -> None:
    game = pybridge.load_game("connect4", width=width, height=height, connect=connect)
    ref = ConnectFour(width, height, connect)
    pairs = [(s, r) for s, r in rulecheck.paired_positions(game, ref, 6, f"c4-greedy-{width}")
             if ref.winner(r) is None]
    assert len(pairs) > 30
    for s, r in pairs:
        assert s.choose_move(2) in greedy_best(ref, r), str(s)


@pytest.mark.parametrize(("width", "height", "connect"), [(4, 4, 3), (7, 6, 4), (12, 10, 6), (4, 10, 4)])
def test_every_level_on_first_plies_and_late_positions(width: int, height: int,
                                                       connect: int) -> None:
    game = pybridge.load_game("connect4", width=width, height=height, connect=connect)
    game.seed(11)
    start = game.initial_state()
    first = [start, start.move("1"), start.move(str(width)).move("2")]
    late = [rulecheck.late_position(game, f"c4-late-{width}-{seed}", left)
            for seed in range(2) for left in (1, 3)]
    assert rulecheck.check_levels(first + late, [1, 2, 3]) == 3 * 7
    assert rulecheck.check_levels([start, *late[:2]], [4]) == 3


@pytest.mark.parametrize(("options", "error"), [
    ("[width(3)]", "domain_error(between(4,12),width(3))"),
    ("[width(13)]", "domain_error(between(4,12),width(13))"),
    ("[width(seven)]", "domain_error(between(4,12),width(seven))"),
    ("[height(3)]", "domain_error(between(4,10),height(3))"),
    ("[height(11)]", "domain_error(between(4,10),height(11))"),
    ("[connect(2)]", "domain_error(between(3,6),connect(2))"),
    ("[connect(7)]", "domain_error(between(3,6),connect(7))"),
    ("[width(4),height(5),connect(6)]", "domain_error(between(3,5),connect(6))"),
    ("[width(5),height(4),connect(6)]", "domain_error(between(3,5),connect(6))"),
    ("[width(4),height(4),connect(5)]", "domain_error(between(3,4),connect(5))"),
    ("[depth(3)]", "domain_error(option,depth(3))"),
    ("nolist", "type_error(list,nolist)"),
])
def test_initial_state_checks_its_options_in_prolog(options: str, error: str) -> None:
    assert rulecheck.initial_state_error("connect4", options) == error


@pytest.mark.parametrize(("options", "size", "cells"), [
    ("[]", "size(7,6,4)", 42),
    ("[width(4),height(4),connect(3)]", "size(4,4,3)", 16),
    ("[width(12),height(10),connect(6)]", "size(12,10,6)", 120),
    ("[width(4),height(10),connect(6)]", "size(4,10,6)", 40),
])
def test_initial_state_accepts_the_bounds_in_prolog(options: str, size: str, cells: int) -> None:
    got = rulecheck.initial_state_error("connect4", options)
    board = "b(" + ",".join(["e"] * cells) + ")"
    assert got == f"ok(state({size},{board},x,none))"


def test_det_predicates_leave_no_choice_point() -> None:
    game = pybridge.load_game("connect4")
    texts = ["1.5", "2.0", "0", "8", "x", "4", "1", "13"]
    assert rulecheck.check_determinism(game, texts) == 11


def centre(width: int) -> set[int]:
    return {(width + 1) // 2} if width % 2 else {width // 2, width // 2 + 1}


@pytest.mark.parametrize(("width", "height", "connect"), [(7, 6, 4), (4, 4, 3), (12, 10, 6), (5, 4, 3)])
def test_texts_for_the_shell(width: int, height: int, connect: int) -> None:
    """Every valid move's description and the reason given for every
    other text, along a seeded game until it ends."""
    game = pybridge.load_game("connect4", width=width, height=height, connect=connect)
    ref = ConnectFour(width, height, connect)
    s, r = game.initial_state(), ref.initial()
    rng = __import__("random").Random(f"c4-texts-{width}")
    texts = [str(c) for c in range(0, 15)] + ["x", "-1", "1.5", "", "1e1"]
    while True:
        valid = ref.moves(r)
        if not valid:
            break
        descriptions = s.move_descriptions()
        assert set(descriptions) == set(valid)
        for m, d in descriptions.items():
            col = int(m)
            where = " (centre)" if col in centre(width) else ""
            row = len(r.columns[col - 1]) + 1
            assert d == f"column {m}{where}, lands on row {row} of {height}", (str(s), m)
        for t in texts:
            if t in valid:
                continue
            if t.isdigit() and 1 <= int(t) <= width and t == str(int(t)):
                expected = f"column {t} is full"
            else:
                expected = f"{t} is not a column: type a number from 1 to {width}"
            assert s.why_illegal(t) == expected, (str(s), t)
        m = rng.choice(valid)
        s, r = s.move(m), ref.play(r, m)
    winner = ref.winner(r)
    assert s.outcome() == (winner, "board full" if winner == "draw" else f"{connect} in a row")
    assert s.why_illegal("1") == "the game is over"


def test_hint_lines_in_the_shell() -> None:
    estimate = "(the game's own estimate, value/3: higher is better for {p}, 0 is even)"
    assert rulecheck.hint_line("connect4 width=5 height=4 connect=3", ["1", "1", "2", "2"], 2) == (
        "ai:2 would play 3 (column 3 (centre), lands on row 1 of 4); value for x after it: "
        "100000 " + estimate.format(p="x"))
    ref = ConnectFour()
    r = ref.initial()
    for m in "17273":
        r = ref.play(r, m)
    blocked = value(ref, ref.play(r, "4"), "o")
    assert rulecheck.hint_line("connect4", list("17273"), 3) == (
        f"ai:3 would play 4 (column 4 (centre), lands on row 1 of 6); value for o after it: "
        f"{blocked} " + estimate.format(p="o"))


def test_move_text_from_a_move_in_prolog() -> None:
    for n in range(-2, 15):
        assert rulecheck.move_text("connect4", str(n)) == (str(n) if 1 <= n <= 12 else None)
