"""``arena tournament``: championships of bot files and built-in players."""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Sequence, TextIO

from pybridge.defaults import MOVE_TIME
from pybridge.jail import sandbox
from pybridge.invocation import command_line
from pybridge.text import clean_line, plural
from pybridge.types import BUILTIN_KINDS, spec_forms

from shell.cli.checkgame import add_game_file_options
from shell.repl.command import option_items
from shell.cli.isolation import add_option as add_isolation_option, apply as apply_isolation

EXIT_INTERRUPTED = 130
EXIT_NOT_COUNTED = 1  # a worker's answer was refused: games left unplayed

def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "tournament", help="every bot against every other, in both seats",
        description=f"Round robin of bot files and built-in players ({spec_forms(BUILTIN_KINDS)}): "
                    "3 points a win, 1 a draw; an invalid move loses the game. "
                    "Writes OUT/standings.json, OUT/standings.csv and OUT/replays/.",
    )
    p.add_argument("game", metavar="GAME", nargs="?",
                   help="a built-in game's id or a game file (with --resume --out DIR alone: "
                        "the one the folder records)")
    p.add_argument("bots", nargs="*", metavar="BOT",
                   help="a bot file bot.pl[:LEVEL], NAME=PATH[:LEVEL], a folder of submission "
                        f"folders (one entrant each, named after it), {spec_forms(BUILTIN_KINDS)}")
    p.add_argument("--house", action="append", default=[], metavar="FILE",
                   help="a bot file that plays and ranks but gets no grade (repeatable; "
                        f"{spec_forms(BUILTIN_KINDS)} are house players always)")
    p.add_argument("--gauntlet", action="store_true",
                   help="every entrant plays the house players only, not each other (a quick "
                        "check of many submissions against reference players)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--games-per-pair", type=int, default=2, metavar="N",
                   help="games each pair plays, half in each seat (even, default 2)")
    p.add_argument("--move-time", type=float, default=MOVE_TIME, metavar="S",
                   help="seconds a bot or built-in AI may think per move (default 1)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="games played at once, in N worker processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play the games on the Dask cluster whose scheduler is at ADDRESS "
                        "(tls://HOST:8786, with --tls-dir); its workers need prolog-arena of "
                        "this version, SWI-Prolog and bubblewrap")
    p.add_argument("--tls-dir", metavar="DIR",
                   help="the course's certificates (made by `arena certs DIR`): the client "
                        "uses DIR/ca.pem, DIR/client.pem and DIR/client-key.pem")
    p.add_argument("--insecure-scheduler", action="store_true",
                   help="accept an unencrypted tcp:// scheduler address: any program that "
                        "reaches it can join as a worker and run code in this process")
    p.add_argument("--out", metavar="DIR",
                   help="where results go (default tournament-GAME-DATE-TIME; must be empty "
                        "unless --resume)")
    p.add_argument("--resume", action="store_true",
                   help="continue the tournament recorded in --out DIR: finished games are "
                        "kept, the others played; without GAME and BOTs, as the folder "
                        "records it")
    p.add_argument("--accept-altered", action="store_true",
                   help="with --resume: keep the games whose logs are altered or unsigned "
                        "(their signatures in DIR/signatures.json do not match), instead of "
                        "playing them again")
    p.add_argument("--grades", action="store_true",
                   help="grade 5..10 by the 1999 rule (over 10%% of games lost by invalid "
                        "moves: out of the ranking, 5 x the fraction of valid games)")
    p.add_argument("--on-illegal", choices=("forfeit", "random"), default="forfeit",
                   help="a bad move loses the game (forfeit, default) or is replaced "
                        "by a random valid move (random)")
    p.add_argument("--seed", type=int, default=1, help="seed of every random choice (default 1)")
    p.add_argument("--late", action="append", default=[], metavar="NAME=DAYS",
                   help="days late: one point off the grade per day (repeatable)")
    p.add_argument("--late-file", metavar="FILE.csv", help="days late as name,days lines")
    p.add_argument("--max-late", type=int, default=10, metavar="N",
                   help="beyond N days late an entrant is not admitted (default 10)")
    p.add_argument("--zero", action="append", default=[], metavar="NAME",
                   help="grade NAME 0 (e.g. a copied program; repeatable)")
    p.add_argument("--openings", type=int, default=0, metavar="N",
                   help="each pair plays N openings, both seat orders from each")
    p.add_argument("--opening-plies", type=int, default=4, metavar="K",
                   help="random plies of an opening (default 4)")
    p.add_argument("--elo-anchor", metavar="NAME=ELO",
                   help="rate NAME at ELO (default: the mean rating is 0)")
    p.add_argument("--allow-game-ai", action="store_true",
                   help="let bots call the game's own AI (choose_move, its searches); "
                        "without it such a bot is refused; standings.json names who used it")
    p.add_argument("--similarity", action="store_true",
                   help="compare the entrants' code and list similar pairs in the report")
    p.add_argument("--threshold", type=float, default=None, metavar="T",
                   help="similarity above which a pair is flagged (with --similarity)")
    add_game_file_options(p)
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
    if getattr(record, "lost_by_both", False):      # as the report says it
        return f"lost by both ({record.reason})"
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
                self.out.write(f"game {done}/{total}: {clean_line(r.first)} vs "
                               f"{clean_line(r.second)}: {clean_line(outcome_text(r))}\n")
                self.out.flush()
            return
        filled = int(self.width * done / total) if total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        left = progress.remaining
        eta = "--:--" if left is None else _clock(left)
        line = (f"[{bar}] {done}/{total} games  {_clock(progress.elapsed)} elapsed  "
                f"~{eta} left  {progress.running} running on {progress.workers} "
                f"worker{'s' * (progress.workers != 1)}")
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
    """The table as text lines; Elo and late columns appear when any entrant
    has them; a legend under the table explains its marks."""
    rated = any(getattr(s, "elo", None) is not None for s in table)
    late = grades and any(getattr(s, "late_days", 0) for s in table)
    headers = ["rank", "name", "played", "won", "drawn", "lost", "forfeits", "points"]
    if rated:
        headers += ["elo", "+/-"]
    if late:
        headers += ["late", "before"]
    if grades:
        headers.append("grade")
    rows = []
    for s in table:
        house = getattr(s, "house", False)
        row = [str(s.rank) if s.rank is not None else "-",
               clean_line(s.name) + (" (h)" if house else ""),
               str(s.played), str(s.won), str(s.drawn), str(s.lost), str(s.forfeits), str(s.points)]
        if rated:
            row += ["" if s.elo is None else f"{s.elo:.0f}",
                    "" if s.elo_error is None else f"{s.elo_error:.0f}"]
        if late:
            row += [str(s.late_days) if s.late_days else "",
                    "" if not s.late_days or s.grade_before_late is None else f"{s.grade_before_late:.2f}"]
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
    legend = []
    if any(s.rank is None for s in table):
        legend.append("rank -: out of the ranking (over 10% of its games lost by forfeit)")
    if any(getattr(s, "house", False) for s in table):
        legend.append("(h): house player, ranked but not graded")
    if rated:
        legend.append("elo +/-: maximum-likelihood Elo and its 95% interval")
    if late:
        legend.append("late: days late, one point off the grade each; before: the grade before")
    if legend:
        lines.append("")
        lines += legend
    return lines


def from_folder(args: argparse.Namespace) -> None:
    """Fill ``args`` with the tournament that ``args.out`` records: its
    game, options and entrants, and the settings it was played with (the
    ones given on this command line win where the folder does not bind
    them)."""
    from pathlib import Path

    from pybridge.championship.checkpoint import recorded_run
    from pybridge.jail import sandbox

    run = recorded_run(Path(args.out))
    got = run.settings

    def recorded(key: str, kind: Any, default: Any) -> Any:
        value = got.get(key)
        if isinstance(value, bool) != (kind is bool):  # JSON true is no number
            return default
        return value if isinstance(value, kind) else default

    args.game, args.bots, args.house = run.game, list(run.specs), list(run.house)
    args.option = [f"{k}={v}" for k, v in run.options.items()]
    args.games_per_pair = recorded("games_per_pair", int, args.games_per_pair)
    args.move_time = float(recorded("move_time", (int, float), args.move_time))
    args.on_illegal = recorded("policy", str, args.on_illegal)
    args.seed = recorded("seed", int, args.seed)
    args.openings = recorded("openings", int, args.openings)
    args.opening_plies = recorded("opening_plies", int, args.opening_plies)
    args.config = recorded("config", str, None)
    args.dialect = recorded("dialect", str, "auto")
    if args.isolation is None and got.get("isolation") in sandbox.MODES:
        args.isolation = got["isolation"]
    args.grades = args.grades or recorded("grades", bool, False)
    args.gauntlet = args.gauntlet or recorded("gauntlet", bool, False)
    args.allow_game_ai = args.allow_game_ai or recorded("allow_game_ai", bool, False)
    args.zero = args.zero or [z for z in recorded("zero", list, []) if isinstance(z, str)]
    if args.max_late == 10:
        args.max_late = recorded("max_late", int, args.max_late)
    anchor = recorded("elo_anchor", list, None)
    if args.elo_anchor is None and anchor and len(anchor) == 2:
        args.elo_anchor = f"{anchor[0]}={anchor[1]}"
    if not args.late and not args.late_file:
        args.late = [f"{name}={days}" for name, days in run.late.items()]
    print(f"resuming the tournament in {args.out}: {args.game}, "
          f"{plural(len(run.specs) + len(run.house), 'entrant')}")


def resume_command(out: Any) -> str:
    """The command that goes on with the tournament in ``out``."""
    return command_line("tournament", "--resume", "--out", str(out))


def print_lines(lines: Sequence[str]) -> None:
    """Lines about the entrants, shown before the first game."""
    for line in lines:
        print(clean_line(line))
    sys.stdout.flush()


def cmd_tournament(args: argparse.Namespace) -> int:
    from pybridge.host.bot_limits import Limits
    from pybridge.championship import tournament
    from pybridge.championship.entrants import parse_late
    from pybridge.championship.ratings import parse_anchor

    from shell.cli.report import similar_pairs, write_report

    if args.resume and not args.out:
        raise ValueError("--resume needs --out DIR: the folder of the tournament to continue")
    if args.game is None or not args.bots:
        if not (args.resume and args.game is None):
            raise ValueError("a tournament needs GAME and its entrants (arena tournament GAME "
                             "BOT...), or --resume --out DIR alone to go on with one")
        from_folder(args)
    out = args.out or f"tournament-{args.game}-{time.strftime('%Y%m%d-%H%M%S')}"
    bar = ProgressBar(sys.stdout)
    isolation = apply_isolation(args, [*args.bots, *args.house])
    folders = [b for b in args.bots if _names_folder(b)]
    if folders:
        sandbox.require_jail(f"a folder of submissions ({clean_line(folders[0])})")
    late = parse_late(args.late, args.late_file)
    anchor = parse_anchor(args.elo_anchor) if args.elo_anchor else None

    if args.scheduler:
        from pybridge.championship.cluster_address import Scheduler

        warning = Scheduler.parse(args.scheduler, tls_dir=args.tls_dir,
                                  insecure=args.insecure_scheduler).warning()
        if warning:
            print(warning, file=sys.stderr)
    elif args.tls_dir or args.insecure_scheduler:
        raise ValueError("--tls-dir and --insecure-scheduler go with --scheduler ADDRESS")

    def not_counted(pairing: Any, why: str) -> None:
        bar.end()
        print(f"not counted: game {pairing.index + 1} ({clean_line(pairing.first)} vs "
              f"{clean_line(pairing.second)}): {clean_line(why, 600)}", file=sys.stderr)

    def checked(refused: dict[str, str]) -> None:
        print(f"{args.game}: " + ("a gauntlet against the house players, " if args.gauntlet else "")
              + f"{plural(args.games_per_pair, 'game')} per pair"
              + (f", {plural(args.openings, 'opening')} of {plural(args.opening_plies, 'ply')}"
                 if args.openings else "")
              + f", {args.move_time:g} s per move, "
              + (f"Dask scheduler {args.scheduler}" if args.scheduler else plural(args.jobs, 'job'))
              + f"; results in {out}")
        if args.config is not None or args.dialect != "auto":
            print(f"game file loaded with --config {clean_line(args.config or '(none)', 300)}, "
                  f"--dialect {args.dialect}")
        if isolation:
            print(isolation)
        for name, why in refused.items():
            print(f"refused: {clean_line(name)}: {clean_line(why)}")
        sys.stdout.flush()

    from pybridge.championship.settings import GameSetup, Grading, Referee, Schedule, Transport
    settings = tournament.Settings(
        setup=GameSetup(options=option_items(args.option), game_config=args.config, dialect=args.dialect),
        schedule=Schedule(games_per_pair=args.games_per_pair, seed=args.seed, openings=args.openings,
                          opening_plies=args.opening_plies, gauntlet=args.gauntlet),
        referee=Referee(move_time=args.move_time, policy=args.on_illegal, limits=Limits(game_ai=args.allow_game_ai)),
        grading=Grading(grades=args.grades, house=args.house, late=late, max_late=args.max_late,
                        zero=args.zero, elo_anchor=anchor),
        transport=Transport(jobs=args.jobs, scheduler=args.scheduler, tls_dir=args.tls_dir,
                            insecure_scheduler=args.insecure_scheduler),
        accept_altered=args.accept_altered)

    def progress(state: Any) -> None:
        if state.last is None and state.kept:  # before the first game
            left = state.total - state.kept
            print(f"resumed: {plural(state.kept, 'finished game')} kept, "
                  f"{plural(left, 'game')} to play", flush=True)
        bar(state)

    watch = tournament.Watchers(progress=progress, on_checked=checked,
                                on_not_counted=not_counted, on_entrants=print_lines)
    assert args.game is not None
    result = tournament.run_tournament(args.game, args.bots, out=out, resume=args.resume,
                                       settings=settings, watch=watch)
    bar.end()
    for name, days in result.not_admitted.items():
        print(f"not admitted: {clean_line(name)}: {plural(days, 'day')} late "
              f"(more than {args.max_late})")
    for note in result.signatures:
        print(f"resume: {clean_line(note)}")
    for note in result.disagreements:
        print(f"resume: {clean_line(note)}")
    print()
    for line in standings_lines(result.standings, grades=args.grades):
        print(line)
    print()
    compared = similar_pairs(result, args.threshold) if args.similarity else None
    if compared is not None:
        flagged = [p for p in compared.pairs if p.flagged]
        print(f"similarity: {plural(len(flagged), 'pair')} flagged"
              + "".join(f"\n  {clean_line(p.a)} ~ {clean_line(p.b)}: {p.score:.2f}"
                        for p in flagged))
        for k in compared.skipped:
            print(f"similarity: not compared: {clean_line(k.submission)}: {clean_line(k.file)}: "
                  f"{clean_line(k.reason)}")
    with sandbox.own_logs():  # the logs this run wrote or verified at its resume
        report = write_report(result.out, similar=compared, notes=False,  # shown above
                              accept_altered=args.accept_altered)
    played = len(result.records)
    if result.not_counted:
        print(f"not counted: {plural(len(result.not_counted), 'game')} whose answer was "
              f"refused or that stopped (listed above and in {result.out / 'standings.json'}); "
              f"fix what they name (a worker, the game), then play them: "
              f"{resume_command(result.out)}")
    elif result.interrupted:
        print(f"interrupted: {played} of {result.total} games finished; their results and "
              f"logs are in {result.out}; to go on: {resume_command(result.out)}")
    else:
        print(f"{plural(played, 'game')}; standings in {result.out / 'standings.json'} and "
              f"{result.out / 'standings.csv'}, logs in {result.out / 'replays'}")
    print(f"report: {report}")
    if result.not_counted:
        return EXIT_NOT_COUNTED
    return EXIT_INTERRUPTED if result.interrupted else 0


def _names_folder(spec: str) -> bool:
    """``spec`` (PATH, NAME=PATH or PATH:LEVEL) names a folder."""
    path = spec.split("=", 1)[1] if "=" in spec else spec
    return Path(path).is_dir() or Path(path.rsplit(":", 1)[0]).is_dir()


__all__ = ["register", "ProgressBar", "standings_lines"]
