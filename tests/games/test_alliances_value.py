"""Alliances beyond its moves: every number value/3 documents (won, lost,
colours held, the cubes of the distances of the colours still open)
against an independent computation in the reference, every AI level on
the first plies and late positions, level 2 greedy on value/3, and
initial_state/2's option check in Prolog itself."""

from __future__ import annotations

import random

import pytest

import pybridge
from pybridge.engine import _prolog
from tests.support import bridge_extras, rulecheck
from tests.reference.alliances import Alliances, State, distance, value


@pytest.fixture(scope="module")
def game() -> pybridge.Game:
    return pybridge.load_game("alliances")


@pytest.fixture(scope="module")
def pairs(game: pybridge.Game) -> list[tuple[pybridge.State, State]]:
    return list(rulecheck.paired_positions(game, Alliances(), 8, "alliances-value"))


def test_value_against_the_reference(pairs: list[tuple[pybridge.State, State]]) -> None:
    ref = Alliances()
    kinds = rulecheck.check_values(pairs, lambda r, p: value(ref, r, p), ("p1", "p2"))
    assert kinds["won"] and kinds["lost"] and kinds["going"] > 300, kinds
    held = {sum(w is not None for w in r.won) for _, r in pairs if ref.winner(r) is None}
    assert held == {0, 1, 2}  # positions with no, one and two colours won (by both)


def test_worked_values(game: pybridge.Game) -> None:
    ref = Alliances()
    s, r = game.initial_state(), ref.initial()
    assert (s.value("p1"), s.value("p2")) == (0, 0)
    assert {distance(r, p, c) for p in ("p1", "p2") for c in ("orange", "purple", "green")} == {13}
    # an orange disc on a1 brings orange one cell nearer for both players;
    # a purple one on m1 (orange's other side) only for p2, whose orange
    # ally is purple
    s, r = s.move("Oa1"), ref.play(r, "Oa1")
    assert (s.value("p1"), s.value("p2")) == (0, 0)
    s, r = s.move("Pm1"), ref.play(r, "Pm1")
    assert distance(r, "p2", "orange") == 11 and distance(r, "p1", "orange") == 12
    assert s.value("p2") == value(ref, r, "p2") == (9 - 11) ** 3 - (9 - 12) ** 3 + (
        sum((9 - distance(r, "p2", c)) ** 3 - (9 - distance(r, "p1", c)) ** 3  # type: ignore[operator]
            for c in ("purple", "green")))
    with pytest.raises(ValueError):
        s.value("p3")
    with pytest.raises(Exception, match="alliances_player"):
        bridge_extras.raw_value(s, "p3")


def test_won_and_lost(pairs: list[tuple[pybridge.State, State]]) -> None:
    ends = [s for s, _ in pairs if s.game_over() is not None]
    assert ends
    for s in ends:
        winner = s.game_over()
        loser = s.game.opponent(winner)
        assert (s.value(winner), s.value(loser)) == (10000, -10000)


def test_level_2_is_greedy_on_value(game: pybridge.Game,
                                    pairs: list[tuple[pybridge.State, State]]) -> None:
    ref = Alliances()
    rng = random.Random("alliances-greedy")
    going = [(s, r) for s, r in pairs if ref.winner(r) is None]
    for s, r in [going[0], going[1], *rng.sample(going, 4)]:
        mover = r.to_move
        scores = {}
        for m in ref.moves(r):
            t = ref.play(r, m)
            scores[m] = float("inf") if ref.winner(t) == mover else value(ref, t, mover)
        top = max(scores.values())
        assert scores[s.choose_move(2)] == top, str(s)


def test_every_level_on_first_plies_and_late_positions(game: pybridge.Game) -> None:
    start = game.initial_state()
    first = [start, start.move("Gm5")]
    late = [rulecheck.late_position(game, f"alliances-late-{seed}", 1) for seed in range(2)]
    assert rulecheck.check_levels(first + late, [1, 2, 3]) == 3 * 4
    assert rulecheck.check_levels([rulecheck.late_position(game, "alliances-late-9", 4)], [1, 2]) == 2


@pytest.mark.parametrize(("options", "error"), [
    ("[size(3)]", "domain_error(option,size(3))"),
    ("[colours]", "domain_error(option,colours)"),
    ("nolist", "type_error(list,nolist)"),
    ("[]", "ok(state(p1,discs(0,0,0),supply(42,42,42),won(none,none,none)))"),
])
def test_initial_state_checks_its_options_in_prolog(options: str, error: str) -> None:
    assert rulecheck.initial_state_error("alliances", options) == error


def test_det_predicates_leave_no_choice_point(game: pybridge.Game) -> None:
    texts = ["Oa1.5", "1.5", "Oa1", "Gm5", "Xa1", "Oz1", "Oa0", "Oa9", "og6", "P"]
    assert rulecheck.check_determinism(game, texts) == 11


def expected_reason(r: State, text: str) -> str:
    """What the shell says to ``text`` in ``r``, from the rules' wording."""
    from tests.reference.alliances import COLOURS, INDEX, LETTERS, ROW_LENGTHS, ROWS

    lower = text.lower()
    colour = {v.lower(): k for k, v in LETTERS.items()}.get(lower[:1])
    digits = lower[2:]
    shaped = len(lower) >= 3 and digits.isdigit() and lower[0].isalpha() and lower[1].isalpha()
    if colour is None or not shaped or digits[0] == "0" or lower[1] not in ROWS:
        if shaped and colour is None:
            return (f"{lower[0].upper()} is not a colour: a move starts with O (orange), "
                    "P (purple) or G (green), e.g. Og6")
        if shaped and lower[1] not in ROWS:
            return f"row {lower[1]} is not on the board: rows go from a (top) to m (bottom)"
        return (f"'{text}' is not a move: type a colour letter (O orange, P purple, "
                "G green) and a cell, e.g. Og6")
    row, n = lower[1], int(digits)
    if f"{row}{n}" not in INDEX:
        return (f"{row}{n} is not on the board (row {row} has cells 1 to "
                f"{ROW_LENGTHS[ROWS.index(row)]})")
    occupant = r.cells[INDEX[f"{row}{n}"]]
    if occupant is not None:
        return f"{row}{n} is occupied ({occupant})"
    assert r.supply[COLOURS.index(colour)] == 0
    return f"no {colour} discs left"


def test_texts_for_the_shell(game: pybridge.Game, pairs: list[tuple[pybridge.State, State]]) -> None:
    """Every valid move's description (with the colours it settles) and
    the reason for every other text, on positions along seeded games."""
    from tests.reference.alliances import CELLS, COLOURS

    ref = Alliances()
    texts = [f"O{c}" for c in CELLS[::3]] + [f"p{c}" for c in CELLS[1::11]] + [
        "Oa6", "Og12", "Om6", "Ob9", "Oa0", "Og06", "Xa1", "ya1", "On1", "Oz3", "_a1",
        "", "O", "Og", "Og-1", "O g6", "hello", "OG6", "gm5", "O-1", "G.3", "P/5", "o 12"]
    checked = settled = 0
    settling = [p for p, q in zip(pairs, pairs[1:]) if p[1].won != q[1].won]
    for s, r in pairs[::50] + settling[:6]:
        if ref.winner(r) is not None:
            assert s.why_illegal("Oa1") == "the game is over"
            continue
        valid = set(ref.moves(r))
        descriptions = s.move_descriptions()
        assert set(descriptions) == valid
        for m, d in descriptions.items():
            colour = {"O": "orange", "P": "purple", "G": "green"}[m[0]]
            t = ref.play(r, m)
            gains = [f"{t.won[k][0]} wins {c}" for k, c in enumerate(COLOURS)
                     if r.won[k] is None and t.won[k] is not None]
            assert d == ", ".join([f"{colour} at {m[1:]}", *gains]), (str(s), m)
            settled += bool(gains)
        for text in texts:
            if text not in valid and not (text[:1].upper() + text[1:].lower()) in valid:
                assert s.why_illegal(text) == expected_reason(r, text), (str(s), text)
                checked += 1
    assert checked > 500 and settled > 0


def test_outcome_reasons(pairs: list[tuple[pybridge.State, State]]) -> None:
    from tests.reference.alliances import COLOURS

    ref = Alliances()
    ends = [(s, r) for s, r in pairs if ref.winner(r) is not None]
    assert ends
    for s, r in ends:
        winner = ref.winner(r)
        held = [f"{c} ({r.won[k][1]})" for k, c in enumerate(COLOURS)  # type: ignore[index]
                if r.won[k] is not None and r.won[k][0] == winner]  # type: ignore[index]
        assert s.outcome() == (winner, f"{winner} holds {' and '.join(held)}")


def test_hint_line_in_the_shell() -> None:
    """Before the last move of a seeded game, level 2 takes the win and
    the hint says what value/3 gives a won game."""
    ref = Alliances()
    rng = random.Random("alliances-hint")
    r, moves = ref.initial(), []
    while ref.winner(r) is None:
        moves.append(rng.choice(ref.moves(r)))
        r = ref.play(r, moves[-1])
    mover = "p1" if len(moves) % 2 == 1 else "p2"
    assert ref.winner(r) == mover
    line = rulecheck.hint_line("alliances", moves[:-1], 2)
    assert line.endswith(f"; value for {mover} after it: 10000 (the game's own estimate, "
                         f"value/3: higher is better for {mover}, 0 is even)")


def test_arc_masks_against_the_board() -> None:
    """arc_masks/3 (the fences' arcs): the border cells on neither side
    of the colour, in their two connected runs, each with the cells next
    to a removed corner that touches it; computed here from the
    reference's board."""
    from tests.reference.alliances import _POSITIONS, CELLS, COLOURS, NEIGHBOURS, SIDE_CELLS

    pybridge.load_game("alliances")
    at = {pos: i for i, pos in enumerate(_POSITIONS)}
    corners = [(0, -6), (0, 6), (6, -12), (6, 12), (12, -6), (12, 6)]
    gaps = [{at[(r + dr, x + dx)] for dr, dx in ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))
             if (r + dr, x + dx) in at} for r, x in corners]
    border = {i for i in range(len(CELLS)) if len(NEIGHBOURS[i]) < 6}
    for colour in COLOURS:
        rest = border - SIDE_CELLS[colour][0] - SIDE_CELLS[colour][1]
        arcs = []
        while rest:
            todo = [min(rest)]
            arc = set(todo)
            while todo:
                for j in NEIGHBOURS[todo.pop()]:
                    if j in rest and j not in arc:
                        arc.add(j)
                        todo.append(j)
            rest -= arc
            arcs.append(frozenset(arc.union(*(g for g in gaps if g & arc))))
        assert len(arcs) == 2
        names = ("findall(N, (alliances:bit_cell(B, R, C), {arc} /\\ (1 << B) =\\= 0, "
                 "format(atom(N), '~w~w', [R, C])), {out})")
        got = _prolog.call(
            f"findall(Ns1-Ns2, (alliances:arc_masks({colour}, A1, A2), "
            + names.format(arc="A1", out="L1") + ", " + names.format(arc="A2", out="L2")
            + ", Ns1 = L1, Ns2 = L2), [Ns1-Ns2])")
        assert got is not None
        expected = {frozenset(CELLS[i] for i in arc) for arc in arcs}
        assert {frozenset(map(_prolog.text, got["Ns1"])),
                frozenset(map(_prolog.text, got["Ns2"]))} == expected, colour
