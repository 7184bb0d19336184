"""A course's test file: a student's tic-tac-toe game file against the
course's Python reference and against the arena's built-in tic-tac-toe.

    STUDENT_GAME=students/ana/tictactoe.pl pytest examples/crosscheck/test_student_game.py

Without STUDENT_GAME it checks the arena's example game file
(examples/games/tictactoe.pl). The student's file runs in the arena's
jailed game host; tictactoe_reference.py is the course's own code.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import given, settings

import pybridge
from pybridge.testing import assert_same_rules, states

HERE = Path(__file__).resolve().parent
GAME = os.environ.get("STUDENT_GAME", str(HERE.parent / "games" / "tictactoe.pl"))
REFERENCE = HERE / "tictactoe_reference.py"


def test_same_rules_as_the_course_reference() -> None:
    assert_same_rules(GAME, REFERENCE, games=100, seed=1)


def test_same_rules_as_the_built_in_game() -> None:
    assert_same_rules(GAME, "tictactoe", games=100, seed=2)


@settings(max_examples=40, deadline=None)
@given(states(GAME, max_plies=9))
def test_moves_are_listed_exactly_while_the_game_goes_on(state: pybridge.State) -> None:
    assert (state.game_over() is None) == bool(state.valid_moves())
