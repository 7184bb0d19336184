"""SICStus 4's library(lists) as a game file gets it (prolog/sicstus_lib.pl):
every predicate of it that SWI-Prolog's library(lists), library(apply)
and library(pairs) lack, as SICStus' manual defines it. A student's AI
level that called keyclumps/2 threw an existence error here where it
played under SICStus."""

from __future__ import annotations

from pathlib import Path

import pytest

import pybridge

from tests.support.course import COURSE, run
from tests.support.plunit import run_plunit

HERE = Path(__file__).resolve().parent


def test_the_sicstus_list_predicates_swi_lacks() -> None:
    """Each predicate as SICStus defines it (its solutions in SICStus'
    order, deterministic where SICStus' is), closures of the caller's
    module, and the export list: every SICStus name SWI-Prolog lacks,
    none that SWI-Prolog has; SICStus' if/3."""
    output = run_plunit(HERE / "sicstus_lib_unit.pl")
    assert "All 70 tests passed" in output


def test_a_level_that_groups_moves_with_keyclumps(capsys: pytest.CaptureFixture[str]) -> None:
    """A game read as SICStus 4 whose level 2 groups its moves by value
    with keyclumps/2 and takes the best group's first with head/2: it
    conforms, and its own level plays the move that leaves a multiple of
    four stones."""
    path = COURSE / "sicstus_lists.pl"
    code, out, err = run(["check-game", str(path), "--games", "5"], capsys)
    assert code == 0, out + err
    assert "dialect:  sicstus4" in out
    assert "conforms to the game contract" in out
    state = pybridge.load_game(str(path)).initial_state()      # 11 stones
    assert state.choose_move(2) in state.valid_moves()
    assert state.choose_move(2) == "3"
    assert state.move("2").choose_move(2) == "1"                # 9 stones
