"""The general AI at equal time against OpenSpiel's Python MCTS, with the
step ratio of the game file it plays, side by side in one run:

- a game file's step against the same rules built in: random games
  through the public API (``State.valid_moves``, ``State.move``,
  ``State.game_over``), µs a move, for Connect Four: the built-in
  ``connect4``, its rules as a game file
  (``benchmarks/games/connect4_same_rules.pl``) and the example file
  ``examples/games/connect4.pl``, whose simpler rules cost more;
- ``mcts:5`` on that file at a move time of 1 s (as ``arena play
  --move-time 1``) against OpenSpiel's ``MCTSBot`` (random rollouts,
  solver) on ``connect_four`` given the same time a move (its
  simulations a move follow its own rate so far, so that its moves take
  about the time too), seats alternating; both sides' mean and longest
  move are printed;
- the same against OpenSpiel's C++ ``MCTSBot`` (random rollouts,
  solver), held to the move time by its own wall clock.

``ARENA_BENCH_DUEL_GAMES`` sets the games (default 30: long; a short
check: 4) and ``ARENA_BENCH_MOVE_TIME`` the seconds a move (default 1).
Without OpenSpiel (``pip install 'prolog-arena[bench]'``) the duel is
skipped."""

from __future__ import annotations

import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import pybridge
from benchmarks.table import print_table
from pybridge.host import game_engine
from pybridge.games.game import load_game_file

CONNECT4_FILE = Path(__file__).resolve().parent.parent / "examples" / "games" / "connect4.pl"
SAME_RULES_FILE = Path(__file__).resolve().parent / "games" / "connect4_same_rules.pl"
GAMES = int(os.environ.get("ARENA_BENCH_DUEL_GAMES", "30"))
MOVE_TIME = float(os.environ.get("ARENA_BENCH_MOVE_TIME", "1"))
LEVEL = 5
STEP_GAMES = 30


def step_ratios(rounds: int = 5) -> list[list[str]]:
    """Rows of µs a move: the built-in connect4, the same rules as a game
    file (benchmarks/games/connect4_same_rules.pl) and the example file
    (its own simpler rules), each warmed, then measured in alternating
    rounds (the median of ``rounds``: this machine is shared)."""
    games = {"built-in connect4, in-process": pybridge.load_game("connect4"),
             "its rules as a game file, in its host": load_game_file(str(SAME_RULES_FILE)),
             "examples/games/connect4.pl (simpler rules), in its host":
                 load_game_file(str(CONNECT4_FILE))}
    times: dict[str, list[float]] = {name: [] for name in games}
    for game in games.values():
        step_us(game, 3)
    for _ in range(rounds):
        for name, game in games.items():
            times[name].append(step_us(game, STEP_GAMES // rounds))
    base = statistics.median(times["built-in connect4, in-process"])
    return [[name, f"{statistics.median(t):,.0f}", f"{statistics.median(t) / base:.2f}"]
            for name, t in times.items()]


def step_us(game: pybridge.Game, games: int = STEP_GAMES) -> float:
    """µs a move of random games through the public API."""
    rng = random.Random(7)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.initial_state()
        while state.game_over() is None:
            state = state.move(rng.choice(state.valid_moves()))
            moves += 1
    return (time.perf_counter() - start) / moves * 1e6


def spiel_bot(seed: int) -> tuple[Any, Any, Any] | None:
    """OpenSpiel's connect_four, its MCTS bot and the bot's class, or None."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts
    except ImportError:
        return None
    spiel = pyspiel.load_game("connect_four")
    bot = os_mcts.MCTSBot(spiel, 2, 100,
                          os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                          random_state=np.random.RandomState(1000 + seed), solve=True)
    return spiel, bot, os_mcts


class TimedSpiel:
    """OpenSpiel's bot held to about ``seconds`` a move: its simulations a
    move are its rate at its last move times the time (the rate grows as
    the board fills)."""

    def __init__(self, bot: Any, seconds: float) -> None:
        self.bot = bot
        self.seconds = seconds
        self.rate = 300.0
        self.times: list[float] = []

    def step(self, state: Any) -> int:
        sims = max(10, int(self.rate * self.seconds))
        self.bot.max_simulations = sims
        start = time.monotonic()
        action = int(self.bot.step(state))
        took = time.monotonic() - start
        self.rate = sims / max(took, 1e-3)
        self.times.append(took)
        return action


class ClockedSpiel:
    """OpenSpiel's C++ MCTSBot (random rollouts, solver), held to
    ``seconds`` a move by its own wall clock."""

    def __init__(self, seed: int, seconds: float) -> None:
        import pyspiel
        self.bot = pyspiel.MCTSBot(pyspiel.load_game("connect_four"),
                                   pyspiel.RandomRolloutEvaluator(1, seed), 2.0, 10**9, 500,
                                   True, 1000 + seed, False, pyspiel.ChildSelectionPolicy.UCT,
                                   seconds)
        self.times: list[float] = []

    def step(self, state: Any) -> int:
        start = time.monotonic()
        action = int(self.bot.step(state))
        self.times.append(time.monotonic() - start)
        return action


def equal_time_duel(games: int, seconds: float, *, cpp: bool = False) -> list[object] | None:
    """``mcts:LEVEL`` on the Connect Four file against OpenSpiel's MCTS
    (Python, or C++ with ``cpp``) at ``seconds`` a move each; None
    without OpenSpiel."""
    file_game = load_game_file(str(CONNECT4_FILE))
    won = drawn = lost = 0
    mine: list[float] = []
    theirs: list[float] = []
    for i in range(games):
        got = spiel_bot(i)
        if got is None:
            return None
        spiel, bot, _ = got
        timed: TimedSpiel | ClockedSpiel = (ClockedSpiel(i, seconds) if cpp
                                            else TimedSpiel(bot, seconds))
        file_game.seed(i)
        file_game.begin()
        s, o = file_game.initial_state(), spiel.new_initial_state()
        me = ("x", "o")[i % 2]
        while not s.is_over():
            if s.current_player == me:
                start = time.monotonic()
                move, _note = s.choose(LEVEL, seconds=seconds, general=True)
                mine.append(time.monotonic() - start)
            else:
                move = str(timed.step(o) + 1)
            s = s.move(move)
            o.apply_action(int(move) - 1)
        theirs += timed.times
        winner = s.game_over()
        won += winner == me
        drawn += winner == "draw"
        lost += winner not in (me, "draw")
    score = (won + drawn / 2) / games
    kind = "C++" if cpp else "Python"
    return [f"mcts:{LEVEL} (file) vs OpenSpiel MCTS ({kind}), {seconds:g} s a move", games,
            won, drawn, lost, f"{100 * score:.0f}%",
            f"{statistics.mean(mine):.2f}", f"{max(mine):.2f}",
            f"{statistics.mean(theirs):.2f}", f"{max(theirs):.2f}"]


def main() -> None:
    rows = step_ratios()
    print("Connect Four, random games through the public API, µs a move "
          "(the goal: the same rules as a game file at most 2 x the built-in):")
    print_table(["rules", "µs a move", "ratio"], rows)
    game_engine.set_search_workers(1)
    row = equal_time_duel(GAMES, MOVE_TIME)
    if row is None:
        print("\nOpenSpiel not installed (pip install 'prolog-arena[bench]'): its duel skipped")
        return
    cpp = equal_time_duel(GAMES, MOVE_TIME, cpp=True)
    print(f"\nequal time, {GAMES} games, seats alternating (the example file's step "
          f"ratio {rows[2][2]}):")
    print_table(["duel", "games", "won", "drawn", "lost", "score", "mean s", "max s",
                 "their mean s", "their max s"], [row] + ([cpp] if cpp else []))


if __name__ == "__main__":
    main()
