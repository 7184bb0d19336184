"""What the ``arena`` subcommands share: the shell's own options and a
shell opened as the command line asks."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from shell.cli.isolation import add_option as add_isolation_option
from shell.render import color_wanted
from shell.repl.loop import Shell, ShellOptions


def state_dir() -> Path:
    """Where the shell keeps its history and logs (XDG state directory)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "prolog-arena"


def add_shell_options(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """The shell's options; ``top`` for the ``arena`` parser itself (a
    subcommand's leaves them unset unless written there, so that a value
    written before the subcommand holds)."""
    parser.add_argument("--no-color", action="store_true",
                        default=False if top else argparse.SUPPRESS,
                        help="no colours (NO_COLOR is honoured too)")
    add_isolation_option(parser, top=top)


def open_shell(args: argparse.Namespace, *, move_time: float | None = None, single_game: bool = False,
               delay: float | None = None) -> Shell:
    """A shell on this terminal, its history and replay logs in the state
    directory; ``args`` holds the shell options."""
    from pybridge.host.game_engine import set_search_workers

    # one game at a time here: the general AI may search on two cores
    set_search_workers(2)
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
        options=ShellOptions(
            history_file=history,
            log_dir=state_dir() / "replays",
            move_time=move_time,
            single_game=single_game,
            delay=None if delay is None else max(0.0, delay),
        ),
    )
