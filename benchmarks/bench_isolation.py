"""The cost of isolating bots: a bot process's start (spawn, load the
game, read and check the bot) and one move's round trip, with bubblewrap
and without, measured side by side in one run (the two modes alternate,
so that load on the machine falls on both alike)."""

from __future__ import annotations

import random
import statistics
import time
from pathlib import Path

import pybridge
from benchmarks.table import print_table
from pybridge.host.bot_host import BotPlay, BotProcess

EXAMPLES = Path(__file__).resolve().parent.parent / "prolog" / "bots" / "examples"
BOT = EXAMPLES / "greedy.pl"
STARTS = 20
MOVES = 300


def positions(game: pybridge.Game, n: int) -> list[str]:
    rng = random.Random(3)
    out: list[str] = []
    while len(out) < n:
        s = game.initial_state()
        while not s.is_over() and len(out) < n:
            out.append(str(s))
            s = s.move(rng.choice(s.valid_moves()))
    return out


def main() -> None:
    game = pybridge.load_game("sliding")
    states = positions(game, MOVES)
    starts: dict[str, list[float]] = {"bwrap": [], "none": []}
    moves: dict[str, list[float]] = {"bwrap": [], "none": []}
    for i in range(STARTS):
        for mode in (("bwrap", "none") if i % 2 == 0 else ("none", "bwrap")):
            t = time.perf_counter()
            with BotProcess(BOT, "sliding", "first", play=BotPlay(level=1), isolation=mode) as proc:
                assert proc.load().ready
                starts[mode].append(time.perf_counter() - t)
                if i < 2:
                    for state in states:
                        t = time.perf_counter()
                        assert proc.move(state, None, 5.0).verdict == "ok"
                        moves[mode].append(time.perf_counter() - t)
    rows = []
    for what, data in (("process start + load + check", starts), ("one move's round trip", moves)):
        with_ = statistics.median(data["bwrap"]) * 1e3
        without = statistics.median(data["none"]) * 1e3
        rows.append([what, len(data["bwrap"]), with_, without, with_ - without, with_ / without])
    print("greedy.pl:1 at sliding, medians:")
    print_table(["what", "n each", "bwrap ms", "none ms", "cost ms", "ratio"], rows)


if __name__ == "__main__":
    main()
