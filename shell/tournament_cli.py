"""``arena tournament``: championships of bot files and built-in players."""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from typing import Any, Sequence, TextIO

from .command import option_items
from .isolation import add_option as add_isolation_option
from .isolation import apply as apply_isolation

EXIT_INTERRUPTED = 130


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "tournament", help="every bot against every other, in both seats",
        description="Round robin of bot files and built-in players (random, ai:N): "
                    "3 points a win, 1 a draw; an invalid move loses the game. "
                    "Writes OUT/standings.json, OUT/standings.csv and OUT/replays/.",
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="a bot file bot.pl[:LEVEL], random or ai:N")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--games-per-pair", type=int, default=2, metavar="N",
                   help="games each pair plays, half in each seat (even, default 2)")
    p.add_argument("--move-time", type=float, default=1.0, metavar="S",
                   help="seconds a bot may think per move (default 1)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="games played at once, in N worker processes (default 1)")
    p.add_argument("--out", metavar="DIR",
                   help="where results go (default tournament-GAME-DATE-TIME; must be empty)")
    p.add_argument("--grades", action="store_true",
                   help="grade 5..10 by the 1999 rule (over 10%% of games lost by invalid "
                        "moves: out of the ranking, 5 x the fraction of valid games)")
    p.add_argument("--on-illegal", choices=("forfeit", "random"), default="forfeit",
                   help="a bad move loses the game (forfeit, default) or is replaced "
                        "by a random valid move (random)")
    p.add_argument("--seed", type=int, default=1, help="seed of every random choice (default 1)")
    add_isolation_option(p)
    p.set_defaults(func=cmd_tournament)





# -- tournament --------------------------------------------------------------------


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def outcome_text(record: Any) -> str:
    from pybridge.types import result_text

    return result_text(record)


class ProgressBar:
    """One line redrawn in place on a terminal; elsewhere one line per
    finished game."""

    def __init__(self, out: TextIO, *, tty: bool | None = None, width: int = 28) -> None:
        self.out = out
        self.tty = out.isatty() if tty is None else tty
        self.width = width
        self.shown = False

    def __call__(self, progress: Any) -> None:
        done, total = progress.done, progress.total
        if not self.tty:
            if progress.last is not None:
                r = progress.last
                self.out.write(f"game {done}/{total}: {r.first} vs {r.second}: {outcome_text(r)}\n")
                self.out.flush()
            return
        filled = int(self.width * done / total) if total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        left = progress.remaining
        eta = "--:--" if left is None else _clock(left)
        line = (f"[{bar}] {done}/{total} games  {_clock(progress.elapsed)} elapsed  "
                f"~{eta} left")
        columns = shutil.get_terminal_size((100, 20)).columns
        self.out.write("\r\x1b[2K" + line[: columns - 1])
        self.out.flush()
        self.shown = True

    def end(self) -> None:
        if self.shown:
            self.out.write("\n")
            self.out.flush()
            self.shown = False


def standings_lines(table: Sequence[Any], *, grades: bool) -> list[str]:
    headers = ["rank", "name", "played", "won", "drawn", "lost", "forfeits", "points"]
    if grades:
        headers.append("grade")
    rows = []
    for s in table:
        row = [str(s.rank) if s.rank is not None else "-", s.name, str(s.played), str(s.won),
               str(s.drawn), str(s.lost), str(s.forfeits), str(s.points)]
        if grades:
            row.append("" if s.grade is None else f"{s.grade:.2f}")
        rows.append(row)
    widths = [max(len(r[i]) for r in [headers] + rows) for i in range(len(headers))]
    right = {i for i, h in enumerate(headers) if h != "name"}

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(row, widths))).rstrip()

    lines = [fmt(headers), fmt(["-" * w for w in widths])]
    lines += [fmt(r) for r in rows]
    return lines


def cmd_tournament(args: argparse.Namespace) -> int:
    from pybridge import tournament

    out = args.out or f"tournament-{args.game}-{time.strftime('%Y%m%d-%H%M%S')}"
    bar = ProgressBar(sys.stdout)
    isolation = apply_isolation(args, args.bots)

    def checked(refused: dict[str, str]) -> None:
        print(f"{args.game}: {len(args.bots)} entrants, {args.games_per_pair} games per pair, "
              f"{args.move_time:g} s per move, {args.jobs} job(s); results in {out}")
        if isolation:
            print(isolation)
        for name, why in refused.items():
            print(f"refused: {name}: {why}")
        sys.stdout.flush()

    result = tournament.run_tournament(
        args.game, args.bots, out=out, options=option_items(args.option),
        games_per_pair=args.games_per_pair, move_time=args.move_time, jobs=args.jobs,
        grades=args.grades, policy=args.on_illegal, seed=args.seed,
        progress=bar, on_checked=checked,
    )
    bar.end()
    print()
    for line in standings_lines(result.standings, grades=args.grades):
        print(line)
    print()
    played = len(result.records)
    if result.interrupted:
        print(f"interrupted: {played} of {result.total} games finished; their results and "
              f"logs are in {result.out}")
    else:
        print(f"{played} games; standings in {result.out / 'standings.json'} and "
              f"{result.out / 'standings.csv'}, logs in {result.out / 'replays'}")
    return EXIT_INTERRUPTED if result.interrupted else 0


__all__ = ["register", "ProgressBar", "standings_lines"]
