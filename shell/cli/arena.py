"""The ``arena`` command: the shell, and one-shot subcommands."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

from pybridge.errors import ArenaError, PrologUnavailableError
from pybridge.text import clean

from shell.cli import certs as certs_cli
from shell.cli import checkbot as checkbot_cli
from shell.cli import crosscheck as crosscheck_cli
from shell.cli import replay as replay_cli
from shell.cli import checkgame as checkgame_cli
from shell.cli import checkgames as checkgames_cli
from shell.cli import report as report_cli
from shell.cli import tournament as tournament_cli
from shell.cli.common import add_shell_options, open_shell

EXIT_USAGE = 2
EXIT_NO_PROLOG = 3


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena",
        description="Prolog Arena: board games with Prolog rules. Without a command: the interactive shell.",
    )
    add_shell_options(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("games", help="list the games, their players and options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", help="play one game")
    p.add_argument("game", metavar="GAME", help="a built-in game's id or a game file (FILE.pl)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--first", default="human", metavar="SPEC", help="first seat (default human)")
    p.add_argument("--second", default="ai:3", metavar="SPEC", help="second seat (default ai:3)")
    p.add_argument("--move-time", type=float, metavar="S",
                   help="seconds a bot or built-in AI may think per move (default: 1 for a bot, "
                        "a built-in AI its level's own time)")
    p.add_argument("--delay", type=float, metavar="S",
                   help="seconds between AI moves when no human plays (default 0.6 in a terminal, else 0)")
    p.add_argument("--replay", metavar="FILE", help="write the game's replay log to FILE (a new file)")
    checkgame_cli.add_game_file_options(p)
    add_shell_options(p)
    p.set_defaults(func=cmd_play)

    replay_cli.register(sub)
    tournament_cli.register(sub)
    checkbot_cli.register(sub)
    report_cli.register(sub)
    checkgame_cli.register(sub)
    crosscheck_cli.register(sub)
    checkgames_cli.register(sub)
    certs_cli.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        from shell.cli.isolation import put_in_force

        note = put_in_force(args)
        if note:
            print(note, file=sys.stderr)
        if args.command is None:
            return run_shell(args)
        return int(args.func(args) or 0)
    except PrologUnavailableError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return EXIT_NO_PROLOG
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (arena games | head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except (ArenaError, ValueError) as exc:
        # a message may quote a log or a file: shown escaped, never obeyed
        print(f"arena: {clean(exc, 16_000)}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # a file named on the command line
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"arena: {clean(where)}{clean(exc.strerror or exc)}", file=sys.stderr)
        return EXIT_USAGE


def run_shell(args: argparse.Namespace) -> int:
    import pybridge

    pybridge.games()
    pybridge.load_game("tictactoe")  # fails early, clearly, without SWI-Prolog
    return open_shell(args).run()


def cmd_games(args: argparse.Namespace) -> int:
    from shell.render import games_listing

    from shell.render import text_width

    for line in games_listing(text_width()):
        print(line)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from pybridge.replay.writer import exists_message
    from shell.cli.isolation import apply

    if args.move_time is not None and not args.move_time > 0:
        raise ValueError(f"--move-time {args.move_time:g}: give a positive number of seconds")
    game = checkgame_cli.load_game_arg(args)
    host = getattr(game.engine, "host", None)       # a game file's
    for note in host.warnings() if host is not None else ():
        print(f"left out: {note}")
    isolation = apply(args, (args.first, args.second))
    if isolation:
        print(isolation)
    if args.replay and Path(args.replay).exists():
        raise ValueError(exists_message(args.replay))
    shell = open_shell(args, move_time=args.move_time, single_game=True, delay=args.delay)
    # --replay names the log: no second one in the log directory
    shell.start_game(game, (args.first, args.second), log=not args.replay)
    session = shell.session
    writer = None
    if args.replay:
        from pybridge.replay import ReplayWriter

        assert session.match is not None
        try:
            writer = ReplayWriter.from_match(args.replay, session.match)
            session.log_to(writer)
        except OSError as exc:
            session.end_game()
            raise ValueError(f"cannot write the replay log {args.replay}: "
                             f"{exc.strerror or exc}") from None
        except BaseException:
            session.end_game()
            raise
    try:
        shell.run()
    finally:
        if writer is not None:
            writer.close()
    return 0 if session.last_result is not None else 1

if __name__ == "__main__":
    sys.exit(main())
