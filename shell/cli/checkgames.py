"""``arena check-games FOLDER... --out OUT``: every game project of a
course checked, played and published in one run."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pybridge.text import clean_line, plural
from pybridge.types import Isolation

from shell.cli.isolation import add_option as add_isolation_option


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "check-games", help="check, play and publish every game project of a course's folder",
        description="One row per submission folder (a subfolder of each FOLDER): its game file "
                    "(arena.toml's game = \"PATH\", else the file defining play/0, src/game.pl "
                    "first), the contract year and dialect, check-game's verdict and problems, "
                    "the adapter (proposed and checked, written into OUT only), a whole game "
                    "(random against the general AI), and the game's own AI levels measured. "
                    "Writes OUT/submissions.json, OUT/submissions.csv, OUT/report.md and "
                    "OUT/index.html; `arena report OUT` rebuilds them.")
    p.add_argument("folders", nargs="+", metavar="FOLDER",
                   help="a folder of submission folders (or one submission folder)")
    p.add_argument("--out", required=True, metavar="OUT",
                   help="where results go (a new folder, or the run's folder with --resume)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="submissions checked at once, in N worker processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="check on the Dask cluster whose scheduler is at ADDRESS "
                        "(tls://HOST:8786, with --tls-dir), as tournaments do")
    p.add_argument("--tls-dir", metavar="DIR", help="the course's certificates (arena certs DIR)")
    p.add_argument("--insecure-scheduler", action="store_true",
                   help="accept an unencrypted tcp:// scheduler address")
    p.add_argument("--resume", action="store_true",
                   help="go on with the run in OUT: finished submissions are kept")
    p.add_argument("--time", type=float, default=180.0, metavar="SECONDS",
                   help="the budget of one submission, every phase included (default 180)")
    p.add_argument("--move-time", type=float, default=0.5, metavar="S",
                   help="seconds a move for every AI (default 0.5)")
    p.add_argument("--mcts", type=int, default=3, metavar="N",
                   help="the general AI's level, mcts:N (default 3)")
    p.add_argument("--level-games", type=int, default=2, metavar="N",
                   help="games of each level series (default 2)")
    p.add_argument("--threshold", type=float, default=None, metavar="T",
                   help="similarity above which two projects are flagged (default 0.6)")
    add_isolation_option(p)
    p.set_defaults(func=cmd_check_games)


def _bounded(args: argparse.Namespace) -> None:
    if not 10 <= args.time <= 7200:
        raise ValueError(f"--time {args.time:g}: give seconds between 10 and 7200")
    if not 0 < args.move_time <= 60:
        raise ValueError(f"--move-time {args.move_time:g}: give seconds between 0 and 60")
    if not 1 <= args.jobs <= 256:
        raise ValueError(f"--jobs {args.jobs}: give 1 to 256")
    if not 1 <= args.mcts <= 20 or not 0 <= args.level_games <= 20:
        raise ValueError("--mcts is 1..20 and --level-games 0..20")


def progress_line(p: Any) -> str:
    from pybridge.batch.texts import adapter_text, played_text

    r = p.last
    new = p.done - p.kept
    left = p.elapsed / new * (p.total - p.done) if new else 0.0
    eta = f", ~{_clock(left)} left" if p.done < p.total else ""
    return clean_line(f"[{p.done}/{p.total}] {r.name}: {r.verdict}; adapter "
                      f"{adapter_text(r)}; played {played_text(r)} ({r.total_seconds:.0f} s; "
                      f"{_clock(p.elapsed)} elapsed{eta})", 400)


def _clock(seconds: float) -> str:
    minutes, s = divmod(int(round(seconds)), 60)
    return f"{minutes}:{s:02d}"


def resume_command(args: argparse.Namespace) -> str:
    """The command that goes on with this run, as it can be copied."""
    from pybridge.invocation import command_line

    words = ["check-games", *args.folders, "--out", args.out]
    for flag, value, default in (("--jobs", args.jobs, 1), ("--time", args.time, 180.0),
                                 ("--move-time", args.move_time, 0.5), ("--mcts", args.mcts, 3),
                                 ("--level-games", args.level_games, 2),
                                 ("--scheduler", args.scheduler, None),
                                 ("--tls-dir", args.tls_dir, None)):
        if value != default:
            words += [flag, f"{value:g}" if isinstance(value, float) else str(value)]
    if args.insecure_scheduler:
        words.append("--insecure-scheduler")
    return command_line(*words, "--resume")


def cmd_check_games(args: argparse.Namespace) -> int:
    from pybridge.batch import BatchSettings, publish, run
    from pybridge.batch.similar import compare
    from pybridge.batch import layout
    from pybridge.jail import sandbox

    _bounded(args)
    if getattr(args, "isolation", None) is not None:
        sandbox.use(Isolation(args.isolation))
    isolation = sandbox.current()
    if isolation != Isolation.BWRAP:
        raise ValueError("check-games runs the code of submission folders, which it does only "
                         "in the jail (bubblewrap): --isolation none is refused here")
    sandbox.check(isolation)
    scheduler = None
    if args.scheduler:
        from pybridge.championship.cluster_address import Scheduler

        scheduler = Scheduler.parse(args.scheduler, tls_dir=args.tls_dir,
                                    insecure=args.insecure_scheduler)
        warning = scheduler.warning()
        if warning:
            print(f"warning: {warning}")
    elif args.tls_dir or args.insecure_scheduler:
        raise ValueError("--tls-dir and --insecure-scheduler go with --scheduler ADDRESS")
    settings = BatchSettings(seconds=args.time, move_time=args.move_time, mcts=args.mcts,
                        level_games=args.level_games, isolation=isolation)
    where = f"Dask scheduler {args.scheduler}" if args.scheduler else plural(args.jobs, "job")
    print(f"checking the submissions of {', '.join(clean_line(f, 200) for f in args.folders)} "
          f"on {where}, at most {args.time:g} s each ({sandbox.describe(isolation)})",
          flush=True)

    def show(p: Any) -> None:
        print(progress_line(p), flush=True)

    try:
        outcome = run(args.folders, args.out, settings=settings, jobs=args.jobs,
                      scheduler=scheduler, resume=args.resume, on_progress=show)
    except KeyboardInterrupt:
        print(f"\ninterrupted: the finished submissions are kept in {clean_line(args.out, 300)}; "
              f"to go on: {clean_line(resume_command(args), 2000)}", file=sys.stderr)
        return 130
    for line in outcome.passed:
        print(f"passed over: {line}")
    if outcome.kept:
        print(f"resumed: {plural(outcome.kept, 'finished submission')} kept")
    subs, _ = layout.submissions(list(args.folders))
    flagged = compare(outcome.out, subs, threshold=args.threshold)
    index = publish(outcome.out)
    played = sum(r.played.done for r in outcome.rows)
    print(f"{plural(len(outcome.rows), 'submission')}, {played} played a whole game, "
          f"{plural(flagged, 'similar pair')} flagged; {index}, {outcome.out / 'submissions.csv'}")
    return 0


__all__ = ["cmd_check_games", "progress_line", "register"]
