"""Sliding tic-tac-toe strength: the perfect player (level 3) against the
lower levels, the random example bot and the classic-protocol example
bot (its own process, as a student's bot runs), 100 games each, seats
alternating. The game is a draw with perfect play, so level 3 should
never lose and should win what the weaker side gives away."""

from __future__ import annotations

import pybridge
from benchmarks.duel import DuelStats, duel
from benchmarks.table import print_table

RANDOM_BOT = "trusted:prolog/bots/examples/random.pl"
CLASSIC_BOT = "prolog/bots/examples/sliding_classic.pl"  # sandboxed, classic protocol
PAIRINGS = (("ai:3", RANDOM_BOT), ("ai:3", CLASSIC_BOT), ("ai:3", "ai:1"), ("ai:3", "ai:2"),
            ("ai:2", "ai:1"), ("ai:3", "ai:3"))


def main() -> None:
    game = pybridge.load_game("sliding")
    rows = []
    for a, b in PAIRINGS:
        stats = duel(game, a, b, 100, progress=False)
        if b in (RANDOM_BOT, CLASSIC_BOT):
            stats.b = b.rsplit("/", 1)[1]
        rows.append(stats.row())
    print("Sliding tic-tac-toe (max_plies 60), 100 games a pairing, seats alternating")
    print_table(DuelStats.HEADERS, rows)
