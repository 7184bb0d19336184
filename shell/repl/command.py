"""What a shell command is: its name and help, the kinds of its
arguments, whether it needs a game, how its arguments are checked, and
its handler. Dispatch, validation, completion and help all read these.

The table of commands is :mod:`shell.repl.commands`.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

import pybridge
from pybridge.types import Ply, Result

from shell.render import Printer
from shell.repl.session import Session

#: argument kinds a completer knows: one per position, the last one repeats
GAME, OPTION, SPEC, SEAT, LEVEL, FILE, COMMAND, COUNT, SECONDS, PLY, ISOLATION_MODE = (
    "game", "option", "spec", "seat", "level", "file", "command", "count",
    "seconds", "ply", "isolation",
)

NO_GAME = "no game yet: start one with new GAME (games lists them)"


class Host(Protocol):
    """What a command's handler may use of the shell running it."""

    say: Printer
    session: Session

    def show_board(self) -> None: ...

    def announce(self, result: Result) -> None: ...

    def start_game(self, game: pybridge.Game, specs: tuple[str, str], *,
                   state: pybridge.State | None = None, history: list[Ply] | None = None,
                   log: bool = True, heading: str = "New game") -> None: ...

    def keep_open(self) -> None: ...

    def quit(self) -> None: ...

    def thinking(self, who: str) -> AbstractContextManager[object]: ...

    def read_plain(self, message: str) -> str: ...


ArgsCheck = Callable[["Command", list[str]], "str | None"]
StateCheck = Callable[["Command", Session, list[str]], "str | None"]


def any_args(command: "Command", args: list[str]) -> str | None:
    return None


def no_args(command: "Command", args: list[str]) -> str | None:
    if args:
        return f"{command.name} takes no arguments (usage: {command.usage})"
    return None


def exactly_one(command: "Command", args: list[str]) -> str | None:
    return f"usage: {command.usage}" if len(args) != 1 else None


def optional_count(meaning: str) -> ArgsCheck:
    """At most one argument, a whole number from 1; ``meaning`` says what it is."""
    def check(command: "Command", args: list[str]) -> str | None:
        if len(args) > 1 or (args and not (args[0].isdigit() and int(args[0]) > 0)):
            return f"usage: {command.usage} ({meaning})"
        return None
    return check


@dataclass(frozen=True)
class Command:
    name: str
    usage: str
    summary: str
    run: Callable[[Host, list[str]], None]
    details: str = ""
    args: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    #: refused without a game (saying ``no_game``) and not offered then
    needs_game: bool = False
    no_game: str = NO_GAME
    #: the arguments as typed, before the game is looked at
    check_args: ArgsCheck = any_args
    #: then, the arguments against the game as it stands
    check_state: StateCheck | None = None
    #: whether it can do something now (completion offers only those);
    #: by default, whether it has the game it needs
    useful: Callable[[Session], bool] | None = None

    def problem(self, session: Session, args: list[str]) -> str | None:
        """Why ``args`` cannot run now, or None."""
        problem = self.check_args(self, args)
        if problem is None and self.needs_game and session.match is None:
            problem = self.no_game
        if problem is None and self.check_state is not None:
            problem = self.check_state(self, session, args)
        return problem

    def applies(self, session: Session) -> bool:
        if self.needs_game and session.match is None:
            return False
        return self.useful is None or self.useful(session)


def option_items(items: Sequence[str], form: str = "-o NAME=VALUE") -> dict[str, str]:
    """Game options written NAME=VALUE; ValueError naming a bad or
    repeated one (``form`` says how to write one)."""
    options: dict[str, str] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name or not value:
            raise ValueError(f"bad option {item!r}: write {form}")
        if name in options:
            raise ValueError(f"option {name} given twice ({name}={options[name]}, {item})")
        options[name] = value
    return options
