"""Tab completion: commands, their arguments, and the valid moves of the
position with a short description beside each."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

import pybridge

from . import commands as C

if TYPE_CHECKING:
    from .repl import Shell

BUILTIN_SPECS = ("human", "random", "ai:1", "ai:2", "ai:3", "ai:4")


def bot_files() -> list[str]:
    """Bot files a user may mean: examples shipped with the project, and
    .pl files in the current directory."""
    from pybridge._prolog import PROLOG_DIR

    found = []
    examples = PROLOG_DIR / "bots" / "examples"
    for path in sorted(examples.glob("*.pl")):
        try:
            found.append(str(path.relative_to(Path.cwd())))
        except ValueError:
            found.append(str(path))
    found += sorted(p.name for p in Path.cwd().glob("*.pl"))
    return found


#: commands that need a game
GAME_COMMANDS = frozenset({"moves", "hint", "undo", "redo", "history", "board", "rules",
                           "save", "go", "players"})


class ShellCompleter(Completer):
    def __init__(self, shell: "Shell") -> None:
        self.shell = shell
        self.paths = PathCompleter(expanduser=True)
        self.bot_paths = PathCompleter(
            expanduser=True, file_filter=lambda name: os.path.isdir(name) or name.endswith(".pl"))

    def get_completions(self, document: Document, event: CompleteEvent) -> Iterable[Completion]:
        text = document.text_before_cursor
        try:
            words = shlex.split(text)
        except ValueError:
            return
        if text and not text[-1].isspace():
            current = words.pop() if words else ""
        else:
            current = ""
        if not words:
            yield from self._first_word(current)
            return
        command = C.lookup(words[0])
        if command is None or not command.args:
            return
        position = len(words) - 1
        if command.name == "new":
            yield from self._new_args(words, current)
            return
        if command.name == "players":
            yield from self._kind(C.SEAT if position == 0 else C.SPEC, current, document)
            return
        kind = command.args[min(position, len(command.args) - 1)]
        yield from self._kind(kind, current, document)

    def _first_word(self, current: str) -> Iterable[Completion]:
        shell = self.shell
        if shell.human_to_move():
            described = shell.move_descriptions()
            low = current.lower()
            for move, meaning in described.items():
                if move.lower().startswith(low):
                    yield Completion(move, -len(current), display_meta=meaning or "move")
        for command in C.COMMANDS:
            if command.name.startswith(current) and self._applies(command.name):
                yield Completion(command.name, -len(current), display_meta=command.summary)

    def _applies(self, name: str) -> bool:
        """Whether the command can do something now (completion offers only those)."""
        match = self.shell.match
        if match is None:
            return name not in GAME_COMMANDS
        over = match.result is not None
        if name in ("moves", "hint", "players"):
            return not over
        if name == "undo":
            return bool(match.history)
        if name == "redo":
            return match.can_redo() > 0
        if name == "go":
            return not over and self.shell.ai_to_move()
        return True

    def _seats(self) -> tuple[str, ...]:
        match = self.shell.match
        return match.game.players if match else ()

    def _kind(self, kind: str, current: str, document: Document) -> Iterable[Completion]:
        if kind == C.GAME:
            for game_id in pybridge.games():
                if game_id.startswith(current):
                    yield Completion(game_id, -len(current), display_meta=self.shell.game_title(game_id))
        elif kind == C.SPEC:
            yield from self._specs(current)
        elif kind == C.SEAT:
            for seat in self._seats():
                if seat.startswith(current):
                    yield Completion(seat, -len(current), display_meta="seat")
            yield from self._specs(current)
        elif kind == C.LEVEL:
            for level in ("1", "2", "3", "4"):
                if level.startswith(current):
                    yield Completion(level, -len(current), display_meta=f"ai:{level}")
        elif kind == C.COMMAND:
            for command in C.COMMANDS:
                if command.name.startswith(current):
                    yield Completion(command.name, -len(current), display_meta=command.summary)
        elif kind == C.FILE:
            sub = Document(current, len(current))
            yield from self.paths.get_completions(sub, CompleteEvent())

    def _specs(self, current: str) -> Iterable[Completion]:
        """Player specs: the built-in ones, the example bots, .pl files here,
        and any folder or .pl file once a path is being typed."""
        offered = set()
        for spec in (*BUILTIN_SPECS, *bot_files()):
            if spec.startswith(current):
                offered.add(spec)
                yield Completion(spec, -len(current))
        if current.startswith((".", "/", "~")) or "/" in current:
            sub = Document(current, len(current))
            for found in self.bot_paths.get_completions(sub, CompleteEvent()):
                whole = current[:len(current) + found.start_position] + found.text
                if whole not in offered:
                    yield Completion(whole, -len(current), display=found.display)

    def _new_args(self, words: list[str], current: str) -> Iterable[Completion]:
        if len(words) == 1:
            yield from self._kind(C.GAME, current, Document(current))
            return
        if words[-1] in ("--first", "--second"):
            yield from self._kind(C.SPEC, current, Document(current))
            return
        game_id = words[1]
        if game_id not in pybridge.games():
            return
        if current.startswith("-"):
            for flag in ("--first", "--second"):
                if flag.startswith(current) and flag not in words:
                    yield Completion(flag, -len(current), display_meta="player spec")
            return
        specs = self.shell.option_specs(game_id)
        if "=" in current:
            name, _, value = current.partition("=")
            for option in specs:
                if option.name == name:
                    for suggestion in self.shell.option_values(game_id, option):
                        if suggestion.startswith(value):
                            yield Completion(f"{name}={suggestion}", -len(current), display_meta=option.help)
            return
        given = {w.split("=", 1)[0] for w in words[2:] if "=" in w}
        for option in specs:
            if option.name.startswith(current) and option.name not in given:
                yield Completion(
                    f"{option.name}=", -len(current),
                    display=f"{option.name}=", display_meta=f"{option.help} (default {option.default})",
                )
        for flag in ("--first", "--second"):
            if flag.startswith(current) and flag not in words:
                yield Completion(flag, -len(current), display_meta="player spec")
