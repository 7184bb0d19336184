"""Positions compared per second by ``arena cross-check`` (pybridge.testing):
a Prolog game against a built-in Prolog game and against a Python
reference, each pair for a few seconds of random lines. The default run
(built-in games and a small game file) takes about 20 s."""

from __future__ import annotations

from pathlib import Path

from benchmarks.table import print_table
from pybridge.testing import compare_lines

SECONDS = 4.0
ROOT = Path(__file__).resolve().parent.parent

#: (what, game, reference, options)
PAIRS = [
    ("built-in vs built-in Prolog", "tictactoe", "tictactoe", {}),
    ("game file (jailed) vs built-in", str(ROOT / "tests/gamefiles/crosscheck/tictactoe.pl"),
     "tictactoe", {}),
    ("built-in vs Python reference", "tictactoe", str(ROOT / "tests/reference/tictactoe.py"), {}),
    ("built-in vs Python reference", "trike", str(ROOT / "tests/reference/trike.py"), {"size": 5}),
]


def main() -> None:
    rows = []
    for what, game, reference, options in PAIRS:
        summary = compare_lines(game, reference, games=10**6, seed=1, options=options,
                                seconds=SECONDS)
        assert summary.difference is None, summary.difference.report()
        name = Path(game).name if "/" in game else game
        size = "".join(f" {k}={v}" for k, v in options.items())
        rows.append([f"{name}{size}", what, summary.games, summary.positions,
                     summary.positions / summary.seconds])
    print(f"Positions compared per second (random lines, {SECONDS:g} s each)")
    print_table(["game", "against", "games", "positions", "positions/s"], rows)
