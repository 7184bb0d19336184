"""The shell's commands: names, usage, help and argument completion.

Handlers live on :class:`shell.repl.Shell` as ``cmd_<name>``; this table says
what exists, how it is used and how its arguments complete.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

#: argument kinds a completer knows: one per position, the last one repeats
GAME, OPTION, SPEC, SEAT, LEVEL, FILE, COMMAND, COUNT, SECONDS, PLY = (
    "game", "option", "spec", "seat", "level", "file", "command", "count",
    "seconds", "ply",
)


@dataclass(frozen=True)
class Command:
    name: str
    usage: str
    summary: str
    details: str = ""
    args: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()


COMMANDS: tuple[Command, ...] = (
    Command(
        "new", "new GAME [NAME=VALUE ...] [--first SPEC] [--second SPEC]",
        "start a game",
        "Starts a new game of GAME with the given options (see `games`).\n"
        "Seats take a player spec: human, random, ai:N (the game's AI at\n"
        "level N), or a bot file path.pl[:N]. Defaults: --first human\n"
        "--second ai:3.\n"
        "Example: new connect4 width=8 --first ai:2 --second human",
        (GAME, OPTION),
    ),
    Command("games", "games", "list the games, their players and options"),
    Command("moves", "moves", "list the valid moves, with what each does"),
    Command(
        "hint", "hint [LEVEL]", "show the move the AI would play here",
        "Asks the game's AI at LEVEL (default 3) for a move in the current\n"
        "position and shows it with its value for you. It does not play it.",
        (LEVEL,),
    ),
    Command(
        "undo", "undo [N]", "take back moves",
        "Without N: back to your previous turn (taking back the AI's reply\n"
        "too). With N: exactly N moves. Undone moves can be redone.",
        (COUNT,),
    ),
    Command(
        "redo", "redo [N]", "replay undone moves",
        "Without N: up to your next turn (the AI's reply as it was played).\n"
        "With N: exactly N moves.",
        (COUNT,),
    ),
    Command("history", "history", "list the moves played so far"),
    Command("board", "board", "show the board again"),
    Command(
        "players", "players [SPEC SPEC | SEAT SPEC]", "show or change who plays",
        "Without arguments: who sits where. `players human ai:2` sets both\n"
        "seats (first, second); `players o ai:4` sets one seat. Takes effect\n"
        "at once, mid-game.",
        (SEAT, SPEC),
    ),
    Command(
        "go", "go", "let a stopped AI move again",
        "After Ctrl-C stopped an AI's thinking, the game waits; `go` lets\n"
        "the AI think again.",
    ),
    Command(
        "delay", "delay SECONDS", "pause between AI moves (AI vs AI)",
        "Seconds to wait after each AI move when no human plays, so the game\n"
        "can be watched; 0 plays at full speed. `step` instead waits for Enter.",
        (SECONDS,),
    ),
    Command(
        "movetime", "movetime [SECONDS]", "how long a bot may think per move",
        "Seconds a bot file may take for one move (default 1, as arena play\n"
        "--move-time); a slower answer loses the game. Without SECONDS: says it.",
        (SECONDS,),
    ),
    Command(
        "step", "step", "AI vs AI: play one move at a time",
        "Toggles step mode: with no human seat, each Enter plays one move.",
    ),
    Command("rules", "rules", "the rules and move notation of this game"),
    Command(
        "save", "save FILE", "save the game as a replay log",
        "Writes the game so far (moves, undos are not kept) to FILE in the\n"
        "replay format; `load FILE` continues it.", (FILE,),
    ),
    Command(
        "load", "load FILE", "continue a game from a replay log",
        "Loads the replay log FILE and continues the game from its last\n"
        "move; the seats are those of the log unless changed with `players`.",
        (FILE,),
    ),
    Command(
        "replay", "replay FILE [PLY]", "watch a recorded game",
        "Shows a replay log position by position: Enter or `n` steps\n"
        "forward, `p` back, a number jumps to that ply, `q` leaves.",
        (FILE, PLY),
    ),
    Command("help", "help [COMMAND]", "this list, or one command in detail", "", (COMMAND,)),
    Command("quit", "quit", "leave the shell (Ctrl-D also does)", aliases=("exit",)),
)

BY_NAME: dict[str, Command] = {}
for _c in COMMANDS:
    BY_NAME[_c.name] = _c
    for _a in _c.aliases:
        BY_NAME[_a] = _c


def lookup(word: str) -> Command | None:
    return BY_NAME.get(word)


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
