"""Bots in their own processes: games per second in a round robin of 10
example bots at sliding tic-tac-toe with 2 worker processes (each keeps
every bot loaded and plays each game in a fresh fork of it), the cost of
a process start against a fork, and of one bot move through the process
protocol against one in-process ai:1 move on the same positions."""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import pybridge
from benchmarks.table import print_table
from pybridge.host import saved_state
from pybridge.bots.player import KEEP_ENV, BotPlayer, BotProcess
from pybridge.play.players import PlayerSpec
from pybridge.championship.tournament import Referee, Settings, Transport, run_tournament
EXAMPLES = Path(__file__).resolve().parent.parent / "prolog" / "bots" / "examples"

ROUND_ROBIN = [
    "greedy.pl:1", "greedy.pl:2", "minimax.pl:1", "minimax.pl:2", "minimax.pl:3",
    "first_move.pl", "value_pfl4.pl:1", "value_pfl4.pl:2", "sliding_classic.pl",
    "sliding_pfl.pl",
]
MOVES = 300


def positions(game: pybridge.Game, n: int) -> list[pybridge.State]:
    """``n`` positions from seeded random games, none of them over."""
    rng = random.Random(3)
    out: list[pybridge.State] = []
    while len(out) < n:
        s = game.initial_state()
        while not s.is_over() and len(out) < n:
            out.append(s)
            s = s.move(rng.choice(s.valid_moves()))
    return out


#: How the bots' processes start: (label, environment).
MODES = [
    ("source", "from source, a process a game", {saved_state.ENV: "off", KEEP_ENV: "0"}),
    ("state", "saved state, a process a game", {KEEP_ENV: "0"}),
    ("kept", "saved state, kept, a fork a game", {}),
]


def round_robin(label: str, env: dict[str, str]) -> list[object]:
    specs = [str(EXAMPLES / name) for name in ROUND_ROBIN]
    saved = {k: os.environ.get(k) for k in (saved_state.ENV, KEEP_ENV)}
    os.environ.update(env)  # the workers inherit it
    saved_state.reset()
    try:
        with tempfile.TemporaryDirectory(prefix="arena-bench-") as out:
            start = time.perf_counter()
            result = run_tournament("sliding",
                                    specs,
                                    out=Path(out) / "t",
                                    settings=Settings(referee=Referee(move_time=1.0), transport=Transport(jobs=2)))
            wall = time.perf_counter() - start
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        saved_state.reset()
    games = len(result.records)
    plies = sum(r.plies for r in result.records)
    forfeits = sum(1 for r in result.records if r.forfeit)
    return [label, len(specs), games, plies, forfeits, wall, games / wall, plies / wall]


def round_robins(runs: int = 2) -> list[list[object]]:
    """The ways to start the bots alternating, ``runs`` times each, then
    each one's median games/s against the first's."""
    rows = [round_robin(label, env) for _ in range(runs) for _, label, env in MODES]
    median = {short: statistics.median(float(r[6]) for r in rows if r[0] == label)
              for short, label, _ in MODES}
    base = MODES[0][0]
    for short, _, _ in MODES[1:]:
        rows.append([f"ratio of medians, {short} / {base}", "", "", "", "", "",
                     median[short] / median[base], ""])
    return rows


def move_costs() -> list[list[object]]:
    game = pybridge.load_game("sliding")
    states = positions(game, MOVES)
    rows: list[list[object]] = []

    # process start: spawn, load the game, read and check the bot
    starts = []
    for _ in range(10):
        t = time.perf_counter()
        with BotProcess(EXAMPLES / "greedy.pl", "sliding", "first") as proc:
            proc.load()
        starts.append(time.perf_counter() - t)

    # a game's fresh copy of a kept bot (tournament workers): fork, then end
    forks = []
    with BotProcess(EXAMPLES / "greedy.pl", "sliding", "first") as proc:
        proc.load(keep=True)
        for seed in range(30):
            t = time.perf_counter()
            assert proc.begin_game(seed) and proc.end_game()
            forks.append(time.perf_counter() - t)

    bot = BotPlayer(PlayerSpec.parse(f"{EXAMPLES / 'greedy.pl'}:1"), move_time=5)
    bot.start(game, "x")
    try:
        t = time.perf_counter()
        for s in states:
            assert bot.choose(s, None, seconds=5).verdict == "ok"
        per_bot = (time.perf_counter() - t) / len(states)
    finally:
        bot.close()

    t = time.perf_counter()
    for s in states:
        s.choose_move(1)
    per_ai = (time.perf_counter() - t) / len(states)

    rows.append(["bot process start + load + check", 10, statistics.median(starts) * 1e3, ""])
    rows.append(["a game's copy of a kept bot (fork + end)", len(forks),
                 statistics.median(forks) * 1e3, ""])
    rows.append(["bot move (greedy.pl:1, random), process protocol", len(states), per_bot * 1e3,
                 per_bot / per_ai])
    rows.append(["ai:1 move, in-process", len(states), per_ai * 1e3, 1.0])
    return rows


def main() -> None:
    print("sliding round robin, --jobs 2, --move-time 1, 2 games per pair:")
    print_table(["bots' processes", "bots", "games", "plies", "forfeits", "wall s", "games/s",
                 "plies/s"], round_robins())
    print()
    print("one move on the same sliding positions:")
    print_table(["what", "n", "ms each", "x ai:1"], move_costs())


if __name__ == "__main__":
    main()
