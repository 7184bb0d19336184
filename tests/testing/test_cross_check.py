"""Cross-checking a game against a reference (pybridge.testing and
``arena cross-check``): a game file with one rule changed is caught with
its line shown and shrunk, a faithful copy passes, a Python reference
works the same way, and a course's pytest file reads well either way."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import find, given, settings

import pybridge
from pybridge.testing import (
    Aspect,
    CrossCheckError,
    assert_same_rules,
    compare_lines,
    cross_check,
    pair,
    states,
)
from pybridge.testing.sides import GameSide
from shell.cli.arena import main as arena
from tests.reference.tictactoe import Reference as TicTacToeReference, TicTacToe
from tests.support.paths import ROOT

FILES = ROOT / "tests" / "gamefiles" / "crosscheck"
FAITHFUL = str(FILES / "tictactoe.pl")
NO_DIAGONAL = str(FILES / "no_diagonal.pl")  # 3-5-7 does not win
CORNER_RULE = str(FILES / "corner_rule.pl")  # 9 refused while x holds 1
COURSE = ROOT / "examples" / "crosscheck"
COURSE_REFERENCE = str(COURSE / "tictactoe_reference.py")


def x_cells(line: tuple[str, ...]) -> set[str]:
    return set(line[0::2])


def test_a_line_that_no_longer_wins_is_caught_and_shrunk() -> None:
    difference = cross_check(NO_DIAGONAL, "tictactoe", games=200, seed=0)
    assert difference is not None
    assert difference.aspect is Aspect.OVER
    # the shortest line: x takes 3, 5 and 7 while o completes nothing
    assert len(difference.line) == 5 and x_cells(difference.line) == {"3", "5", "7"}
    assert len(difference.found_line) >= len(difference.line)
    assert difference.game.facts is not None and not difference.game.facts.over
    assert difference.reference.facts is not None and difference.reference.facts.winner == "x"
    report = difference.report()
    assert f"line:      {' '.join(difference.line)}" in report
    assert "game goes on, o to move" in report and "game over, x wins" in report
    assert "game's board:" in report and "reference's board:" in report


def test_a_move_no_longer_allowed_is_caught_with_the_move_named() -> None:
    difference = cross_check(CORNER_RULE, "tictactoe", games=50, seed=3)
    assert difference is not None
    assert difference.aspect is Aspect.MOVES
    assert difference.line == ("1",)
    assert difference.only_reference == ["9"] and difference.only_game == []
    assert "moves only the reference lists: 9" in difference.report()


@pytest.mark.parametrize("reference", ["tictactoe", COURSE_REFERENCE,
                                       str(ROOT / "tests" / "reference" / "tictactoe.py")])
def test_a_faithful_copy_is_the_same(reference: str) -> None:
    summary = compare_lines(FAITHFUL, reference, games=60, seed=5)
    assert summary.difference is None
    assert summary.games == 60 and summary.positions > 60 * 5
    assert {"x", "o", "draw"} <= set(summary.winners)


def test_a_python_reference_catches_the_same_difference() -> None:
    by_file = cross_check(NO_DIAGONAL, COURSE_REFERENCE, games=200, seed=0)
    by_game = cross_check(NO_DIAGONAL, "tictactoe", games=200, seed=0)
    assert by_file is not None and by_game is not None
    assert (by_file.aspect, by_file.line) == (by_game.aspect, by_game.line)
    assert by_file.reference.board is not None and "x to move" not in by_file.reference.board


class Misread(TicTacToe):
    """A Python reference with its own mistake: the top row does not win."""

    def initial(self, options: dict[str, Any]) -> Any:  # type: ignore[override]
        return super().initial()

    def winner(self, s: Any) -> str | None:
        if s.cells[0] != "." and s.cells[0] == s.cells[1] == s.cells[2] and "." in s.cells:
            return None
        return super().winner(s)

    def moves(self, s: Any) -> list[str]:
        return [] if self.winner(s) is not None else [
            str(i + 1) for i, c in enumerate(s.cells) if c == "."]

    def to_move(self, s: Any) -> str:
        return str(s.to_move)


def test_a_reference_object_runs_in_process_against_a_built_in_game() -> None:
    difference = cross_check("tictactoe", Misread(), games=200, seed=0)
    assert difference is not None and difference.aspect is Aspect.OVER
    assert len(difference.line) == 5 and x_cells(difference.line) == {"1", "2", "3"}
    assert cross_check("tictactoe", TicTacToeReference(), games=30) is None


class Crashing(Misread):
    def play(self, s: Any, move: str) -> Any:
        if move == "5":
            raise KeyError("no centre")
        return super().play(s, move)


def test_a_rule_that_raises_is_a_difference_naming_it() -> None:
    difference = cross_check("tictactoe", Crashing(), games=20, seed=0)
    assert difference is not None and difference.aspect is Aspect.ERROR
    assert difference.line[-1] == "5"
    assert difference.reference.error is not None and "no centre" in difference.reference.error


class Renamed:
    """Tic-tac-toe with other names: players cross and nought, cells a1..c3."""

    players = ("cross", "nought")
    CELLS = [f"{r}{c}" for r in "abc" for c in "123"]

    def __init__(self) -> None:
        self.rules = TicTacToe()

    def initial(self, options: dict[str, Any]) -> Any:
        return self.rules.initial()

    def moves(self, s: Any) -> list[str]:
        return [self.CELLS[int(m) - 1] for m in self.rules.moves(s)]

    def play(self, s: Any, move: str) -> Any:
        return self.rules.play(s, str(self.CELLS.index(move) + 1))

    def winner(self, s: Any) -> str | None:
        w = self.rules.winner(s)
        return {"x": "cross", "o": "nought"}.get(w, w) if w else None

    def to_move(self, s: Any) -> str:
        return "cross" if s.to_move == "x" else "nought"


def test_players_and_moves_named_differently_need_a_mapping() -> None:
    with pytest.raises(CrossCheckError, match="players differ.*--players"):
        cross_check("tictactoe", Renamed(), games=5)
    cells = Renamed.CELLS
    assert cross_check("tictactoe", Renamed(), games=40, players={"x": "cross", "o": "nought"},
                       moves=lambda m: cells[int(m) - 1]) is None
    table = {str(i + 1): c for i, c in enumerate(cells)}
    difference = cross_check(NO_DIAGONAL, Renamed(), games=200, players={"x": "cross", "o": "nought"},
                             moves=table)
    assert difference is not None and len(difference.line) == 5
    assert difference.reference_line == tuple(table[m] for m in difference.line)
    assert "reference's texts:" in difference.report()


def test_a_first_mover_that_differs_is_a_difference_at_the_start() -> None:
    class OFirst(Misread):
        players = ("o", "x")

    difference = cross_check("tictactoe", OFirst(), games=5)
    assert difference is not None and difference.aspect is Aspect.PLAYER and difference.line == ()


def test_assert_same_rules_raises_with_the_report() -> None:
    assert_same_rules(FAITHFUL, "tictactoe", games=20)
    with pytest.raises(AssertionError, match=r"differ on whether the game is over[\s\S]*line:"):
        assert_same_rules(NO_DIAGONAL, "tictactoe", games=200)


def test_time_bound_and_bad_arguments() -> None:
    summary = compare_lines("tictactoe", COURSE_REFERENCE, games=10**6, seconds=0.5)
    assert summary.timed_out and summary.difference is None and summary.games > 0
    with pytest.raises(ValueError, match="games"):
        cross_check("tictactoe", "tictactoe", games=0)
    with pytest.raises(CrossCheckError, match="unknown option size"):
        cross_check("tictactoe", "tictactoe", options={"size": 3})
    with pytest.raises(CrossCheckError, match="no such file"):
        cross_check("tictactoe", str(FILES / "missing.py"))


def test_an_option_goes_to_the_side_that_has_it() -> None:
    # a built-in trike of size 4 against the reference, which gets the size too
    summary = compare_lines(pybridge.load_game("trike", size=4), "tests/reference/trike.py",
                            games=20, seed=1)
    assert summary.difference is None and summary.games == 20
    assert cross_check("trike", str(ROOT / "tests" / "reference" / "trike.py"),
                       options={"size": 3}, games=20) is None
    both = pair("trike", "trike", options={"size": 3})
    assert isinstance(both.reference, GameSide) and isinstance(both.game, GameSide)
    assert both.game.game.options["size"] == both.reference.game.options["size"] == 3


def test_text_from_a_game_file_is_cleaned(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena(["cross-check", str(FILES / "escapes.pl"), "tictactoe", "--games", "200"]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "to move" in out and "pwned" in out  # shown, escaped


def test_the_command_line_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert arena(["cross-check", FAITHFUL, COURSE_REFERENCE, "--games", "20"]) == 0
    assert "verdict:   the same" in capsys.readouterr().out
    assert arena(["cross-check", CORNER_RULE, "tictactoe", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "verdict:   a difference" in out and "line:      1\n" in out
    assert arena(["cross-check", "tictactoe", "tests/reference/trike.py"]) == 2
    assert "unusable: the players differ" in capsys.readouterr().out
    no_class = tmp_path / "empty.py"
    no_class.write_text("x = 1\n")
    assert arena(["cross-check", "tictactoe", str(no_class)]) == 2
    assert "defines no class Reference" in capsys.readouterr().out
    assert arena(["cross-check", "nonesuch", "tictactoe"]) == 2
    assert "unknown game 'nonesuch'" in capsys.readouterr().out


def test_the_command_line_mapping(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    reference = tmp_path / "renamed.py"
    reference.write_text(
        "from tests.reference.tictactoe import TicTacToe\n"
        "CELLS = [r + c for r in 'abc' for c in '123']\n"
        "class Reference:\n"
        "    players = ('cross', 'nought')\n"
        "    def __init__(self): self.rules = TicTacToe()\n"
        "    def initial(self, options): return self.rules.initial()\n"
        "    def moves(self, s): return [CELLS[int(m) - 1] for m in self.rules.moves(s)]\n"
        "    def play(self, s, m): return self.rules.play(s, str(CELLS.index(m) + 1))\n"
        "    def winner(self, s):\n"
        "        w = self.rules.winner(s)\n"
        "        return {'x': 'cross', 'o': 'nought'}.get(w, w)\n")
    mapping = tmp_path / "names.py"
    mapping.write_text("players = {'x': 'cross', 'o': 'nought'}\n"
                       "def move(text):\n    return 'abc'[(int(text) - 1) // 3] + str((int(text) - 1) % 3 + 1)\n")
    assert arena(["cross-check", "tictactoe", str(reference), "--map", str(mapping),
                  "--games", "30"]) == 0
    assert "verdict:   the same" in capsys.readouterr().out
    moves = [f"--moves={i + 1}={'abc'[i // 3]}{i % 3 + 1}" for i in range(9)]
    assert arena(["cross-check", NO_DIAGONAL, str(reference), "--players", "x=cross",
                  "--players", "o=nought", *moves]) == 1
    assert "reference's texts:" in capsys.readouterr().out


@settings(max_examples=60, deadline=None)
@given(states("tictactoe"))
def test_states_are_reachable_positions(state: pybridge.State) -> None:
    assert (state.game_over() is None) == bool(state.valid_moves())
    assert state.game.state_from_text(str(state)) == state


def test_states_shrink_towards_short_lines() -> None:
    won = find(states("tictactoe"), lambda s: s.game_over() == "x")
    # shrunk: x's first win along the earliest moves (x 1 3 5 7), not a full board
    assert won.game_over() == "x" and str(won).count("e") >= 2


COURSE_TEST = COURSE / "test_student_game.py"


def run_course_test(game: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "STUDENT_GAME": game, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         str(COURSE_TEST)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_the_course_test_file_passes_on_the_faithful_game(tmp_path: Path) -> None:
    done = run_course_test(FAITHFUL, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout


def test_the_course_test_file_fails_readably_on_the_changed_game(tmp_path: Path) -> None:
    done = run_course_test(NO_DIAGONAL, tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "2 failed, 1 passed" in done.stdout
    # x's 3-5-7 is not a win: the game goes on, or a full board is a draw
    assert re.search(r"differ on (whether the game is over|the winner) after \d moves", done.stdout)
    assert "game over, x wins" in done.stdout and "line:" in done.stdout
    assert "def assert_same_rules" not in done.stdout  # the report, not the helper's code


def test_the_docs_show_the_course_test_file_as_it_is() -> None:
    page = (ROOT / "docs" / "cross-check.md").read_text()
    example = COURSE_TEST.read_text()
    body = example[example.index("import os"):]
    assert body.strip() in page


def test_a_reference_that_cannot_start_is_unusable() -> None:
    class NoStart(Misread):
        def initial(self, options: dict[str, Any]) -> Any:
            raise RuntimeError("no board today")

    with pytest.raises(CrossCheckError, match="NoStart: no initial state: RuntimeError: no board today"):
        cross_check("tictactoe", NoStart(), games=3)


def test_a_line_that_never_ends_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    from pybridge.testing import compare

    monkeypatch.setattr(compare, "MAX_PLIES", 3)
    summary = compare_lines("tictactoe", COURSE_REFERENCE, games=10)
    assert summary.difference is None and summary.games == 10
    assert summary.winners == [None] * 10 and summary.positions == 10 * 4


def test_a_reference_may_carry_its_own_mapping() -> None:
    class Mapped(Renamed):
        game_players = {"x": "cross", "o": "nought"}

        def game_move(self, text: str) -> str:
            return self.CELLS[int(text) - 1]

    assert cross_check("tictactoe", Mapped(), games=30) is None
    difference = cross_check(CORNER_RULE, Mapped(), games=50, seed=3)
    assert difference is not None and difference.line == ("1",)
    assert difference.reference_line == ("a1",) and difference.only_reference == ["c3"]


def test_a_prolonged_line_avoids_moves_that_end_the_game() -> None:
    import random

    from pybridge.testing import compare

    choose = compare._random(random.Random(0), True)
    for _ in range(20):
        assert choose(0, ["1", "2", "3", "4"], lambda m: m != "3") == "3"
    assert choose(0, ["1", "2"], lambda m: True) in {"1", "2"}  # all end: any
    assert compare.PROLONGED >= 2  # most lines stay uniformly random


def test_an_unusable_reason_of_several_lines_is_read_as_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "parent.pl"
    game.write_text("lists:foo(1).\nuser:bar(2).\nplayers([x, o]).\n")
    assert arena(["cross-check", str(game), "tictactoe"]) == 2
    out = capsys.readouterr().out
    assert "\\x0a" not in out
    assert re.search(r"^.*parent\.pl:1: a clause for module lists .*$\n^.*parent\.pl:2: a clause "
                     r"for module user", out, re.MULTILINE), out
