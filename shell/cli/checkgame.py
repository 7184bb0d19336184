"""``arena check-game FILE``: a game file's conformance report, and the
options every command that takes a game file shares (--config, --dialect)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pybridge.text import clean_line, plural
from pybridge.types import Dialect

from shell.cli.isolation import add_option as add_isolation_option
from shell.repl.command import option_items

if TYPE_CHECKING:
    from pybridge.games.game import Game

EXIT_CONFORMS = 0
EXIT_PROBLEMS = 1
EXIT_REFUSED = 2


def dialect_arg(text: str) -> Dialect:
    """--dialect's value, the one place a dialect is read from text."""
    try:
        return Dialect(text)
    except ValueError:
        names = ", ".join(repr(str(d)) for d in Dialect)
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from {names})") from None


def add_game_file_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="TERM",
                        help="for a game file: a Prolog term passed verbatim to its initial_state/2")
    parser.add_argument("--dialect", type=dialect_arg, choices=tuple(map(str, Dialect)),
                        default=Dialect.AUTO,
                        help="for a game file: load it under SWI-Prolog or its SICStus 4 "
                             "emulation (default: sicstus4 when it asks for a SICStus library)")


def load_game_arg(args: argparse.Namespace) -> Game:
    """The game ``args.game`` names (an id or a file) with its options."""
    import pybridge
    from pybridge.models import gamefile
    from pybridge.games.game import load_game_file

    options = option_items(args.option)
    if args.game not in pybridge.games() and gamefile.names_file(args.game):
        return load_game_file(args.game, dialect=args.dialect, config=args.config, **options)
    if args.config is not None:
        raise ValueError(f"--config is for game files; {args.game} is a built-in game")
    return pybridge.load_game(args.game, **options)


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("check-game", help="check a game file against the game contract")
    p.add_argument("game", metavar="FILE", help="the game file (or a built-in game's id)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--games", type=int, default=20, metavar="N",
                   help="random games to play (default 20)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    p.add_argument("--plies", type=int, default=2, metavar="K",
                   help="plies from the start walked exhaustively (default 2)")
    p.add_argument("--time", type=float, default=60.0, metavar="S",
                   help="seconds the check may take; then a partial report (default 60)")
    add_game_file_options(p)
    add_isolation_option(p)
    p.set_defaults(func=cmd_check_game)


def cmd_check_game(args: argparse.Namespace) -> int:
    from pybridge.games.conformance import CheckPlan, adapter_needed, check_game
    from pybridge.errors import GameFileError

    if not 0 < args.time <= 3600:
        print(f"arena check-game: --time {args.time}: give seconds between 0 and 3600")
        return EXIT_REFUSED
    print(f"checking {clean_line(args.game, 200)} (at most {args.time:g} s)...", flush=True)
    try:
        lacks = adapter_needed(args.game, dialect=args.dialect, config=args.config)
        if lacks:
            print(f"proposing an adapter: the file lacks {' and '.join(lacks)} (this takes up "
                  f"to a few minutes)...", flush=True)
        report = check_game(args.game, options=option_items(args.option), config=args.config,
                            dialect=args.dialect, plan=CheckPlan(games=args.games, seed=args.seed,
                                                                 plies=args.plies, seconds=args.time))
    except GameFileError as exc:
        print(f"arena check-game: {exc}")
        return EXIT_REFUSED
    print(f"game:     {report.title} ({report.source})")
    if report.dialect:
        print(f"dialect:  {report.dialect}")
    for note in report.notes:
        print(f"left out: {note}")
    asked = (f"{plural(args.games, 'random game')} (seed {args.seed}), every position of "
             f"the first {plural(args.plies, 'ply')}")
    partial = any(f.startswith("the time budget of") for f in report.findings)
    if report.played and partial:
        print(f"checked:  part of {asked}: the time budget ended first")
    elif report.played:
        print(f"checked:  {asked}")
    else:
        print("checked:  no game played: the file lacks what a game needs (below)")
    for finding in report.findings:
        print(f"          {finding}")
    if report.conforms and partial:
        print("verdict:  conforms to the game contract in the part checked")
        return EXIT_CONFORMS
    if report.conforms:
        print("verdict:  conforms to the game contract")
        return EXIT_CONFORMS
    print(f"verdict:  {plural(len(report.problems), 'problem')}")
    for problem in report.problems:
        print(f"  {problem}")
    if report.proposal:
        print(f"adapter:  {report.proposal}")
    return EXIT_PROBLEMS
