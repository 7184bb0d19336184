"""Connect Four strength: every built-in level against the course baseline
bot (``prolog/bots/examples/c4_course_ai.pl``) and against the level below,
100 games each on the default 7x6 board, seats alternating. The games of
a pairing are split in two halves played side by side in two processes
(each with its own Prolog), so that the whole benchmark stays within
minutes; ms/move is wall time per move as each process saw it."""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor

import pybridge
from benchmarks.duel import DuelStats, duel
from benchmarks.table import print_table

COURSE_AI = "trusted:prolog/bots/examples/c4_course_ai.pl"
GAMES = 100
PAIRINGS = (
    ("ai:1", COURSE_AI), ("ai:2", COURSE_AI), ("ai:3", COURSE_AI), ("ai:4", COURSE_AI),
    ("ai:2", "ai:1"), ("ai:3", "ai:2"), ("ai:4", "ai:3"),
)
TARGETS = {("ai:3", COURSE_AI): 0.9, ("ai:4", "ai:3"): 0.6}


def half(job: tuple[str, str, int, int]) -> DuelStats:
    """One half of a pairing's games, in a worker process."""
    a, b, games, seed = job
    return duel(pybridge.load_game("connect4"), a, b, games, seed=seed, progress=False)


def merge(parts: list[DuelStats]) -> DuelStats:
    total = DuelStats(parts[0].a, parts[0].b)
    for p in parts:
        total.games += p.games
        total.wins += p.wins
        total.draws += p.draws
        total.losses += p.losses
        total.ms_a.extend(p.ms_a)
        total.ms_b.extend(p.ms_b)
    return total


def name(spec: str) -> str:
    return "course AI" if spec == COURSE_AI else spec


def main() -> None:
    start = time.monotonic()
    jobs = [(a, b, GAMES // 2, seed) for a, b in PAIRINGS for seed in (1, 2)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        halves = list(pool.map(half, jobs))
    rows = []
    for i, (a, b) in enumerate(PAIRINGS):
        stats = merge(halves[2 * i:2 * i + 2])
        stats.a, stats.b = name(a), name(b)
        target = TARGETS.get((a, b))
        verdict = "-" if target is None else (
            f">= {target:.0%}: " + ("met" if stats.wins >= target * stats.games else "NOT met"))
        rows.append([*stats.row(), verdict])
    print(f"Connect Four 7x6, {GAMES} games a pairing, seats alternating "
          f"(level 3: bitboard alpha-beta 8 plies, 10 from 24 empty cells, exact from 14; "
          f"level 4: iterative deepening + table, 2 s, at least 9 plies)")
    print_table([*DuelStats.HEADERS, "target (A wins)"], rows)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"(wall {time.monotonic() - start:.0f} s, two processes; load average at the end {load})")
