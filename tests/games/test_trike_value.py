"""Trike beyond its moves: every number value/3 documents (the margin at
the pawn, 100 more or less for a finished game) against the reference,
every AI level on the first plies (the pie rule's swap included) and on
late positions of the smallest, default and largest board, level 2
greedy on value/3, and initial_state/2's option check in Prolog itself."""

from __future__ import annotations

import pytest

import pybridge
from pybridge.engine import _prolog
from tests.support import rulecheck
from tests.reference.trike import State, Trike, value


def game(size: int) -> pybridge.Game:
    return pybridge.load_game("trike", size=size)


def play(size: int, moves: str) -> pybridge.State:
    state = game(size).initial_state()
    for move in moves.split():
        state = state.move(move)
    return state


@pytest.mark.parametrize(("size", "games"), [(3, 60), (4, 40), (5, 30), (7, 15), (12, 12)])
def test_value_against_the_reference(size: int, games: int) -> None:
    ref = Trike(size)
    pairs = list(rulecheck.paired_positions(game(size), ref, games, f"trike-value-{size}"))
    kinds = rulecheck.check_values(pairs, lambda r, p: value(ref, r, p), ("first", "second"))
    assert kinds["won"] and kinds["lost"] and kinds["going"] > games, kinds
    margins = {value(ref, r, "first") for _, r in pairs}
    assert {m for m in margins if m > 100} and {m for m in margins if m < -100}
    assert {m for m in margins if 0 < m < 100} and {m for m in margins if -100 < m < 0}


def test_worked_values() -> None:
    assert play(5, "").value("first") == 0
    s = play(5, "c2")  # black c2 under the pawn: first's
    assert (s.value("first"), s.value("second")) == (1, -1)
    s = s.move("swap")  # second owns black now
    assert (s.value("first"), s.value("second")) == (-1, 1)
    s = s.move("c1")  # white c1 (first) under the pawn, black c2 next to it
    assert (s.value("first"), s.value("second")) == (0, 0)
    end = play(3, "b2 a1 b1 c1 c2 c3")  # trapped on c3: first 2, second 1
    assert end.game_over() == "first"
    assert (end.value("first"), end.value("second")) == (101, -101)
    with pytest.raises(ValueError):
        end.value("black")


def greedy_best(ref: Trike, r: State) -> set[str]:
    mover = r.to_move
    scores = {}
    for m in ref.moves(r):
        t = ref.play(r, m)
        scores[m] = float("inf") if ref.winner(t) == mover else value(ref, t, mover)
    top = max(scores.values())
    return {m for m, v in scores.items() if v == top}


@pytest.mark.parametrize("size", [3, 5, 7])
def test_level_2_is_greedy_on_value(size: int) -> None:
    ref = Trike(size)
    g = game(size)
    g.seed(5)
    pairs = [(s, r) for s, r in rulecheck.paired_positions(g, ref, 4, f"trike-greedy-{size}")
             if ref.winner(r) is None]
    for s, r in pairs:
        assert s.choose_move(2) in greedy_best(ref, r), str(s)


@pytest.mark.parametrize("size", [3, 7, 19])
def test_levels_1_and_2_on_first_plies_and_late_positions(size: int) -> None:
    g = game(size)
    start = g.initial_state()
    first = [start, start.move("a1"), start.move("b2"), start.move("b2").move("swap"),
             start.move(f"{'abcdefghijklmnopqrs'[size - 1]}{size}").move("swap").move("a1")]
    late = [rulecheck.late_position(g, f"trike-late-{size}-{seed}", left)
            for seed in range(3) for left in (1, 2, 4)]
    assert rulecheck.check_levels(first + late, [1, 2]) == 2 * (len(first) + len(late))


def test_level_3_on_first_plies_and_late_positions() -> None:
    """Level 3 (a tree search of about 2 s) on the first three plies,
    the swap position among them, and near the end of the smallest,
    default and largest boards."""
    states = [play(7, ""), play(7, "d2"), play(7, "d2 swap"), play(19, "j5"),
              rulecheck.late_position(game(3), "trike-late-3-0", 2),
              rulecheck.late_position(game(19), "trike-late-19-0", 3)]
    assert rulecheck.check_levels(states, [3]) == len(states)


@pytest.mark.parametrize(("options", "error"), [
    ("[size(2)]", "domain_error(between(3,19),size(2))"),
    ("[size(20)]", "domain_error(between(3,19),size(20))"),
    ("[size(seven)]", "domain_error(between(3,19),size(seven))"),
    ("[width(7)]", "domain_error(option,width(7))"),
    ("nolist", "type_error(list,nolist)"),
    ("[size(3)]", "ok(state(3,board(e,e,e,e,e,e),none,first,first,0))"),
    ("[]", "ok(state(7,board(" + ",".join(["e"] * 28) + "),none,first,first,0))"),
])
def test_initial_state_checks_its_options_in_prolog(options: str, error: str) -> None:
    assert rulecheck.initial_state_error("trike", options) == error


def test_the_largest_board_in_prolog() -> None:
    got = rulecheck.initial_state_error("trike", "[size(19)]")
    assert got == "ok(state(19,board(" + ",".join(["e"] * 190) + "),none,first,first,0))"


def test_det_predicates_leave_no_choice_point() -> None:
    game = pybridge.load_game("trike")
    texts = ["a1.5", "1.5", "swap", "a1", "c2", "z1", "a0", "b3", "e02", "S"]
    assert rulecheck.check_determinism(game, texts) == 11


LETTERS = "abcdefghijklmnopqrs"


def parse(text: str) -> tuple[int, int] | None:
    """A row letter and a cell number without a leading zero."""
    if len(text) >= 2 and "a" <= text[0] <= "z" and text[1:].isdigit() and text[1] != "0":
        return ord(text[0]) - ord("a") + 1, int(text[1:])
    return None


def expected_reason(ref: Trike, s: State, text: str) -> str:
    """What the shell says to ``text`` in ``s``, from the rules' wording."""
    if text == "swap":
        return "swap only as the second move"
    cell = parse(text)
    if cell is None:
        return f"{text} is not a move: type a row letter and a cell number, like c2, or swap"
    row, c = cell
    if row > ref.size:
        return f"{text} is off the board: the rows are a to {LETTERS[ref.size - 1]}"
    if c > row:
        return f"{text} is off the board: row {text[0]} has cells 1 to {row}"
    if s.at(row, c) != ".":
        if s.pawn == (row, c):
            return f"the pawn is on {text}: move it elsewhere"
        return f"{text} is taken by a {'black' if s.at(row, c) == 'b' else 'white'} checker"
    assert s.pawn is not None
    pr, pc = s.pawn
    dr, dc = row - pr, c - pc
    if not (dr == 0 or dc == 0 or dr == dc):
        return f"{text} is not in a straight line from the pawn on {LETTERS[pr - 1]}{pc}"
    step_r, step_c = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    k = 1
    while s.at(pr + k * step_r, pc + k * step_c) == ".":
        k += 1
    return f"a checker is in the way on {LETTERS[pr + k * step_r - 1]}{pc + k * step_c}"


@pytest.mark.parametrize("size", [3, 5, 7])
def test_texts_for_the_shell(size: int) -> None:
    """Every valid move's description and the reason given for every
    other text (each cell of a board one row larger, swap, malformed
    ones), along seeded games until they end."""
    import random

    ref = Trike(size)
    texts = [f"{LETTERS[r - 1]}{c}" for r in range(1, size + 2) for c in range(1, r + 2)]
    texts += ["swap", "z1", "t1", "a0", "a01", "A1", "c", "1", "", "b-1", "s19"]
    rng = random.Random(f"trike-texts-{size}")
    for _ in range(3):
        s, r = game(size).initial_state(), ref.initial()
        while ref.moves(r):
            valid = ref.moves(r)
            descriptions = s.move_descriptions()
            assert set(descriptions) == set(valid)
            name = "black" if r.to_move == r.black else "white"
            for m, d in descriptions.items():
                if m == "swap":
                    assert d == "swap: second takes black, first takes white and moves"
                    continue
                t = ref.play(r, m)
                head = (f"{name} checker and the pawn on {m}" if r.pawn is None
                        else f"pawn {LETTERS[r.pawn[0] - 1]}{r.pawn[1]} to {m}, {name} checker")
                winner = ref.winner(t)
                if winner is not None:
                    points = ref.scores(t)
                    head += (f": traps the pawn, {winner} wins "
                             f"{max(points.values())}-{min(points.values())}")
                assert d == head, (str(s), m)
            for text in texts:
                if text not in valid:
                    assert s.why_illegal(text) == expected_reason(ref, r, text), (str(s), text)
            m = rng.choice(valid)
            s, r = s.move(m), ref.play(r, m)
        points = ref.scores(r)
        at = f"{LETTERS[r.pawn[0] - 1]}{r.pawn[1]}"
        assert s.outcome() == (ref.winner(r), f"the pawn is trapped on {at}: "
                                              f"first {points['first']}, second {points['second']}")
        assert s.why_illegal("a1") == "the game is over"


def playout(state: pybridge.State) -> str:
    """The winner of one random playout from ``state`` (trike's exported
    random_playout/2, the tree search's playouts)."""
    got = _prolog.call(f"term_string(S, {_prolog.atom(str(state))}), "
                       "trike:random_playout(S, W0), format(atom(W), '~w', [W0])")
    assert got is not None, str(state)
    return _prolog.text(got["W"])


def possible_winners(ref: Trike, r: State, memo: dict[State, frozenset[str]]) -> frozenset[str]:
    """Every winner some line of play from ``r`` ends with."""
    if r not in memo:
        winner = ref.winner(r)
        memo[r] = frozenset({winner}) if winner is not None else frozenset().union(
            *(possible_winners(ref, ref.play(r, m), memo) for m in ref.moves(r)))
    return memo[r]


@pytest.mark.parametrize("size", [3, 5, 7])
def test_random_playouts_end_as_the_rules_allow(size: int) -> None:
    """From late positions a playout's winner is one the remaining moves
    can give (the only one, when the end is forced); from the first plies,
    the swap among them, a player."""
    import random

    ref = Trike(size)
    rng = random.Random(f"trike-playout-{size}")
    forced = 0
    for _ in range(6):
        s, r = game(size).initial_state(), ref.initial()
        line = [(s, r)]
        while ref.moves(r):
            m = rng.choice(ref.moves(r))
            s, r = s.move(m), ref.play(r, m)
            line.append((s, r))
        for s, r in line[:3]:
            assert {playout(s) for _ in range(3)} <= {"first", "second"}
        for s, r in line[-4:]:
            if sum(row.count(".") for row in r.cells) > 9:
                continue
            allowed = possible_winners(ref, r, {})
            got = {playout(s) for _ in range(4)}
            assert got <= allowed, (str(s), got, allowed)
            forced += len(allowed) == 1
    assert forced >= 2


def test_hint_lines_in_the_shell() -> None:
    assert rulecheck.hint_line("trike size=5", "d2 d1 b1 a1 d4 c3 c2".split(), 2) == (
        "ai:2 would play b2 (pawn c2 to b2, white checker: traps the pawn, second wins 3-2); "
        "value for second after it: 101 (the game's own estimate, value/3: higher is better "
        "for second, 0 is even)")
    assert rulecheck.hint_line("trike size=5", ["c2"], 2).startswith("ai:2 would play ")
