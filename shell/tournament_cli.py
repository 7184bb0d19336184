"""``arena tournament`` and ``arena check-bot``: championships of bot
files and built-in players, and a bot's check before it enters one."""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from typing import Any, Sequence, TextIO

from pybridge.text import clean_line

from .command import option_items
from .isolation import add_option as add_isolation_option
from .isolation import apply as apply_isolation

EXIT_BAD_BOT = 1
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

    p = sub.add_parser(
        "check-bot", help="load a bot file, say what it is and whether it may play",
        description="Loads the bot as a tournament would, prints its protocol and the "
                    "verdict (with every problem found and its line), then plays a few "
                    "games against random.",
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("file", metavar="FILE", help="the bot file bot.pl[:LEVEL]")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--games", type=int, default=4, metavar="N",
                   help="games against random, seats alternating (default 4)")
    p.add_argument("--move-time", type=float, default=1.0, metavar="S",
                   help="seconds the bot may think per move (default 1)")
    add_isolation_option(p)
    p.set_defaults(func=cmd_check_bot)





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


# -- check-bot ---------------------------------------------------------------------


def cmd_check_bot(args: argparse.Namespace) -> int:
    import pybridge
    from pybridge.bots import check_bot
    from pybridge.match import Match
    from pybridge.players import PlayerSpec
    from pybridge.seating import make_player
    from pybridge.types import result_text

    game = pybridge.load_game(args.game, **option_items(args.option))
    spec = PlayerSpec.parse(args.file)
    if spec.kind != "bot" or spec.path is None:
        raise ValueError(f"{args.file!r} is not a bot file (FILE.pl or FILE.pl:LEVEL)")
    isolation = apply_isolation(args, (args.file,))
    check = check_bot(game.id, spec.path)
    hello = check.hello
    print(f"bot:      {clean_line(check.path)}")
    print(f"game:     {game.id}")
    print(f"{isolation}")
    if not hello.ready:
        print("verdict:  refused")
        for problem in hello.problems or (hello.detail,):
            print(f"  {problem}")
        return EXIT_BAD_BOT
    seats = " and ".join(f"{s} ({game.players[('first', 'second').index(s)]})" for s in hello.seats)
    print(f"protocol: {hello.protocol} (plays {seats})")
    print(f"verdict:  ok (loaded and checked in {hello.ms} ms)")
    for warning in hello.warnings:
        print(f"warning:  {warning}")
    if len(hello.seats) == 1:
        other = "second" if hello.seats[0] == "first" else "first"
        print(f"warning:  it plays {hello.seats[0]} only: in a tournament it forfeits every game "
              f"as {other}")
    if args.games <= 0:
        return 0
    print(f"games against random ({args.move_time:g} s per move):")
    forfeits: dict[str, int] = {}
    indices = [("first", "second").index(s) for s in hello.seats]
    for i in range(args.games):
        mine = indices[i % len(indices)]
        bot = make_player(spec, move_time=args.move_time)
        other = make_player("random")
        seats_ = {seat: (bot if n == mine else other) for n, seat in enumerate(game.players)}
        with Match(game, seats_, move_time=args.move_time) as match:
            result = match.run()
        bot_seat = game.players[mine]
        moves = [p for p in match.history if p.player == bot_seat]
        ms = max((p.ms for p in moves), default=0)
        what = result_text(result, name=lambda seat: "bot" if seat == bot_seat else "random")
        print(f"  {i + 1}. bot as {bot_seat}: {what}; "
              f"{len(moves)} move{'s' * (len(moves) != 1)}"
              + (f", slowest {ms} ms" if moves else ""))
        if result.forfeit is not None and result.winner != bot_seat:
            forfeits[result.forfeit] = forfeits.get(result.forfeit, 0) + 1
        output = getattr(bot, "output", "")
        if output.strip():
            print("     what it printed (last lines):")
            for line in output.strip().splitlines()[-5:]:
                print(f"       {line[:200]}")
    if forfeits:
        bad = sum(forfeits.values())
        kinds = ", ".join(f"{verdict} {n}" for verdict, n in sorted(forfeits.items()))
        print(f"verdict after playing: {bad} of {args.games} games lost by forfeit ({kinds})")
        return EXIT_BAD_BOT
    return 0


__all__ = ["register", "ProgressBar", "standings_lines"]
