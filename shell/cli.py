"""The ``arena`` command: the shell, and one-shot subcommands."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable, Sequence

from pybridge.errors import ArenaError, PrologUnavailableError

EXIT_USAGE = 2
EXIT_NO_PROLOG = 3


def _add_shell_options(parser: argparse.ArgumentParser) -> None:
    from .isolation import add_option

    parser.add_argument("--no-color", action="store_true", help="no colours (NO_COLOR is honoured too)")
    add_option(parser)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena",
        description="Prolog Arena: board games with Prolog rules. Without a command: the interactive shell.",
    )
    _add_shell_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("games", help="list the games, their players and options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", help="play one game")
    p.add_argument("game", metavar="GAME")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--first", default="human", metavar="SPEC", help="first seat (default human)")
    p.add_argument("--second", default="ai:3", metavar="SPEC", help="second seat (default ai:3)")
    p.add_argument("--move-time", type=float, default=1.0, metavar="S",
                   help="seconds a bot may think per move (default 1)")
    p.add_argument("--delay", type=float, metavar="S",
                   help="seconds between AI moves when no human plays (default 0.6 in a terminal, else 0)")
    p.add_argument("--replay", metavar="FILE", help="write the game's replay log to FILE (a new file)")
    _add_shell_options(p)
    p.set_defaults(func=cmd_play)

    for register in _extra_commands():
        register(sub)
    return parser


def _extra_commands() -> list[Callable[[argparse._SubParsersAction], None]]:
    """Subcommands defined by other modules (replay logs, tournaments)."""
    found = []
    for module_name in ("shell.replay_cli", "shell.tournament_cli"):
        try:
            module = __import__(module_name, fromlist=["register"])
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        found.append(module.register)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if getattr(args, "isolation", None):
            from pybridge import sandbox

            sandbox.use(args.isolation)
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
        print(f"arena: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # a file named on the command line
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"arena: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE


def _shell(args: argparse.Namespace, **kwargs: object):
    from .render import color_wanted
    from .repl import Shell, state_dir

    interactive = sys.stdin.isatty()
    history = None
    if interactive:
        directory = state_dir()
        try:
            directory.mkdir(parents=True, exist_ok=True)
            history = directory / "history"
        except OSError:
            history = None
    return Shell(
        color=color_wanted(args.no_color),
        interactive=interactive,
        history_file=history,
        log_dir=state_dir() / "replays",
        **kwargs,  # type: ignore[arg-type]
    )


def run_shell(args: argparse.Namespace) -> int:
    import pybridge

    pybridge.games()
    pybridge.load_game("tictactoe")  # fails early, clearly, without SWI-Prolog
    return _shell(args).run()


def cmd_games(args: argparse.Namespace) -> int:
    from .repl import games_listing

    for line in games_listing():
        print(line)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    import pybridge
    from .commands import option_items

    from .isolation import apply

    game = pybridge.load_game(args.game, **option_items(args.option))
    isolation = apply(args, (args.first, args.second))
    if isolation:
        print(isolation)
    if args.replay and Path(args.replay).exists():
        raise ValueError(f"replay log {args.replay!r} exists already (arena resume continues it)")
    shell = _shell(args, move_time=args.move_time)
    shell.single_game = True
    if args.delay is not None:
        shell.delay = max(0.0, args.delay)
    # --replay names the log: no second one in the log directory
    shell.start_game(game, (args.first, args.second), log=not args.replay)
    writer = None
    if args.replay:
        from pybridge.replay import ReplayWriter

        assert shell.match is not None
        try:
            writer = ReplayWriter.from_match(args.replay, shell.match)
            shell.add_recorder(writer)
            shell.log_path = Path(args.replay)
        except OSError as exc:
            shell.end_game()
            raise ValueError(f"cannot write the replay log {args.replay}: "
                             f"{exc.strerror or exc}") from None
        except BaseException:
            shell.end_game()
            raise
    try:
        shell.run()
    finally:
        if writer is not None:
            writer.close()
    return 0 if shell.last_result is not None else 1


if __name__ == "__main__":
    sys.exit(main())
