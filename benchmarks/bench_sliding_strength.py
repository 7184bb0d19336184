"""Sliding tic-tac-toe strength: the perfect player (level 3) against the
lower levels and the random example bot, 100 games each, seats
alternating. The game is a draw with perfect play, so level 3 should
never lose and should win what the weaker side gives away."""

from __future__ import annotations

import pybridge
from benchmarks.duel import DuelStats, duel
from benchmarks.table import print_table

RANDOM_BOT = "trusted:prolog/bots/examples/random.pl"
PAIRINGS = (("ai:3", RANDOM_BOT), ("ai:3", "ai:1"), ("ai:3", "ai:2"), ("ai:2", "ai:1"),
            ("ai:3", "ai:3"))


def main() -> None:
    game = pybridge.load_game("sliding")
    rows = []
    for a, b in PAIRINGS:
        stats = duel(game, a, b, 100, progress=False)
        if b == RANDOM_BOT:
            stats.b = "random.pl"
        rows.append(stats.row())
    print("Sliding tic-tac-toe (max_plies 60), 100 games a pairing, seats alternating")
    print_table(DuelStats.HEADERS, rows)
