"""Alliances: the Prolog rules against the Python reference (seeded random
games move by move, and hand-built positions for every rule), the notation,
the display and the AI levels."""

from __future__ import annotations

import random
import re
from collections import deque
from pathlib import Path
from typing import Iterable

import pytest

import pybridge
from pybridge.engine import _prolog
from pybridge.errors import IllegalMoveError
from benchmarks import inprocess
from tests.support.crosscheck import compare
from tests.reference.alliances import (
    ALLY,
    CELLS,
    COLOURS,
    INDEX,
    LETTERS,
    NEIGHBOURS,
    ROW_LENGTHS,
    ROWS,
    SIDE_CELLS,
    SIDES,
    Alliances,
    State as RefState,
)
from tests.support.paths import ROOT

HERE = Path(__file__).resolve().parent

CHECKS = HERE / "alliances_checks.pl"
EXAMPLES = ROOT / "prolog" / "bots" / "examples"


@pytest.fixture(scope="module")
def game() -> pybridge.Game:
    game = pybridge.load_game("alliances")
    _prolog.call(f"use_module({_prolog.atom(CHECKS.as_posix())})")
    return game


def won_text(r: RefState) -> str:
    parts = ["none" if w is None else f"{w[1]}({w[0]})" for w in r.won]
    return f"won({','.join(parts)})"


def supply_text(r: RefState) -> str:
    return f"supply({','.join(map(str, r.supply))})"


def trace(game: pybridge.Game, moves: list[str], start: str | None = None) -> list[str]:
    """One line per position (see tests/games/alliances_checks.pl) after each of
    ``moves``, played by the Prolog rules in one call."""
    state_text = start or str(game.initial_state())
    got = _prolog.call(
        f"alliances_checks:trace_game({_prolog.atom(state_text)}, "
        f"{_prolog.term(moves)}, Plies)"
    )
    assert got is not None
    plies = got["Plies"]
    assert all(isinstance(p, str) for p in plies), f"Prolog rejected {plies[-1]}"
    return plies


def position(ref: Alliances, r: RefState, moves: list[str]) -> tuple[list[str], str, str, str]:
    """What a trace line says about a position, from the reference."""
    return sorted(moves), won_text(r), supply_text(r), ref.winner(r) or "none"


def check_trace(positions: list[tuple[list[str], str, str, str]], plies: list[str]) -> None:
    """Every position of a game agrees: valid moves, colours won (and
    how), supply and winner."""
    assert len(plies) == len(positions)
    for ply, (line, expected) in enumerate(zip(plies, positions)):
        texts, won, supply, winner = line.split("|")
        assert (sorted(texts.split()), won, supply, winner) == expected, f"ply {ply}"


def play_both(game: pybridge.Game, moves: list[str]) -> tuple[pybridge.State, RefState]:
    """Play ``moves`` through the public API and the reference, comparing
    every position; the final states."""
    ref = Alliances()
    state, r = game.initial_state(), ref.initial()
    for move in moves:
        compare(state, ref, r)
        assert won_text(r) in str(state) and supply_text(r) in str(state), (state, r)
        state, r = state.move(move), ref.play(r, move)
    compare(state, ref, r)
    assert won_text(r) in str(state) and supply_text(r) in str(state), (state, r)
    return state, r


def won_of(state: pybridge.State) -> str:
    found = re.search(r"won\(.*\)\)$", str(state))
    assert found
    return found.group(0)[:-1]


# --- the board ------------------------------------------------------------


def test_board_rows_and_sides(game: pybridge.Game) -> None:
    moves = game.initial_state().valid_moves()
    assert len(moves) == 3 * 121 == len(set(moves))
    cells = [m[1:] for m in moves if m[0] == "O"]
    assert [sum(1 for c in cells if c[0] == row) for row in ROWS] == list(ROW_LENGTHS)
    assert cells == CELLS  # row by row, numbered from the left
    assert sum(ROW_LENGTHS) == 121


def distance(game: pybridge.Game, state: pybridge.State, player: str, colour: str) -> int | None:
    # findall/3 keeps the state (big integers pyswip cannot read) inside
    got = _prolog.call(
        f"findall(L_, ( arena_bridge:text_state({_prolog.atom(str(state))}, S_), "
        f"( alliances:colour_distance(S_, {player}, {colour}, D_) -> L_ = D_ ; L_ = none ) ), [L])"
    )
    assert got is not None
    return None if got["L"] == "none" else int(got["L"])


def shortest_path(start: Iterable[int], goal: Iterable[int], avoid: set[int] = frozenset()) -> list[int]:
    """A shortest chain of cells (reference geometry) from a start cell to
    a goal cell, avoiding ``avoid``."""
    goal = set(goal)
    parent: dict[int, int | None] = {s: None for s in start if s not in avoid}
    queue = deque(parent)
    while queue:
        i = queue.popleft()
        if i in goal:
            path = [i]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])  # type: ignore[arg-type]
            return path[::-1]
        for j in NEIGHBOURS[i]:
            if j not in parent and j not in avoid:
                parent[j] = i
                queue.append(j)
    raise AssertionError("no path")


def side(colour: str, k: int) -> list[int]:
    return [INDEX[name] for name in SIDES[colour][k]]


def test_every_shortest_connection_is_13_cells(game: pybridge.Game) -> None:
    start = game.initial_state()
    for colour in COLOURS:
        assert len(shortest_path(side(colour, 0), side(colour, 1))) == 13
        for player in game.players:
            assert distance(game, start, player, colour) == 13


# --- seeded random games ---------------------------------------------------


def random_game(ref: Alliances, rng: random.Random) -> tuple[list[str], list[tuple[list[str], str, str, str]]]:
    """A seeded random game in the reference: its moves and positions."""
    r, moves, positions = ref.initial(), [], []
    while True:
        legal = ref.moves(r)
        positions.append(position(ref, r, legal))
        if not legal:
            return moves, positions
        move = rng.choice(legal)
        moves.append(move)
        r = ref.play(r, move)


def random_moves(ref: Alliances, rng: random.Random) -> list[str]:
    return random_game(ref, rng)[0]


@pytest.mark.slow
def test_120_random_games_agree_move_by_move(game: pybridge.Game) -> None:
    ref = Alliances()
    rng = random.Random("alliances")
    winners: dict[str, int] = {}
    ways: set[str] = set()
    for _ in range(120):
        moves, positions = random_game(ref, rng)
        check_trace(positions, trace(game, moves))
        _, won, _, winner = positions[-1]
        assert winner in game.players
        winners[winner] = winners.get(winner, 0) + 1
        ways |= set(re.findall(r"connection|fence", won))
    assert set(winners) == {"p1", "p2"}
    assert ways == {"connection", "fence"}


def test_random_games_through_the_public_api(game: pybridge.Game) -> None:
    ref = Alliances()
    rng = random.Random("public")
    for _ in range(5):
        state, r = play_both(game, random_moves(ref, rng))
        assert state.game_over() == ref.winner(r)
        winner, reason = state.outcome()  # type: ignore[misc]
        assert winner == ref.winner(r) and reason.startswith(f"{winner} holds ")


# --- hand-built positions -------------------------------------------------


def alternate(cells: list[int], colours: list[str] | str) -> list[str]:
    if isinstance(colours, str):
        colours = [colours] * len(cells)
    return [LETTERS[c] + CELLS[i] for i, c in zip(cells, colours)]


@pytest.mark.parametrize("colour", COLOURS)
def test_shortest_connection_wins_the_colour(game: pybridge.Game, colour: str) -> None:
    path = shortest_path(side(colour, 0), side(colour, 1))
    assert len(path) == 13
    # the middle cell last: 12 discs leave one gap, then p1 (ply 13) fills it
    order = path[:6] + path[7:] + [path[6]]
    moves = alternate(order, colour)
    state, r = play_both(game, moves[:-1])
    assert won_of(state) == "won(none,none,none)"
    assert distance(game, state, "p1", colour) == 1
    state, r = play_both(game, moves)
    k = COLOURS.index(colour)
    assert r.won[k] == ("p1", "connection")
    # a single-colour line from side to side cuts the board in two: the
    # player who may not cross that colour is fenced off each other colour
    ally_of = {"orange": ("purple", "green"), "purple": ("green", "orange"),
               "green": ("orange", "purple")}
    p2_fenced, p1_fenced = ally_of[colour]
    assert r.won[COLOURS.index(p2_fenced)] == ("p1", "fence")
    assert r.won[COLOURS.index(p1_fenced)] == ("p2", "fence")
    assert state.game_over() == "p1"
    # trophies: 13 discs placed and one taken; one taken of each other colour
    assert r.supply[k] == 42 - 13 - 1
    assert all(r.supply[j] == 41 for j in range(3) if j != k)
    assert "holds" in state.outcome()[1]  # type: ignore[index]


def test_connection_through_the_ally_colour(game: pybridge.Game) -> None:
    # p1 joins orange's sides with orange and green discs (green is p1's
    # ally for orange); p2 places the last disc, so it is the opponent's
    # connection
    path = shortest_path(side("orange", 0), side("orange", 1))
    colours = ["orange" if i % 2 else "green" for i in range(13)]
    order = [*path[:5], *path[6:], path[5]]
    paint = [colours[path.index(i)] for i in order]
    moves = alternate(order, paint)
    filler = "Pm5" if "m5" not in {CELLS[i] for i in path} else "Pm1"
    moves = [filler, *moves]  # the last of the 14 moves is p2's
    state, r = play_both(game, moves[:-1])
    assert won_of(state) == "won(none,none,none)"
    state, r = play_both(game, moves)
    assert won_of(state) == "won(connection(p1),none,none)"
    assert state.current_player == "p1"
    assert state.game_over() is None


def wall_to(goal: str) -> list[int]:
    """A shortest chain from the top row to cell ``goal``."""
    return shortest_path(side("orange", 0), [INDEX[goal]])


@pytest.mark.parametrize("mover", ["p1", "p2"])
def test_fence_wins_the_colour_for_the_other_player(game: pybridge.Game, mover: str) -> None:
    # an orange wall from the top to h12 cuts purple's upper right side
    # from its lower left side: p2 (purple + green) can no longer connect
    # purple, so p1 wins it, whoever closes the wall
    wall = wall_to("h12")
    order = [*wall[:3], *wall[4:], wall[3]]
    moves = alternate(order, "orange")
    if (len(moves) % 2 == 1) != (mover == "p1"):
        moves = ["Gm3", *moves]
    state, r = play_both(game, moves[:-1])
    assert won_of(state) == "won(none,none,none)"
    assert state.current_player == mover
    state, r = play_both(game, moves)
    assert won_of(state) == "won(none,fence(p1),none)"
    assert r.supply[COLOURS.index("purple")] == 41


def test_one_disc_connecting_both_players_goes_to_the_mover(game: pybridge.Game) -> None:
    # two chains from top to bottom crossing at g6: green discs (p1's ally
    # for orange) on one, purple (p2's) on the other; orange at g6 then
    # connects orange for both players, and the mover wins it
    centre = INDEX["g6"]
    a = shortest_path(side("orange", 0), [centre])
    a += shortest_path([centre], side("orange", 1))[1:]
    b = shortest_path(side("orange", 0), [centre], avoid=set(a) - {centre})
    b += shortest_path([centre], side("orange", 1), avoid=set(a) - {centre})[1:]
    assert set(a) & set(b) == {centre}
    greens = alternate([i for i in a if i != centre], "green")
    purples = alternate([i for i in b if i != centre], "purple")
    setup = [m for pair in zip(greens, purples) for m in pair]
    setup += greens[len(purples):] + purples[len(greens):]
    for last_mover in ("p1", "p2"):
        moves = list(setup)
        if (len(moves) % 2 == 0) != (last_mover == "p1"):
            moves.append("Om3" if "m3" not in {CELLS[i] for i in a + b} else "Om1")
        moves.append("Og6")
        state, r = play_both(game, moves[:-1])
        assert won_of(state) == "won(none,none,none)"
        for player in game.players:
            assert distance(game, state, player, "orange") == 1
        state, r = play_both(game, moves)
        assert r.won == ((last_mover, "connection"), None, None)
        assert won_of(state) == f"won(connection({last_mover}),none,none)"


def test_a_colour_runs_out_and_a_trophy_from_an_empty_supply(game: pybridge.Game) -> None:
    # 42 orange discs in rows that touch no side: nothing is decided
    inner = [f"{row}{n}" for row, last in zip("bdfjl", (8, 10, 12, 10, 8))
             for n in range(2, last)]
    oranges = [*inner, "h3", "h5", "h7", "h9"]
    assert len(oranges) == 42
    moves = ["O" + c for c in oranges]
    state, r = play_both(game, moves)
    assert won_of(state) == "won(none,none,none)"
    assert r.supply == (0, 42, 42)
    assert not any(m.startswith("O") for m in state.valid_moves())
    assert len(state.valid_moves()) == 2 * (121 - 42)
    assert state.why_illegal("Og6") == "no orange discs left"
    assert state.why_illegal("Ob2") == "b2 is occupied (orange)"
    with pytest.raises(IllegalMoveError, match="no orange discs left"):
        state.move("Og6")
    # now p1 joins orange's sides with green discs between the orange rows:
    # orange is won with no orange disc left to take as a trophy
    greens = ["Ga3", "Gc5", "Ge6", "Gg6", "Gh6", "Gi6", "Gk5", "Gm3"]
    state, r = play_both(game, moves + greens)
    assert won_of(state) == "won(connection(p1),none,none)"
    assert r.supply == (0, 42, 42 - len(greens))


def test_trace_catches_a_wrong_supply(game: pybridge.Game) -> None:
    # the cross-check itself fails when the two sides disagree
    moves, positions = random_game(Alliances(), random.Random(3))
    plies = trace(game, moves)
    check_trace(positions, plies)
    broken = plies[:5] + [plies[5].replace("supply(", "supply(1")] + plies[6:]
    with pytest.raises(AssertionError, match="ply 5"):
        check_trace(positions, broken)


def test_det_predicates_leave_no_choice_point(game: pybridge.Game) -> None:
    game.seed(1)
    state = game.initial_state()
    for move in ["Og6", "Pa1", "Gm5", "Oc3"]:
        got = _prolog.call(
            f"alliances_checks:determinism({_prolog.atom(str(state))}, Report)"
        )
        assert got is not None
        report = [_report(r) for r in got["Report"]]
        assert len(report) == 14 and {result for _, result in report} == {"det"}, report
        state = state.move(move)


def _report(item: tuple) -> tuple[str, str]:
    # pyswip gives Name/Arity-Result as ('-', [('/', [Name, Arity]), Result])
    _, (pred, result) = item
    _, (name, arity) = pred
    return f"{name}/{arity}", str(result)


# --- notation, reasons, display -------------------------------------------


def test_move_text_and_reasons(game: pybridge.Game) -> None:
    s = game.initial_state()
    assert s.canonical_move("og6") == "Og6"
    assert s.canonical_move("OG6") == "Og6"
    assert s.move("pa1") == s.move("Pa1")
    for bad, reason in [
        ("Oa6", "a6 is not on the board (row a has cells 1 to 5)"),
        ("Gn1", "row n is not on the board: rows go from a (top) to m (bottom)"),
        ("Oz1", "row z is not on the board"),
        ("Xg6", "X is not a colour: a move starts with O (orange), P (purple) or G (green)"),
        ("Og06", "is not a move"),
        ("X g6", "is not a move"),
        ("Og", "is not a move"),
    ]:
        with pytest.raises(IllegalMoveError) as info:
            s.move(bad)
        assert reason in info.value.reason, bad
    s1 = s.move("Og6")
    assert s1.why_illegal("Pg6") == "g6 is occupied (orange)"
    descriptions = s.move_descriptions()
    assert descriptions["Og6"] == "orange at g6"
    assert len(descriptions) == 363


def test_description_names_what_a_move_wins(game: pybridge.Game) -> None:
    path = shortest_path(side("green", 0), side("green", 1))
    moves = alternate(path[:6] + path[7:], "green")
    state, _ = play_both(game, moves)
    assert won_of(state) == "won(none,none,none)"
    last = "G" + CELLS[path[6]]
    assert state.move_descriptions()[last] == (
        f"green at {CELLS[path[6]]}, p1 wins orange, p2 wins purple, p1 wins green"
    )
    final = state.move(last)
    assert final.valid_moves() == []
    assert final.why_illegal("Pg6") == "the game is over"
    assert final.outcome() == ("p1", "p1 holds orange (fence) and green (connection)")


def test_display(game: pybridge.Game) -> None:
    s = game.initial_state().move("Og6").move("Pa1")
    plain = s.display(color=False, last_move="Pa1")
    # the board: one line per row between its row letters, with the edges
    # of the colours' sides, empty cells numbered, Pa1 and Og6 shown
    board = [t for t in (line.split() for line in plain.splitlines())
             if len(t) > 2 and t[0] in ROWS and t[-1] == t[0]]
    assert [tokens[0] for tokens in board] == list(ROWS)
    for tokens, row, length in zip(board, ROWS, ROW_LENGTHS):
        cells = [str(n) for n in range(1, length + 1)]
        if row == "a":
            cells[0] = "P"
        if row == "g":
            cells[5] = "O"
        if row in "bcdef":
            cells = ["/", *cells, "\\"]
        elif row in "hijkl":
            cells = ["\\", *cells, "/"]
        assert tokens == [row, *cells, row], row
    assert "O" in plain and "P" in plain
    assert "p1  allies: orange+green purple+orange green+purple  holds: -" in plain
    assert "p2  allies: orange+purple purple+green green+orange  holds: -" in plain
    assert "discs left: orange 41, purple 41, green 42" in plain
    assert "p1 to move" in plain
    coloured = s.display(last_move="Pa1")
    assert "\x1b[" in coloured
    assert "\x1b[1;7;" in coloured  # the last move, bold and reversed
    assert "\x1b[1;7;" not in s.display()


# --- distances, the course bots and the AI levels --------------------------


def ref_distance(r: RefState, player: str, colour: str) -> int | None:
    """Fewest empty cells ``player`` must fill to connect ``colour`` (0-1
    breadth-first search: own and ally discs cost 0, empty cells 1)."""
    own = {colour, ALLY[player, colour]}

    def cost(i: int) -> int | None:
        content = r.cells[i]
        return 0 if content in own else 1 if content is None else None

    start, goal = SIDE_CELLS[colour]
    best: dict[int, int] = {}
    queue: deque[tuple[int, int]] = deque()
    for i in start:
        if (c := cost(i)) is not None:
            best[i] = c
            (queue.appendleft if c == 0 else queue.append)((c, i))
    while queue:
        d, i = queue.popleft()
        if d > best[i]:
            continue
        for j in NEIGHBOURS[i]:
            c = cost(j)
            if c is not None and d + c < best.get(j, 1 << 30):
                best[j] = d + c
                (queue.appendleft if c == 0 else queue.append)((d + c, j))
    found = [best[i] for i in goal if i in best]
    return min(found) if found else None


def positions_along(moves: list[str], every: int) -> list[tuple[list[str], RefState]]:
    ref = Alliances()
    r, out = ref.initial(), []
    for n, move in enumerate(moves):
        if n % every == 0:
            out.append((moves[:n], r))
        r = ref.play(r, move)
    return out


def test_colour_distance_matches_a_python_search(game: pybridge.Game) -> None:
    rng = random.Random("distance")
    checked = 0
    for _ in range(3):
        for prefix, r in positions_along(random_moves(Alliances(), rng), 7):
            state = game.initial_state()
            if prefix:
                state = game.state_from_text(trace_state(game, prefix))
            for colour in COLOURS:
                for player in game.players:
                    assert distance(game, state, player, colour) == ref_distance(r, player, colour)
                    checked += 1
    assert checked > 100


def trace_state(game: pybridge.Game, moves: list[str]) -> str:
    state = game.initial_state()
    for move in moves:
        state = state.move(move)
    return str(state)


def course_score(r: RefState, me: str, subtract_opponent: bool) -> int:
    ref = Alliances()
    opponent = "p2" if me == "p1" else "p1"
    score = 0
    for colour in COLOURS:
        holder = ref.holder(r, colour)
        if holder is not None:
            score += 400 if holder == me else -400
            continue
        score += (9 - ref_distance(r, me, colour)) ** 3  # type: ignore[operator]
        if subtract_opponent:
            score -= (9 - ref_distance(r, opponent, colour)) ** 3  # type: ignore[operator]
    return score


@pytest.mark.parametrize("bot, subtract", [("medium", False), ("hard", True)])
def test_course_bots_play_a_best_move_of_their_formula(game: pybridge.Game, bot: str, subtract: bool) -> None:
    path = (EXAMPLES / f"alliances_course_{bot}.pl").as_posix()
    module = f"test_alliances_course_{bot}"
    inprocess.trusted_bot_load("alliances", path, module)
    ref = Alliances()
    moves = random_moves(ref, random.Random(f"course-{bot}"))
    for prefix, r in positions_along(moves, 13)[1:3]:
        state = game.state_from_text(trace_state(game, prefix))
        scores = {m: course_score(ref.play(r, m), r.to_move, subtract) for m in ref.moves(r)}
        best = max(scores.values())
        bests = {m for m, v in scores.items() if v == best}
        assert len(bests) < len(scores) / 4
        for _ in range(2):
            assert inprocess.trusted_bot_choose(module, state, 2) in bests


def test_course_bot_runs_in_the_sandbox(game: pybridge.Game) -> None:
    from pybridge.bots.player import check_bot
    from pybridge.play.match import Match
    from pybridge.bots.seating import make_player

    for bot in ("medium", "hard"):
        path = str(EXAMPLES / f"alliances_course_{bot}.pl")
        assert check_bot("alliances", path).hello.status == "ready"
    seats = {"p1": make_player(str(EXAMPLES / "alliances_course_hard.pl"), move_time=10),
             "p2": make_player("random")}
    game.seed(2)
    match = Match(game, seats, move_time=10)
    result = match.run()
    assert result.winner == "p1" and result.forfeit is None


def test_level_3_takes_a_winning_move(game: pybridge.Game) -> None:
    path = shortest_path(side("purple", 0), side("purple", 1))
    state, _ = play_both(game, alternate(path[:6] + path[7:], "purple"))
    assert state.current_player == "p1"
    assert state.move(state.choose_move(3)).game_over() == "p1"


def test_level_3_blocks_a_connection(game: pybridge.Game) -> None:
    # p1 is one disc from connecting orange through green; p2 to move
    path = shortest_path(side("orange", 0), side("orange", 1))
    paint = ["orange" if i % 2 else "green" for i in range(13)]
    moves = ["Pm5" if "m5" not in {CELLS[i] for i in path} else "Pm1"]
    moves += alternate(path[:5] + path[6:], paint[:5] + paint[6:])
    state, _ = play_both(game, moves)
    assert state.current_player == "p2" and distance(game, state, "p1", "orange") == 1
    game.seed(4)
    after = state.move(state.choose_move(3))
    assert "connection(p1)" not in won_of(after)
    assert distance(game, after, "p1", "orange") in (None, 2, 3)




def test_level_2_values_are_those_of_value_3(game: pybridge.Game) -> None:
    # level 2 computes every move's value/3 from the position's distances
    moves = random_moves(Alliances(), random.Random("greedy"))
    checked = 0
    for prefix, _ in positions_along(moves, 9):
        state = game.state_from_text(trace_state(game, prefix))
        got = _prolog.call(
            f"alliances_checks:greedy_mismatches({_prolog.atom(str(state))}, Mismatches)"
        )
        assert got is not None and got["Mismatches"] == [], (str(state), got)
        checked += 1
    assert checked >= 5


def test_fence_distance_is_zero_exactly_when_fenced(game: pybridge.Game) -> None:
    # a wall of discs a player may not use, from one arc of the border to
    # the other, is what fences them off (the arcs must be right for that)
    ref = Alliances()
    rng = random.Random("fences")
    seen = set()
    games = 0
    while seen != {True, False} or games < 3:
        games += 1
        assert games <= 30
        moves = random_moves(ref, rng)
        r = ref.initial()
        state = game.initial_state()
        for ply, move in enumerate(moves, start=1):
            state, r = state.move(move), ref.play(r, move)
            if ply % 3 and ply < len(moves) - 5:
                continue
            got = _prolog.call(
                f"alliances_checks:fence_distances({_prolog.atom(str(state))}, Distances)"
            )
            assert got is not None
            for item in got["Distances"]:
                _, ((_, (colour, player)), f) = item
                fenced = not ref.can_connect(r, player, colour)
                assert (f == 0) == fenced, (str(state), colour, player, f)
                seen.add(fenced)


def test_level_3_derives_distances_like_a_fresh_search(game: pybridge.Game) -> None:
    moves = random_moves(Alliances(), random.Random("derived"))
    for prefix, _ in positions_along(moves, 11):
        state = game.state_from_text(trace_state(game, prefix))
        got = _prolog.call(
            f"alliances_checks:search_mismatches({_prolog.atom(str(state))}, Mismatches)"
        )
        assert got is not None and got["Mismatches"] == [], str(state)


def test_levels_1_and_2_play_valid_moves(game: pybridge.Game) -> None:
    game.seed(5)
    s = game.initial_state()
    for level in (1, 2, 1, 2):
        move = s.choose_move(level)
        assert move in s.valid_moves()
        s = s.move(move)
