"""Alliances strength: the built-in levels against the course baseline bots
(``prolog/bots/examples/alliances_course_medium.pl`` and
``alliances_course_hard.pl``), seats alternating. Level 3 is a two-ply
alpha-beta search over the cells on shortest connections and fencing walls,
stopped after 1.8 s of wall time at most (it usually finishes far sooner)."""

from __future__ import annotations

import time

import pybridge
from benchmarks.duel import DuelStats, duel
from benchmarks.table import print_table

MEDIUM = "trusted:prolog/bots/examples/alliances_course_medium.pl"
HARD = "trusted:prolog/bots/examples/alliances_course_hard.pl"
MATCHES = (
    (MEDIUM, "ai:1", 20),
    (HARD, MEDIUM, 20),
    ("ai:2", MEDIUM, 20),
    ("ai:3", MEDIUM, 20),
    ("ai:3", HARD, 100),
)


def main() -> None:
    game = pybridge.load_game("alliances")
    rows = []
    for a, b, games in MATCHES:
        start = time.monotonic()
        stats = duel(game, a, b, games)
        row = stats.row()
        row[:2] = [_short(a), _short(b)]
        rows.append([*row, f"{time.monotonic() - start:.0f}"])
    print("Alliances against the course bots, seats alternating; "
          "level 3 = 2-ply alpha-beta, 1.8 s a move at most")
    print_table([*DuelStats.HEADERS, "wall s"], rows)


def _short(spec: str) -> str:
    return spec.rsplit("/", 1)[-1].removesuffix(".pl")
