"""The shell's commands, in the order help lists them: what exists, how
it is used, and how its arguments complete (see :mod:`shell.repl.command`).

Starting a game, the list of games, help and quit are here; the rest in
:mod:`shell.repl.game_commands` and :mod:`shell.repl.file_commands`.
"""

from __future__ import annotations

import difflib

import pybridge
from pybridge.models import gamefile
from pybridge.play.players import PlayerSpec
from pybridge.types import spec_forms

from shell.repl import file_commands
from shell.repl import game_commands
from shell.render import text_width
from shell.repl.command import COMMAND, GAME, OPTION, Command, Host, no_args, option_items
from shell.render import BOLD, games_listing, players_listing
from shell.repl.session import ShellError

DEFAULT_SEATS = ("human", "ai:3")


def unknown_game(word: str) -> str:
    close = difflib.get_close_matches(word, pybridge.games(), n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return (f"unknown game {word!r}{hint}; games: {', '.join(pybridge.games())}, "
            "or a game file by its path (new ./nim.pl)")


def parse_new_args(args: list[str]) -> tuple[str, dict[str, str], tuple[str, str]]:
    """GAME [NAME=VALUE ...] [--first SPEC] [--second SPEC]."""
    if not args:
        raise ShellError("which game? new GAME [NAME=VALUE ...] [--first SPEC] [--second SPEC]")
    game_id, rest = args[0], args[1:]
    option_words: list[str] = []
    specs = list(DEFAULT_SEATS)
    i = 0
    while i < len(rest):
        word = rest[i]
        if word.startswith("--"):
            flag, eq, value = word.partition("=")
            if flag not in ("--first", "--second"):
                raise ShellError(f"unknown flag {flag!r}: use --first SPEC or --second SPEC")
            if not eq:
                i += 1
                if i == len(rest):
                    raise ShellError(f"{flag} needs a player spec ({spec_forms()})")
                value = rest[i]
            PlayerSpec.parse(value)
            specs[0 if flag == "--first" else 1] = value
        elif "=" in word:
            option_words.append(word)
        else:
            raise ShellError(f"unexpected {word!r}: options are NAME=VALUE, seats --first/--second SPEC")
        i += 1
    return game_id, option_items(option_words, "NAME=VALUE, e.g. width=8"), (specs[0], specs[1])


def run_new(host: Host, args: list[str]) -> None:
    game_id, options, specs = parse_new_args(args)
    game = pybridge.load_game(game_id, **options)
    host.start_game(game, specs)
    host.keep_open()  # arena play/resume: the shell goes on after a new game


def new_args(command: Command, args: list[str]) -> str | None:
    if not args:
        return f"which game? usage: {command.usage} (games: {', '.join(pybridge.games())})"
    if args[0] not in pybridge.games() and not gamefile.is_game_path(args[0]):
        return unknown_game(args[0])
    return None


def run_games(host: Host, args: list[str]) -> None:
    for line in games_listing(text_width()):
        host.say(line)


def run_help(host: Host, args: list[str]) -> None:
    say = host.say
    if args:
        command = lookup(args[0])
        assert command is not None
        say(say.style(BOLD, command.usage) + f"\n  {command.summary}")
        if command.details:
            say("  " + command.details.replace("\n", "\n  "))
        if command.name in ("players", "new"):
            for line in players_listing(text_width()):
                say(line)
        return
    say(say.style(BOLD, "Commands") + " (help COMMAND for details; Tab completes):")
    width = max(len(c.usage) for c in COMMANDS)
    for command in COMMANDS:
        say(f"  {command.usage.ljust(width)}  {command.summary}")
    say("A move is typed as its text (Tab lists the valid ones) or as its Prolog term, as a\n"
        "bot returns it (sliding: 1-5 or [1,5]). A line that cannot run is refused before\n"
        "Enter and stays to be edited: Ctrl-U clears it. Ctrl-C stops an AI, Ctrl-D leaves.")


def help_args(command: Command, args: list[str]) -> str | None:
    if len(args) > 1 or (args and lookup(args[0]) is None):
        return f"no command {args[0]!r}: help lists them"
    return None


def run_quit(host: Host, args: list[str]) -> None:
    host.quit()


COMMANDS: tuple[Command, ...] = (
    Command(
        "new", "new GAME [NAME=VALUE ...] [--first SPEC] [--second SPEC]",
        "start a game", run_new,
        "Starts a new game of GAME with the given options (see `games`).\n"
        f"Seats take a player spec: {spec_forms()}\n"
        f"(see below). Defaults: --first {DEFAULT_SEATS[0]} --second {DEFAULT_SEATS[1]}.\n"
        "Example: new connect4 width=8 --first ai:2 --second human",
        (GAME, OPTION), check_args=new_args,
    ),
    Command("games", "games", "list the games, their players and options", run_games,
            check_args=no_args),
    game_commands.MOVES, game_commands.HINT, game_commands.UNDO, game_commands.REDO, game_commands.HISTORY, game_commands.BOARD, game_commands.PLAYERS, game_commands.GO, game_commands.DELAY,
    game_commands.MOVETIME, game_commands.ISOLATION, game_commands.STEP, game_commands.RULES,
    file_commands.SAVE, file_commands.LOAD, file_commands.REPLAY,
    Command("help", "help [COMMAND]", "this list, or one command in detail", run_help, "",
            (COMMAND,), check_args=help_args),
    Command("quit", "quit", "leave the shell (Ctrl-D also does)", run_quit, aliases=("exit",),
            check_args=no_args),
)

BY_NAME: dict[str, Command] = {}
for _c in COMMANDS:
    BY_NAME[_c.name] = _c
    for _a in _c.aliases:
        BY_NAME[_a] = _c


def lookup(word: str) -> Command | None:
    return BY_NAME.get(word)
