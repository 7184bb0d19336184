"""Built-in AIs against the move time: whole games on a game file, every
move's time (as the referee measures it, the host's round trip
included) divided by the move time. The target: no move over 1.3.

- the general AI at level 3 (0.25 s of its own) and level 6 (2 s of its
  own, so the move time cuts it) on the file copy of Connect Four
  (``examples/games/connect4.pl``), both seats, at move times 0.5 and 1 s;
- a game file whose own level never ends (tests/gamefiles/time): every
  move cut at the move time and replaced by a random valid move.

``ARENA_BENCH_MOVETIME_GAMES`` sets the games per row (default 2)."""

from __future__ import annotations

import os
from pathlib import Path

from benchmarks.table import print_table
from pybridge.games.game import load_game_file
from pybridge.play.match import Match
from pybridge.play.players import BuiltinPlayer, PlayerSpec

ROOT = Path(__file__).resolve().parent.parent
CONNECT4_FILE = ROOT / "examples" / "games" / "connect4.pl"
ENDLESS_FILE = ROOT / "tests" / "gamefiles" / "time" / "endless_level.pl"
GAMES = int(os.environ.get("ARENA_BENCH_MOVETIME_GAMES", "2"))
MOVE_TIMES = (0.5, 1.0)
TARGET = 1.3


def ratios(path: Path, specs: tuple[str, str], move_time: float, games: int
           ) -> tuple[list[float], int]:
    """Every move's time ÷ ``move_time`` over ``games`` whole games of
    ``specs`` (seats alternating), and the warnings the players gave."""
    game = load_game_file(str(path))
    found: list[float] = []
    warned = 0
    for n in range(games):
        game.seed(n + 1)
        order = specs if n % 2 == 0 else specs[::-1]
        players = {seat: BuiltinPlayer(PlayerSpec.parse(spec))
                   for seat, spec in zip(game.players, order)}
        with Match(game, players, move_time=move_time) as match:
            match.run()
        found += [p.ms / 1000 / move_time for p in match.history]
        warned += sum(len(p.output.splitlines()) for p in players.values())
    return found, warned


def main() -> None:
    rows = []
    cases = [("file connect4", CONNECT4_FILE, ("ai:3", "ai:3")),
             ("file connect4", CONNECT4_FILE, ("ai:6", "ai:6")),
             ("endless own level", ENDLESS_FILE, ("ai:2", "ai:1"))]
    worst = 0.0
    for label, path, specs in cases:
        for move_time in MOVE_TIMES:
            found, warned = ratios(path, specs, move_time, GAMES)
            worst = max(worst, max(found))
            rows.append([f"{label}, {specs[0]} vs {specs[1]}", f"{move_time:g}", GAMES,
                         len(found), max(found), sum(found) / len(found), warned])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"move time ÷ the limit, {GAMES} whole games a row (target: max under {TARGET}; "
          f"load average {load} on {os.cpu_count()} cores):")
    print_table(["game and players", "move time s", "games", "moves", "max ratio",
                 "mean ratio", "warnings"], rows)
    print(f"\nworst move: {worst:.2f} x the move time "
          f"({'within' if worst <= TARGET else 'OVER'} {TARGET})")


if __name__ == "__main__":
    main()
