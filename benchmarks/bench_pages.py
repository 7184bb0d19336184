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
from pybridge import signing
from benchmarks.table import print_table
from pybridge.replay.records import header_record, move_record, record_line, result_record
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
        lines = [record_line(header_record(game, seats))]
        ply = 0
        while not state.is_over():
            move = rng.choice(state.valid_moves())
            ply += 1
            lines.append(record_line(move_record(Ply(ply, state.current_player, move,
                                                     rng.randint(1, 90)))))
            state = state.move(move)
        plies += ply
        outcome = state.outcome()
        assert outcome is not None
        lines.append(record_line(result_record(Result(*outcome))))
        (out / replay).parent.mkdir(parents=True, exist_ok=True)
        (out / replay).write_bytes(b"".join(lines))  # no fsync per line: a bench's own files
        winner = {game.players[0]: a, game.players[1]: b}.get(outcome[0], "draw")
        games.append({"index": index, "first": a, "second": b, "winner": winner,
                      "reason": outcome[1], "forfeit": None, "replay": replay})
    doc = {"game": GAME, "options": game.options, "settings": {},
           "bots": [{"name": n, "path": None} for n in names], "games": games}
    (out / "standings.json").write_text(json.dumps(doc))
    # signed as a tournament signs its folder: the report counts only what it proves
    signing.Signer(out).sign("standings.json", *(g["replay"] for g in games))
    return plies


def open_times(pages: list[Path]) -> list[float] | str:
    """Seconds from navigation to the load event of each page in headless
    Chromium (Selenium and Debian's chromedriver), or why not measured."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return "Selenium not installed (pip install -e '.[test]')"
    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if binary is None or driver_path is None:
        return "chromium or chromedriver not found (make setup installs them)"
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        times = []
        for page in pages:
            driver.get("about:blank")
            driver.get(page.as_uri() + "#ply=5")
            ms = driver.execute_script(
                "var n = performance.getEntriesByType('navigation')[0];"
                "return document.getElementById('board').textContent ? n.loadEventEnd : -1;")
            times.append(float(ms) / 1000)
        return times
    finally:
        driver.quit()


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="arena-bench-pages-"))
    try:
        out = root / "c4"
        plies = synthetic_championship(out)
        t, cpu = time.perf_counter(), time.process_time()
        report = gather(out)
        derived = (time.perf_counter() - t, time.process_time() - cpu)
        t, cpu = time.perf_counter(), time.process_time()
        write_pages(report)
        pages = (time.perf_counter() - t, time.process_time() - cpu)
        games = len(report.rebuilt)
        sizes = [p.stat().st_size for p in (out / "games").iterdir()]
        # CPU seconds too: on a shared machine the wall clock says more about the neighbours
        print_table(["30 entrants, 870 games", "games", "plies", "s", "CPU s", "ms per game"],
                    [["results from verified logs", games, plies, *derived,
                      derived[0] / games * 1000],
                     ["pages (index + one per game)", games, plies, *pages,
                      pages[0] / games * 1000]])
        print(f"game pages: median {statistics.median(sizes) / 1024:.1f} KB, "
              f"largest {max(sizes) / 1024:.1f} KB; index.html "
              f"{(out / 'index.html').stat().st_size / 1024:.0f} KB")
        files = sorted((out / "games").iterdir(), key=lambda p: p.stat().st_size)
        sample = files[-10:] + random.Random(2).sample(files[:-10], 20)
        opened = open_times(sample)
        if isinstance(opened, str):
            print(f"opening in Chromium: not measured: {opened}")
        else:
            print(f"opening a game page at #ply=5 in headless Chromium ({len(sample)} pages, "
                  f"the 10 largest among them): median {statistics.median(opened) * 1000:.0f} ms, "
                  f"slowest {max(opened) * 1000:.0f} ms")
    finally:
        shutil.rmtree(root, ignore_errors=True)
