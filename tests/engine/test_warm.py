"""Bots kept loaded between games (pybridge.bots.player.WarmBots): every game is
played in a fresh copy of the loaded bot, with its own seed and output,
its own time limits, and nothing left running afterwards."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

import pybridge
from pybridge.bots.player import WARM, BotPlayer, BotProcess, Limits, WarmBots, keeping_bots_loaded
from pybridge.play.match import Match
from pybridge.play.players import PlayerSpec
from tests.support.processes import alive, descendants
from tests.support.paths import ROOT
from tests.support.says import says

EXAMPLES = ROOT / "prolog" / "bots" / "examples"
LIMITS = Limits(stack_mb=64, grace=0.3)

#: Remembers its calls in its own dynamic predicate and prints the count
#: and a random number: a game from a fresh copy starts again at 1.
COUNTER = r"""
:- dynamic calls/1.
calls(0).
choose_move(State, _, Move) :-
    retract(calls(N0)), N is N0 + 1, assertz(calls(N)),
    random_between(1, 1000000, R),
    format("call ~w random ~w~n", [N, R]),
    valid_moves(State, [Move|_]).
"""

#: Thinks forever on its third move.
STUCK = r"""
:- dynamic calls/1.
calls(0).
choose_move(State, _, Move) :-
    retract(calls(N0)), N is N0 + 1, assertz(calls(N)),
    (   N >= 3 -> repeat, fail ; true ),
    valid_moves(State, [Move|_]).
"""


@pytest.fixture
def ttt() -> pybridge.Game:
    return pybridge.load_game("tictactoe")


def bot(path: Path, seed: int) -> BotPlayer:
    return BotPlayer(PlayerSpec.parse(str(path)), move_time=1.0, limits=LIMITS, seed=seed)


def play(game: pybridge.Game, x: BotPlayer, o: BotPlayer) -> tuple[pybridge.types.Result, str]:
    with Match(game, {"x": x, "o": o}) as match:
        result = match.run()
    return result, x.output


def test_each_game_is_a_fresh_copy_of_the_loaded_bot(tmp_path: Path, ttt: pybridge.Game) -> None:
    counter = tmp_path / "counter.pl"
    counter.write_text(COUNTER)
    try:
        with keeping_bots_loaded():
            outputs, pids = [], []
            for seed in (11, 11, 12):
                x = bot(counter, seed)
                o = bot(EXAMPLES / "greedy.pl", 5)
                with Match(ttt, {"x": x, "o": o}) as match:
                    match.run()
                    assert x.process is not None
                    pids.append(x.process.pid)
                outputs.append(x.output)
        # one process served the three games
        assert pids[0] == pids[1] == pids[2]
        for out in outputs:
            lines = out.splitlines()
            assert lines and lines[0].startswith("call 1 random "), out
            assert [int(line.split()[1]) for line in lines] == list(range(1, len(lines) + 1))
        # the seed is the game's: the same seed plays the same, another not
        assert outputs[0] == outputs[1]
        assert outputs[0].splitlines()[0] != outputs[2].splitlines()[0]
    finally:
        WARM.close()


def test_a_forked_game_keeps_its_time_limit(tmp_path: Path, ttt: pybridge.Game) -> None:
    stuck = tmp_path / "stuck.pl"
    stuck.write_text(STUCK)
    try:
        with keeping_bots_loaded():
            for _ in range(2):
                x = bot(stuck, 1)
                result, _ = play(ttt, x, bot(EXAMPLES / "greedy.pl", 2))
                assert result.forfeit == "timeout", result
                # the host's own limit stopped it: the process answered
                assert "killed" not in result.reason, result.reason
    finally:
        WARM.close()


def test_kept_processes_end_when_closed(ttt: pybridge.Game) -> None:
    with keeping_bots_loaded():
        x, o = bot(EXAMPLES / "greedy.pl", 1), bot(EXAMPLES / "minimax.pl", 2)
        play(ttt, x, o)
    kept = [proc for proc, _ in WARM._kept.values()]
    assert len(kept) == 2
    WARM.close()
    for proc in kept:
        assert not alive(proc.pid)
    assert not WARM._kept


def test_without_keeping_every_game_has_its_own_process(ttt: pybridge.Game) -> None:
    pids = []
    for _ in range(2):
        x = bot(EXAMPLES / "greedy.pl", 1)
        with Match(ttt, {"x": x, "o": bot(EXAMPLES / "greedy.pl", 2)}) as match:
            match.run()
            assert x.process is not None
            pids.append(x.process.pid)
    assert pids[0] != pids[1]
    assert not WARM._kept


def test_a_kept_bot_plays_only_in_forked_games() -> None:
    with BotProcess(EXAMPLES / "greedy.pl", "tictactoe", "first", limits=LIMITS) as proc:
        assert proc.load(keep=True).ready
        reply = proc.move("state([e,e,e,e,e,e,e,e,e],x)", None, 1.0)
        assert reply.verdict == "crashed" and "forked" in reply.detail, reply
        assert proc.begin_game(3)
        assert proc.move(pybridge.load_game("tictactoe").initial_state().__str__(),
                         None, 1.0).verdict == "ok"
        assert proc.end_game()
        assert proc.begin_game(4) and proc.end_game()


def test_a_bot_not_loaded_to_keep_cannot_fork() -> None:
    with BotProcess(EXAMPLES / "greedy.pl", "tictactoe", "first", limits=LIMITS) as proc:
        assert proc.load().ready
        assert not proc.begin_game(3)


def test_a_refused_bot_is_not_kept(tmp_path: Path, ttt: pybridge.Game) -> None:
    bad = tmp_path / "bad.pl"
    bad.write_text("choose_move(_, _, M) :- shell(ls), M = 1.\n")
    with keeping_bots_loaded():
        x = bot(bad, 1)
        result, _ = play(ttt, x, bot(EXAMPLES / "greedy.pl", 2))
    assert result.forfeit == "refused"
    assert not WARM._kept


def loaded() -> BotProcess:
    proc = BotProcess(EXAMPLES / "greedy.pl", "tictactoe", "first", limits=LIMITS)
    assert proc.load(keep=True).ready
    return proc


def test_kept_processes_are_bounded_and_end_when_idle() -> None:
    warm = WarmBots(size=2, idle=0.4)
    procs = [loaded() for _ in range(3)]
    try:
        for i, proc in enumerate(procs):
            warm.give((i,), proc)
        # the oldest made room for the third
        assert not alive(procs[0].pid)
        assert warm.take((0,)) is None
        deadline = time.monotonic() + 5
        while any(alive(p.pid) for p in procs) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(not alive(p.pid) for p in procs), "idle processes left running"
        assert not warm._kept
    finally:
        for proc in procs:
            proc.close()


def test_a_game_copy_that_dies_is_reported_and_the_next_game_plays(ttt: pybridge.Game) -> None:
    proc = loaded()
    try:
        before = descendants(proc.pid)
        assert proc.begin_game(1)
        start = str(ttt.initial_state())
        assert proc.move(start, None, 1.0).verdict == "ok"
        # the game's copy: the one process that came with begin_game
        copies = [p for p in descendants(proc.pid) - before
                  if "--in-fd" in Path(f"/proc/{p}/cmdline").read_bytes().decode(errors="replace")]
        assert len(copies) == 1, copies
        os.kill(copies[0], signal.SIGKILL)
        reply = proc.move(start, None, 1.0)
        assert reply.verdict == "crashed", reply
        says(reply.detail, "game's process", "ended")
        assert not proc.end_game()
    finally:
        proc.close()
    # a player whose kept process failed starts another
    try:
        with keeping_bots_loaded():
            result, _ = play(ttt, bot(EXAMPLES / "greedy.pl", 1), bot(EXAMPLES / "greedy.pl", 2))
        assert result.forfeit is None
    finally:
        WARM.close()


def test_a_bot_that_loads_slowly_on_purpose_is_refused_in_time(tmp_path: Path,
                                                               ttt: pybridge.Game) -> None:
    # a kept bot's load has no time limit in its host (it will fork): a
    # student pads the file so that checking it takes long, hoping to hold
    # a worker; the caller's deadline ends it
    slow = tmp_path / "slow.pl"
    slow.write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]).\n" + "".join(
        f"p{i}(X) :- X > {i}, atom_length(abc, _), p{i + 1}(X).\n" for i in range(20000))
        + "p20000(_).\n")
    limits = Limits(stack_mb=64, grace=0.3, load_seconds=1.0)
    start = time.monotonic()
    proc = BotProcess(slow, "tictactoe", "first", limits=limits)
    try:
        hello = proc.load(keep=True)
        assert time.monotonic() - start < limits.load_seconds + 3
        assert hello.status == "refused", hello
        says(hello.detail, "loading", "more than 1")
        assert not proc.begin_game(1)
    finally:
        proc.close()
    assert not alive(proc.pid)
    try:
        with keeping_bots_loaded():
            x = BotPlayer(PlayerSpec.parse(str(slow)), move_time=1.0, limits=limits, seed=1)
            result, _ = play(ttt, x, bot(EXAMPLES / "greedy.pl", 2))
        assert result.forfeit == "refused"
        assert not WARM._kept
    finally:
        WARM.close()
