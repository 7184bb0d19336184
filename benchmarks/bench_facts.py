"""What carrying a game's asserted facts with its states costs
(prolog/gamefile/facts.pl): random playouts per second of CPU and the
general AI's search iterations per second, side by side, on tic-tac-toe
written three ways:

- ``board_in_state.pl``: the board in the state, nothing asserted (its
  views are the plain ones: no cost);
- ``board_in_state_logged.pl``: the same, move/3 also asserting a
  played/1 fact per move, with its facts carried and without (the flag
  arena_game_facts off: its play does not read them, so it plays the
  same, but an undo or a search would leave them wrong);
- ``tests/gamefiles/course/asserted_board.pl``: the pieces themselves
  asserted facts (without carrying them it cannot play: not measured).

Each row runs in a swipl of its own, loading our own bench files through
prolog/gamefile/load.pl as the game host does (no jail, no host protocol).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from pybridge.engine._prolog import PROLOG_DIR

HERE = Path(__file__).resolve().parent
SECONDS = 2.0
ROWS = [
    ("board in state, asserts nothing", HERE / "facts" / "board_in_state.pl", "on"),
    ("move/3 logs played/1, facts carried", HERE / "facts" / "board_in_state_logged.pl", "on"),
    ("move/3 logs played/1, not carried", HERE / "facts" / "board_in_state_logged.pl", "off"),
    ("pieces asserted, facts carried",
     HERE.parent / "tests" / "gamefiles" / "course" / "asserted_board.pl", "on"),
]


def measure(path: Path, facts: str, seconds: float = SECONDS) -> tuple[bool, int, int, int]:
    """(facts carried, playouts, plies, search iterations) in ``seconds``."""
    goal = (f"use_module({str(PROLOG_DIR / 'gamefile')!r}), "
            f"use_module({str(PROLOG_DIR / 'ai' / 'mcts')!r}), "
            f"use_module({str(HERE / 'bench_facts')!r}), "
            f"bench({str(path)!r}, {facts}, {seconds}, row(C, N, P, I)), "
            "format('~w ~w ~w ~w~n', [C, N, P, I])")
    swipl = shutil.which("swipl") or "swipl"
    done = subprocess.run([swipl, "-q", "-f", "none", "-g", goal, "-t", "halt"],
                          capture_output=True, text=True, timeout=seconds * 4 + 60)
    found = re.search(r"^(true|false) (\d+) (\d+) (\d+)$", done.stdout, re.M)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"bench_facts failed: {done.stdout[-500:]} {done.stderr[-500:]}")
    carried, playouts, plies, iterations = found.groups()
    return carried == "true", int(playouts), int(plies), int(iterations)


def main() -> None:
    print(f"{'game':40} {'carried':>7} {'playouts/s':>11} {'plies/s':>9} {'search it/s':>12}")
    for name, path, facts in ROWS:
        carried, playouts, plies, iterations = measure(path, facts)
        print(f"{name:40} {'yes' if carried else 'no':>7} {playouts / SECONDS:11.0f} "
              f"{plies / SECONDS:9.0f} {iterations / SECONDS:12.0f}", flush=True)


if __name__ == "__main__":
    main()
