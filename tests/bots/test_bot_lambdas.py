"""A bot's yall lambdas mean in the arena what they mean when its author
runs `swipl FILE` (issue 27): swipl compiles a lambda when loading the
file where library(yall) is loaded and the meta-predicate is known, and
a compiled lambda shares no variable with its clause; elsewhere the
lambda sees the clause's bindings. The host reads a bot clause by
clause, so it must give the same answers. Each bot in tests/bot_files/yall
picks its move with preferred/2, which plain swipl runs on the same
list of moves."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import pybridge
from pybridge.bots.player import BotProcess, Limits
from tests.support.paths import TESTS

HERE = TESTS
BOTS = sorted((HERE / "bot_files" / "yall").glob("*.pl"))
LIMITS = Limits(stack_mb=64, grace=0.5)

#: What each bot plays on tictactoe's empty board (moves 1..9), as its
#: comment explains: the first move where swipl compiles the lambda.
PLAYS = {"compiled": "1", "called": "9", "shared": "9", "nested": "1", "call_n": "1", "global": "9"}


def swipl_preferred(path: Path, moves: list[str]) -> str:
    """preferred/2 of the bot's file consulted by plain swipl."""
    goal = f"preferred([{', '.join(moves)}], M), format('~w~n', [M]), flush_output"
    done = subprocess.run(["swipl", "-g", goal, "-t", "halt", str(path)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_every_bot_is_listed() -> None:
    assert {p.stem for p in BOTS} == set(PLAYS)


@pytest.mark.parametrize("isolation", ["none", None], ids=["none", "default"])
@pytest.mark.parametrize("path", BOTS, ids=lambda p: p.stem)
def test_a_bot_lambda_means_what_swipl_makes_of_it(path: Path, isolation: str | None,
                                                    ttt: pybridge.Game) -> None:
    state = ttt.initial_state()
    moves = state.valid_moves()
    expected = swipl_preferred(path, moves)
    assert expected == PLAYS[path.stem]
    with BotProcess(path, "tictactoe", "first", limits=LIMITS, isolation=isolation) as proc:
        assert proc.load().ready, proc.hello
        reply = proc.move(str(state), None, 3.0)
    assert reply.verdict == "ok", reply
    assert reply.move == expected
