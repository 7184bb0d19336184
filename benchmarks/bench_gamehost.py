"""The game host (a game file's own jailed process) against the old way,
the file loaded into the referee's own Prolog engine (still reachable
through ``arena_bridge:load_file_game/6``, for this comparison only), on
the example Connect Four file (``examples/games/connect4.pl``), side by
side in one run:

- host start: a new host started and the file loaded, from the host's
  saved state and from source; and a new game's fresh copy forked from
  the kept host;
- one referee step (play_move: the new state, its player, moves and
  outcome) in-process vs in the host;
- a move of random games through the public API, the built-in
  connect4 against the file (one round trip a move: play_move's answer
  carries the new state's player, moves and outcome);
- the first Tab completion (a fresh state's valid moves and their
  texts) in-process vs in the host, and the game's own valid_moves/2
  with move texts timed inside Prolog;
- the general AI's playouts per second in the host vs in-process.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

import pybridge
from benchmarks.bench_equal_time import step_ratios
from benchmarks.table import print_table
from pybridge.engine import _prolog
from pybridge.host import game_host
from pybridge.host import saved_state
from pybridge.jail import sandbox
from pybridge.models.gamefile import GameFileRef, resolve

CONNECT4 = Path(__file__).resolve().parent.parent / "examples" / "games" / "connect4.pl"
STARTS = 5
STEPS = 200
SECONDS = 2.0


def _ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:7.2f} ms, min {min(samples) * 1000:7.2f} ms"


def cold_starts(*, saved_state: bool) -> list[float]:
    """Seconds to start a host and load the file, from the host's saved
    state or from source."""
    ref = resolve(CONNECT4)
    times = []
    before = os.environ.get(saved_state.ENV)
    if not saved_state:
        os.environ[saved_state.ENV] = "off"
    saved_state.reset()
    try:
        times = _starts(ref)
    finally:
        if before is None:
            os.environ.pop(saved_state.ENV, None)
        else:
            os.environ[saved_state.ENV] = before
        saved_state.reset()
    return times


def _starts(ref: GameFileRef) -> list[float]:
    times = []
    for _ in range(STARTS):
        host = game_host.GameHost(ref)
        start = time.perf_counter()
        host.request("rules", [], rule="rules/1")   # starts the host and loads the file
        times.append(time.perf_counter() - start)
        host.close()
    return times


def forked_starts() -> list[float]:
    """Seconds for a fresh copy of the loaded file for a new game (the
    kept host forks; initial_state/2 runs again in the copy)."""
    game = pybridge.load_game(str(CONNECT4))
    times = []
    for _ in range(STARTS * 4):
        start = time.perf_counter()
        game.begin()
        times.append(time.perf_counter() - start)
    return times


def game_line() -> list[str]:
    """A fixed line of play: columns in turn until the game ends."""
    game = pybridge.load_game(str(CONNECT4))
    state, moves = game.initial_state(), []
    i = 0
    while not state.is_over() and len(moves) < 40:
        move = state.valid_moves()[(i * 3) % len(state.valid_moves())]
        moves.append(move)
        state = state.move(move)
        i += 1
    return moves


def in_process_module() -> str:
    """The file loaded into this process's engine the old way."""
    base = f"bench_connect4_{time.monotonic_ns()}"
    got = _prolog.bridge("load_file_game", str(CONNECT4), "auto", base,
                         outputs=["Dialect", "Missing", "Present"])
    assert got is not None and not got["Missing"]
    return base


def steps_in_process(module: str, line: list[str]) -> list[float]:
    got = _prolog.call(f"arena_bridge:new_state({_prolog.atom(module)}, [], S)")
    assert got is not None
    times = []
    while len(times) < STEPS:
        state = _prolog.text(got["S"])
        for move in line:
            start = time.perf_counter()
            reply = _prolog.bridge("play_move", module, state, move, outputs=["Json"])
            times.append(time.perf_counter() - start)
            assert reply is not None
            state = json.loads(_prolog.text(reply["Json"]))["state"]
    return times


def steps_in_host(line: list[str]) -> list[float]:
    game = pybridge.load_game(str(CONNECT4))
    engine = game.engine
    times = []
    while len(times) < STEPS:
        state = str(game.initial_state())
        for move in line:
            start = time.perf_counter()
            facts = engine.play_move(state, move)
            times.append(time.perf_counter() - start)
            assert facts is not None
            state = facts.state
    return times


def first_tab(module: str, line: list[str]) -> tuple[list[float], list[float], list[float]]:
    """(in-process, host, the game's own valid_moves/2 + move texts inside
    Prolog) for fresh states along the line."""
    game = pybridge.load_game(str(CONNECT4))
    states = [game.initial_state()]
    for move in line[:-1]:
        states.append(states[-1].move(move))
    inproc, host, own = [], [], []
    for s in states:
        text = str(s)
        start = time.perf_counter()
        _prolog.bridge("move_descriptions", module, text, outputs=["Pairs"])
        inproc.append(time.perf_counter() - start)
        fresh = pybridge.State(game, text)
        start = time.perf_counter()
        fresh.move_descriptions()                  # what the shell's completer asks
        host.append(time.perf_counter() - start)
        got = _prolog.call(
            f"term_string(S_, {_prolog.atom(text)}), statistics(cputime, T0_), "
            f"{_prolog.atom(module)}:valid_moves(S_, Ms_), "
            f"maplist({_prolog.atom(module)}:move_text, Ms_, _), "
            "statistics(cputime, T1_), T is T1_ - T0_")
        assert got is not None
        own.append(float(got["T"]))
    return inproc, host, own


def playouts_in_host() -> float:
    found = pybridge.load_game(str(CONNECT4)).initial_state().search(SECONDS)
    assert found is not None
    return found.iterations / SECONDS


def playouts_in_process(module: str) -> float:
    got = _prolog.call(
        f"arena_gamefile:game_file_raw({_prolog.atom(module)}, R_), "
        f"arena_bridge:new_state({_prolog.atom(module)}, [], T_), term_string(S_, T_), "
        f"arena_ai_mcts:mcts_search(R_, S_, [seconds({SECONDS}), decisive(true)], search(N, _))")
    assert got is not None
    return float(got["N"]) / SECONDS


def main() -> None:
    print(f"game file: {CONNECT4.name}; {sandbox.describe(sandbox.current())}")
    print(f"host start and the file loaded, {STARTS} starts:")
    print(f"  cold, from the saved state: {_ms(cold_starts(saved_state=True))}")
    print(f"  cold, from source:          {_ms(cold_starts(saved_state=False))}")
    print(f"  forked, for a new game:     {_ms(forked_starts())}")
    line = game_line()
    module = in_process_module()
    print(f"referee step (play_move), {STEPS} steps:")
    print(f"  in-process (old): {_ms(steps_in_process(module, line))}")
    print(f"  in the host:      {_ms(steps_in_host(line))}")
    inproc, host, own = first_tab(module, line)
    print(f"first Tab (a fresh state's moves and texts), {len(host)} states:")
    print(f"  in-process (old): {_ms(inproc)}")
    print(f"  in the host:      {_ms(host)}")
    print(f"  the game's own valid_moves/2 + move texts (CPU): {_ms(own)}")
    print("a move of random games through the public API (valid_moves, move, game_over), "
          "µs (the goal: the same rules as a game file at most 2 x the built-in):")
    print_table(["rules", "µs a move", "ratio"], step_ratios())
    print(f"general AI playouts/s from the empty board ({SECONDS:g} s):")
    print(f"  in the host:      {playouts_in_host():8.0f}")
    print(f"  in-process (old): {playouts_in_process(module):8.0f}")


if __name__ == "__main__":
    main()
