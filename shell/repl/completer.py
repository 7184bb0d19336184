"""Tab completion: commands, their arguments, and the valid moves of the
position with a short description beside each.

The completer knows the game only through the callables it is given (as
ptpython's knows the namespace through ``get_globals``): the moves the
human to move may type, whether a command applies now, and the seats.
Arguments complete by the kinds their command declares.
"""

from __future__ import annotations

import functools
import os
import re
import shlex
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from prompt_toolkit.completion import CompleteEvent, Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

import pybridge
from pybridge.models import gamefile
from pybridge.jail import sandbox
from pybridge.play.players import BOT_SUFFIXES
from pybridge.types import PLAYER_KINDS, Isolation, PlayerKind

from shell.repl import commands
from shell.repl.command import COMMAND, FILE, GAME, ISOLATION_MODE, LEVEL, OPTION, SEAT, SPEC, Command

#: The levels offered for each player kind written KIND:N, with what each is.
LEVELS_OFFERED: dict[PlayerKind, dict[int, str]] = {
    PlayerKind.AI: {1: "the game's AI: random", 2: "the game's AI: greedy",
                    3: "the game's AI: search", 4: "the game's AI: longer search"},
    PlayerKind.MCTS: {3: "general AI, 0.25 s a move", 5: "general AI, 1 s a move",
                      7: "general AI, 4 s a move"},
}
#: The built-in player specs offered, with what each is: every kind but a
#: bot file (offered by its path), a leveled one at the levels above.
BUILTIN_SPECS: dict[str, str] = {
    spec: meaning
    for kind, form in PLAYER_KINDS.items() if kind is not PlayerKind.BOT
    for spec, meaning in (
        [(f"{kind}:{level}", what) for level, what in LEVELS_OFFERED[kind].items()]
        if kind.leveled else [(str(kind), form.meaning)])
}
FLAGS = ("--first", "--second")
#: Example bots named after a game by another name than its id.
GAME_PREFIXES = {"c4": "connect4"}


def example_game(name: str) -> str | None:
    """The game an example bot file is for, by its name (``c4_course_ai.pl``:
    connect4), or None for a bot that plays any game."""
    prefix = name.split("_", 1)[0] if "_" in name else ""
    prefix = GAME_PREFIXES.get(prefix, prefix)
    return prefix if prefix in pybridge.games() else None


def bot_files(game: str | None = None) -> list[str]:
    """Bot files a user may mean: examples shipped with the project (for
    ``game`` and for any game), and .pl, .prolog and .pro files in the
    current directory."""
    from pybridge.engine._prolog import PROLOG_DIR

    found = []
    examples = PROLOG_DIR / "bots" / "examples"
    for path in sorted(examples.glob("*.pl")):
        if example_game(path.stem) not in (None, game):
            continue
        try:
            found.append(str(path.relative_to(Path.cwd())))
        except ValueError:
            found.append(str(path))
    found += sorted(p.name for p in Path.cwd().iterdir()
                    if p.suffix in BOT_SUFFIXES and p.is_file())
    return found


@functools.lru_cache(maxsize=None)
def game_title(game_id: str) -> str:
    return str(pybridge.load_game(game_id).title)


def option_specs(game_id: str) -> tuple[pybridge.Option, ...]:
    """The options of a game, those of a game file as it is now (its
    author may have added one since the last Tab)."""
    try:
        stamp = os.stat(game_id).st_mtime_ns if gamefile.is_game_path(game_id) else 0
    except OSError:
        stamp = 0
    return _option_specs(game_id, stamp)


@functools.lru_cache(maxsize=32)
def _option_specs(game_id: str, stamp: int) -> tuple[pybridge.Option, ...]:
    return pybridge.load_game(game_id).option_specs


def option_values(option: pybridge.Option) -> list[str]:
    """Values to offer for an option: its default, then the range its
    help names (e.g. "columns (4..12)") when that range is short."""
    values = [str(option.default)]
    found = re.search(r"(-?\d+)\s*\.\.\s*(-?\d+)", option.help)
    if found and isinstance(option.default, int):
        low, high = int(found.group(1)), int(found.group(2))
        if 0 < high - low <= 20:
            values += [str(v) for v in range(low, high + 1) if v != option.default]
    return values


def visible(paths: PathCompleter, current: str) -> Iterable[Completion]:
    """The paths ``paths`` completes ``current`` to, without hidden ones
    (a name beginning with a dot) unless the name typed begins with one."""
    shown_hidden = os.path.basename(current).startswith(".")
    for found in paths.get_completions(Document(current, len(current)), CompleteEvent()):
        name = os.path.basename(current[:len(current) + found.start_position] + found.text)
        if shown_hidden or not name.startswith("."):
            yield found


class MoveDescriptions:
    """The moves of a position with what each does, kept for the last
    position asked about (every Tab in one position asks again)."""

    def __init__(self) -> None:
        self._last: tuple[str, dict[str, str]] | None = None

    def __call__(self, state: pybridge.State) -> dict[str, str]:
        key = str(state)
        if self._last is None or self._last[0] != key:
            self._last = (key, state.move_descriptions())
        return self._last[1]


class ShellCompleter(Completer):
    def __init__(
        self,
        *,
        moves: Callable[[], Mapping[str, str]],
        applies: Callable[[Command], bool],
        seats: Callable[[], Sequence[str]],
        game: Callable[[], str | None] = lambda: None,
    ) -> None:
        """``moves``: the moves a human may type now with their meaning
        (none when no human is to move); ``applies``: whether a command can
        do something now; ``seats``: the seats of the game, if any;
        ``game``: the id of the game being played, if any."""
        self.moves = moves
        self.applies = applies
        self.seats = seats
        self.game = game
        self.paths = PathCompleter(expanduser=True)
        self.bot_paths = PathCompleter(
            expanduser=True, file_filter=lambda name: os.path.isdir(name) or name.endswith(BOT_SUFFIXES))
        self.kinds: dict[str, Callable[[str, list[str]], Iterable[Completion]]] = {
            GAME: self._games, OPTION: self._new_options, SPEC: self._specs,
            SEAT: self._seats, LEVEL: self._levels, COMMAND: self._commands,
            FILE: self._files, ISOLATION_MODE: self._isolations,
        }

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
        command = commands.lookup(words[0])
        if command is None or not command.args:
            return
        kind = command.args[min(len(words) - 1, len(command.args) - 1)]
        complete = self.kinds.get(kind)  # counts, seconds and plies: none offered
        if complete is not None:
            yield from complete(current, words)

    def _first_word(self, current: str) -> Iterable[Completion]:
        low = current.lower()
        for move, meaning in self.moves().items():
            if move.lower().startswith(low):
                yield Completion(move, -len(current), display_meta=meaning or "move")
        for command in commands.COMMANDS:
            if command.name.startswith(current) and self.applies(command):
                yield Completion(command.name, -len(current), display_meta=command.summary)

    def _games(self, current: str, words: list[str]) -> Iterable[Completion]:
        for game_id in pybridge.games():
            if game_id.startswith(current):
                yield Completion(game_id, -len(current), display_meta=game_title(game_id))
        # game files: .pl files and folders, once a path is being typed or here
        for found in visible(self.bot_paths, current):
            whole = current[:len(current) + found.start_position] + found.text
            if whole.endswith(".pl") or whole.endswith("/") or "/" in current \
                    or current.startswith((".", "~")):
                yield Completion(whole, -len(current), display=found.display,
                                 display_meta="game file" if whole.endswith(".pl") else "")

    def _seats(self, current: str, words: list[str]) -> Iterable[Completion]:
        for seat in self.seats():
            if seat.startswith(current):
                yield Completion(seat, -len(current), display_meta="seat")
        yield from self._specs(current, words)

    def _levels(self, current: str, words: list[str]) -> Iterable[Completion]:
        for level in ("1", "2", "3", "4"):
            if level.startswith(current):
                yield Completion(level, -len(current), display_meta=f"ai:{level}")

    def _isolations(self, current: str, words: list[str]) -> Iterable[Completion]:
        meaning = {Isolation.BWRAP: "bubblewrap sandbox (default)",
                   Isolation.NONE: "Prolog checks only"}
        for mode in sandbox.MODES:
            if mode.startswith(current):
                yield Completion(mode, -len(current), display_meta=meaning[mode])

    def _commands(self, current: str, words: list[str]) -> Iterable[Completion]:
        for command in commands.COMMANDS:
            if command.name.startswith(current):
                yield Completion(command.name, -len(current), display_meta=command.summary)

    def _files(self, current: str, words: list[str]) -> Iterable[Completion]:
        yield from visible(self.paths, current)

    def _specs(self, current: str, words: list[str]) -> Iterable[Completion]:
        """Player specs: the built-in ones, the example bots for the game
        (after ``new GAME``, or the one being played) and for any game, .pl
        files here, and any folder or .pl file once a path is being typed."""
        offered = set()
        game = words[1] if words[0] == "new" and len(words) > 1 else self.game()
        for spec, meaning in BUILTIN_SPECS.items():
            if spec.startswith(current):
                offered.add(spec)
                yield Completion(spec, -len(current), display_meta=meaning)
        for spec in bot_files(game):
            if spec.startswith(current):
                offered.add(spec)
                yield Completion(spec, -len(current), display_meta="bot file")
        if current.startswith((".", "/", "~")) or "/" in current:
            for found in visible(self.bot_paths, current):
                whole = current[:len(current) + found.start_position] + found.text
                if whole not in offered:
                    yield Completion(whole, -len(current), display=found.display)

    def _new_options(self, current: str, words: list[str]) -> Iterable[Completion]:
        """After ``new GAME``: the game's NAME=VALUE options, the seat
        flags, and a player spec after a flag."""
        if words[-1] in FLAGS:
            yield from self._specs(current, words)
            return
        game_id = words[1]
        if game_id not in pybridge.games() and not gamefile.is_game_path(game_id):
            return
        if current.startswith("-"):
            yield from self._flags(current, words)
            return
        try:
            specs = option_specs(game_id)
        except ValueError:  # a game file that cannot be loaded: no options
            specs = ()
        if "=" in current:
            name, _, value = current.partition("=")
            for option in specs:
                if option.name == name:
                    for suggestion in option_values(option):
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
        yield from self._flags(current, words)

    def _flags(self, current: str, words: list[str]) -> Iterable[Completion]:
        for flag in FLAGS:
            if flag.startswith(current) and flag not in words:
                yield Completion(flag, -len(current), display_meta="player spec")
