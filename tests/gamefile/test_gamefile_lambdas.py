"""A game file's yall lambdas compute in the arena what they compute when
`swipl FILE` consults the file (issue 34): a lambda that plain swipl calls
as it is sees its clause's bindings; one that swipl compiles (the file
loaded library(yall) and the meta-predicate's library first) shares no
variable with its clause. The arena's own modules must not make a game's
lambdas compiled where plain swipl would not compile them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import pybridge
from pybridge.errors import GameRuleError
from tests.support.paths import TESTS

FILES = TESTS / "gamefiles" / "yall"
VARIANTS = range(1, 6)


def swipl_value(path: Path, variant: int) -> str:
    """value/3 of the file consulted by plain swipl: a number, or 'error'."""
    goal = (f"catch((value(s({variant}), first, V), format('~w~n', [V])), _, "
            "format('error~n')), flush_output")
    done = subprocess.run(["swipl", "-g", goal, "-t", "halt", str(path)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60, check=False)
    return done.stdout.strip().splitlines()[-1]


def arena_value(path: Path, variant: int) -> str:
    game = pybridge.load_game(str(path), variant=variant)
    try:
        return str(int(game.initial_state().value("first")))
    except GameRuleError:
        return "error"


@pytest.mark.parametrize("name", ["plain", "loads_yall"])
def test_a_game_files_lambdas_compute_what_swipl_computes(name: str) -> None:
    path = FILES / f"{name}.pl"
    plain = {v: swipl_value(path, v) for v in VARIANTS}
    arena = {v: arena_value(path, v) for v in VARIANTS}
    assert arena == plain


def test_the_two_files_differ_where_swipl_compiles_the_lambda() -> None:
    """The case of the issue: Bigs = [4, 5] seen by the lambda (2 of 3
    heaps) unless the file loaded library(yall) first (3 of 3)."""
    assert arena_value(FILES / "plain.pl", 1) == "2"
    assert arena_value(FILES / "loads_yall.pl", 1) == "3"


#: What value/3 of tests/gamefiles/sicstus_lists.pl gives for each `use`.
SICSTUS_LISTS = {1: 1, 2: 21, 3: 3, 4: 6, 5: 5, 6: 6}


@pytest.mark.parametrize("use", sorted(SICSTUS_LISTS))
def test_a_game_file_calls_sicstus_list_predicates(use: int) -> None:
    """prolog/sicstus_lib.pl imports nothing (see above), so its calls
    and the closures it passes on name their modules; each of its
    predicates is called here as a game file calls it."""
    path = FILES.parent / "sicstus_lists.pl"
    game = pybridge.load_game(str(path), use=use)
    assert game.initial_state().value("first") == SICSTUS_LISTS[use]
