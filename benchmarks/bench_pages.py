"""The published games at scale: a synthetic 30-entrant Connect Four
championship (870 games, every pair in both seats, random play written
straight to replay logs) turned into its pages by ``arena report``, and
how long one game page takes to open in headless Chromium."""

from __future__ import annotations

import json
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import pybridge
from benchmarks.table import print_table
from pybridge.replay import ReplayWriter
from pybridge.report.html import write_pages
from pybridge.report.results import gather
from pybridge.types import Ply, Result

ENTRANTS = 30
GAME = "connect4"


def synthetic_championship(out: Path, entrants: int = ENTRANTS, *, seed: int = 1) -> int:
    """Writes ``out/standings.json`` and one random game's log per ordered
    pair of ``entrants`` built-in-named players; returns the plies written."""
    rng = random.Random(seed)
    game = pybridge.load_game(GAME)
    names = [f"bot{i:02d}" for i in range(entrants)]
    games, plies = [], 0
    pairs = [(a, b) for a in names for b in names if a != b]
    for index, (a, b) in enumerate(pairs):
        replay = f"replays/{index + 1:04d}.jsonl"
        seats = dict(zip(game.players, ("random", "random")))
        state = game.initial_state()
        with ReplayWriter.create(out / replay, game, seats) as log:
            ply = 0
            while not state.is_over():
                move = rng.choice(state.valid_moves())
                ply += 1
                log.move(Ply(ply, state.current_player, move, rng.randint(1, 90)))
                state = state.move(move)
            plies += ply
            outcome = state.outcome()
            assert outcome is not None
            log.result(Result(*outcome))
        winner = {game.players[0]: a, game.players[1]: b}.get(outcome[0], "draw")
        games.append({"index": index, "first": a, "second": b, "winner": winner,
                      "reason": outcome[1], "forfeit": None, "replay": replay})
    doc = {"game": GAME, "options": game.options, "settings": {},
           "bots": [{"name": n, "path": None} for n in names], "games": games}
    (out / "standings.json").write_text(json.dumps(doc))
    return plies


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="arena-bench-pages-"))
    try:
        out = root / "c4"
        t = time.perf_counter()
        plies = synthetic_championship(out)
        made = time.perf_counter() - t
        t = time.perf_counter()
        report = gather(out)
        derived = time.perf_counter() - t
        t = time.perf_counter()
        write_pages(report)
        pages = time.perf_counter() - t
        games = len(report.rebuilt)
        sizes = [p.stat().st_size for p in (out / "games").iterdir()]
        print_table(["30 entrants, 870 games", "games", "plies", "s", "ms per game"],
                    [["synthetic logs written", games, plies, made, made / games * 1000],
                     ["results from verified logs", games, plies, derived, derived / games * 1000],
                     ["pages (index + one per game)", games, plies, pages, pages / games * 1000]])
        print(f"game pages: median {statistics.median(sizes) / 1024:.1f} KB, "
              f"largest {max(sizes) / 1024:.1f} KB; index.html "
              f"{(out / 'index.html').stat().st_size / 1024:.0f} KB")
    finally:
        shutil.rmtree(root, ignore_errors=True)
