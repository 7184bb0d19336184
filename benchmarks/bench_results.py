"""What a results folder's safety costs: one atomic write through no link
(temporary file, fsync, rename, folder fsync) beside the plain
write-then-rename it replaced, and `arena report` deriving every result
from its log (each game replayed through the rules) on a Connect Four
championship of built-in players."""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.table import print_table
from pybridge.report.results import gather
from pybridge.report.html import write_pages
from pybridge.safeio import write_inside
from pybridge.championship.tournament import Schedule, Settings, run_tournament

WRITES = 200
LOG = b'{"type":"move","ply":1,"player":"x","move":"4","ms":12}\n' * 40


def _plain(path: Path, data: bytes) -> None:
    """The write it replaced: PATH.tmp opened by name (a link there is followed)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="arena-bench-results-"))
    try:
        (root / "plain" / "replays").mkdir(parents=True)
        (root / "safe").mkdir()
        times: dict[str, list[float]] = {"plain": [], "safe": []}
        for i in range(WRITES):
            for mode in (("plain", "safe") if i % 2 == 0 else ("safe", "plain")):
                t = time.perf_counter()
                if mode == "plain":
                    _plain(root / "plain" / "replays" / f"{i:04d}.jsonl", LOG)
                else:
                    write_inside(root / "safe", f"replays/{i:04d}.jsonl", LOG)
                times[mode].append(time.perf_counter() - t)
        print_table(["write of a 2 KB log", "median ms", "p90 ms"],
                    [[m, statistics.median(v) * 1000, sorted(v)[int(len(v) * 0.9)] * 1000]
                     for m, v in times.items()])
        out = root / "c4"
        run_tournament("connect4",
                       ["random", "ai:1", "ai:2", "ai:3"],
                       out=out,
                       settings=Settings(schedule=Schedule(games_per_pair=4)))
        t = time.perf_counter()
        report = gather(out)
        derived = time.perf_counter() - t
        t = time.perf_counter()
        write_pages(report)
        pages = time.perf_counter() - t
        plies = sum(len(r.positions) - 1 for r in report.rebuilt.values())
        print()
        print_table(["arena report", "games", "plies", "s", "ms per ply"],
                    [["results from verified logs", len(report.rebuilt), plies, derived,
                      derived / plies * 1000],
                     ["pages (index + one per game)", len(report.rebuilt), plies, pages,
                      pages / plies * 1000]])
    finally:
        shutil.rmtree(root, ignore_errors=True)
