"""What the jail costs: games per second in a round robin of example bots
at sliding tic-tac-toe (in this process, --jobs 1, kept bots forking a
game each) with the jail as it is (a pids and a memory cgroup per host,
every other process killed after each move and between games, the host
stopped between its moves), with the sweep finding processes by pid
namespace (a machine without cgroups), and without any of it (the arena
before the jail), side by side in one run; and the cost of one process
start and of one game's fork in each."""

from __future__ import annotations

import contextlib
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks.table import print_table
from pybridge.jail import cgroups
from pybridge.jail import processes as jail
from pybridge.bots.player import WARM, BotProcess, keeping_bots_loaded
from pybridge.championship.tournament import Referee, Settings, Transport, run_tournament
EXAMPLES = Path(__file__).resolve().parent.parent / "prolog" / "bots" / "examples"

ROUND_ROBIN = ["greedy.pl:1", "greedy.pl:2", "minimax.pl:1", "first_move.pl",
               "sliding_classic.pl", "sliding_pfl.pl"]


@contextlib.contextmanager
def mode(name: str) -> Iterator[None]:
    """``cgroups`` (the jail as it is), ``pidns`` (no cgroups: the sweep
    reads /proc) or ``before`` (no cgroups, no sweep, no stops)."""
    saved = (cgroups.controllers, jail.Jail.sweep, jail.Jail.game_ended, jail.Jail.pause,
             jail.Jail.resume)
    if name != "cgroups":
        cgroups.controllers = lambda: {}  # type: ignore[assignment]
    if name == "before":
        jail.Jail.sweep = lambda self: 0  # type: ignore[method-assign]
        jail.Jail.game_ended = lambda self, *, timeout: True  # type: ignore[method-assign]
        jail.Jail.pause = jail.Jail.resume = lambda self: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        (cgroups.controllers, jail.Jail.sweep, jail.Jail.game_ended,  # type: ignore[method-assign]
         jail.Jail.pause, jail.Jail.resume) = saved
        WARM.close()


MODES = [("before", "none of it (before the jail)"),
         ("pidns", "no cgroups: sweep by pid namespace, stops"),
         ("cgroups", "pids + memory cgroups, sweep, stops")]


def round_robin(name: str, label: str) -> list[object]:
    specs = [str(EXAMPLES / n) for n in ROUND_ROBIN]
    with mode(name), keeping_bots_loaded(), \
            tempfile.TemporaryDirectory(prefix="arena-bench-") as out:
        start = time.perf_counter()
        result = run_tournament("sliding",
                                specs,
                                out=Path(out) / "t",
                                settings=Settings(referee=Referee(move_time=1.0), transport=Transport(jobs=1)))
        wall = time.perf_counter() - start
    games = len(result.records)
    plies = sum(r.plies for r in result.records)
    forfeits = sum(1 for r in result.records if r.forfeit)
    return [label, games, plies, forfeits, wall, games / wall, plies / wall]


def round_robins(runs: int = 2) -> list[list[object]]:
    rows = [round_robin(name, label) for _ in range(runs) for name, label in MODES]
    median = {name: statistics.median(float(r[5]) for r in rows if r[0] == label)
              for name, label in MODES}
    for name, _ in MODES[1:]:
        rows.append([f"ratio of medians, {name} / before", "", "", "", "",
                     median[name] / median["before"], ""])
    return rows


def process_costs() -> list[list[object]]:
    rows: list[list[object]] = []
    for name, label in MODES:
        with mode(name):
            starts = []
            for _ in range(8):
                t = time.perf_counter()
                with BotProcess(EXAMPLES / "greedy.pl", "sliding", "first") as proc:
                    proc.load()
                starts.append(time.perf_counter() - t)
            forks = []
            with BotProcess(EXAMPLES / "greedy.pl", "sliding", "first") as proc:
                proc.load(keep=True)
                for seed in range(20):
                    t = time.perf_counter()
                    assert proc.begin_game(seed) and proc.end_game()
                    forks.append(time.perf_counter() - t)
        rows.append([label, statistics.median(starts) * 1e3, statistics.median(forks) * 1e3])
    return rows


def main() -> None:
    print(f"jail here: {cgroups.describe()}")
    print("sliding round robin, --jobs 1, --move-time 1, kept bots, 2 games per pair:")
    print_table(["jail", "games", "plies", "forfeits", "wall s", "games/s", "plies/s"],
                round_robins())
    print()
    print("greedy.pl at sliding, medians:")
    print_table(["jail", "start + load + close ms", "game fork + end ms"], process_costs())


if __name__ == "__main__":
    main()
