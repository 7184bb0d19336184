"""Trike strength: the built-in levels against the course baseline bot
(``prolog/bots/examples/trike_course_ai.pl``) on the default board (size
7), seats alternating. Level 3 is Monte Carlo tree search bounded to 2 s
of wall time a move (it stops sooner once the best move is settled)."""

from __future__ import annotations

import time

import pybridge
from benchmarks.duel import DuelStats, duel
from benchmarks.table import print_table

COURSE_AI = "trusted:prolog/bots/examples/trike_course_ai.pl"
MATCHES = (("ai:1", 100), ("ai:2", 100), ("ai:3", 100))


def main() -> None:
    game = pybridge.load_game("trike")
    rows = []
    for spec, games in MATCHES:
        start = time.monotonic()
        stats = duel(game, spec, COURSE_AI, games)
        rows.append([*stats.row(), f"{time.monotonic() - start:.0f}"])
    print("Trike (size 7) against trike_course_ai, seats alternating; "
          "level 3 = MCTS, 2 s a move at most")
    print_table([*DuelStats.HEADERS, "wall s"], rows)
