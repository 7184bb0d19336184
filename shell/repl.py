"""The interactive shell: a prompt loop over one game at a time.

Every line is either a command (see :mod:`shell.commands`) or a move of
the human to move. Nothing typed can end the shell with a traceback or
change the game unless it is valid: errors are one line, the game stays.
"""

from __future__ import annotations

import difflib
import os
import re
import select
import shlex
import shutil
import sys
import textwrap
import threading
import time
import traceback
import unicodedata
from pathlib import Path
from typing import Any, Callable, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.formatted_text import ANSI, HTML
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.completion import DummyCompleter
from prompt_toolkit.validation import DummyValidator, ValidationError, Validator

import pybridge
from pybridge.errors import ArenaError, IllegalMoveError, Interrupted
from pybridge.match import Match, Ply, Recorder, Result
from pybridge.replay import (
    ReplayError, ReplayWriter, Recorders, describe_result as describe_logged_result,
    read_replay, rebuild,
)
from pybridge.players import Player, PlayerSpec, make_player

from . import commands as C
from .completer import ShellCompleter
from .render import (
    BOLD, CYAN, GREEN, YELLOW, Printer, describe_ply, describe_result,
    seat_label, status_line, strip_ansi,
)
from .thinking import Thinking

DEFAULT_SEATS = ("human", "ai:3")


def state_dir() -> Path:
    """Where the shell keeps its history and logs (XDG state directory)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "prolog-arena"


class ShellError(ArenaError):
    """A command that cannot be done as typed; its text is shown as is."""


class Shell:
    def __init__(
        self,
        *,
        out: TextIO | None = None,
        color: bool = True,
        session: PromptSession[str] | None = None,
        interactive: bool = True,
        history_file: Path | None = None,
        move_time: float = 1.0,
        log_dir: Path | None = None,
    ) -> None:
        self.out = out or sys.stdout
        self.say = Printer(self.out, color)
        self.color = color
        self.interactive = interactive
        self.move_time = move_time
        self.log_dir = log_dir
        self.match: Match | None = None
        self.paused = False
        self.delay = 0.6 if interactive else 0.0
        self.step_mode = False
        self.done = False
        self.single_game = False
        self.last_result: Result | None = None
        self.log_path: Path | None = None
        self.prompt_started = 0.0  # when the current prompt began: a human's think time
        self.prompt_ready = threading.Event()  # set while a prompt waits for input
        self._descriptions: tuple[str, dict[str, str]] | None = None
        self._titles: dict[str, str] = {}
        self._option_specs: dict[str, tuple[pybridge.Option, ...]] = {}
        if session is None and interactive:
            history = FileHistory(str(history_file)) if history_file else InMemoryHistory()
            session = PromptSession(history=history)
        self.session = session

    # -- the loop ------------------------------------------------------------

    def run(self) -> int:
        """Read and run lines until quit or end of input."""
        if not self.single_game:
            self.say(self.say.style(BOLD, "Prolog Arena") + " — type "
                     + self.say.style(CYAN, "help") + " for commands, "
                     + self.say.style(CYAN, "new tictactoe") + " to play, Tab to complete.")
        while not self.done:
            try:
                self.advance()
                if self.done:
                    break
                self.prompt_started = time.monotonic()
                line = self.read_line()
            except (KeyboardInterrupt, Interrupted):
                self.stop_ai("interrupted")
                continue
            except EOFError:
                self.say()
                break
            self.execute(line)
        self.close()
        return 0

    def read_line(self) -> str:
        if self.session is None:
            self.say(self.prompt_text(), end="")
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        return self.session.prompt(
            ANSI(self.prompt_text()),
            completer=ShellCompleter(self),
            validator=ShellValidator(self),
            validate_while_typing=False,
            complete_while_typing=False,
            bottom_toolbar=self.toolbar,
            color_depth=None if self.color else ColorDepth.MONOCHROME,
            pre_run=self.prompt_ready.set,
        )

    def prompt_text(self) -> str:
        match = self.match
        if match is None:
            return self.say.style(BOLD, "arena> ")
        if match.result is not None:
            return self.say.style(BOLD, f"{match.game.id} (over)> ")
        seat = match.state.current_player
        if not match.players[seat].is_human:
            waiting = "go lets it move" if self.paused else "Enter plays its move"
            return self.say.style(BOLD, f"{match.game.id} {seat} ({waiting})> ")
        return self.say.style(BOLD, f"{match.game.id} {seat}> ")

    def toolbar(self) -> Any:
        if self.match is None:
            return HTML(" no game · <b>new GAME</b> to start · <b>help</b> · Ctrl-D leaves")
        return " " + status_line(self.match)

    def execute(self, line: str) -> None:
        """Run one line; every error becomes one line of output."""
        line = line.strip()
        if not line:
            if self.step_mode and self.ai_to_move():
                self.advance(one=True)
            return
        try:
            problem = self.check(line)
            if problem:
                raise ShellError(problem)
            words = shlex.split(line)
            command = C.lookup(words[0])
            if command is not None:
                getattr(self, f"cmd_{command.name}")(words[1:])
            else:
                self.play_move(line)
        except (ShellError, ValueError, ArenaError) as exc:
            self.say.error(str(exc))
        except (KeyboardInterrupt, Interrupted):
            self.stop_ai("interrupted")
        except Exception as exc:  # a bug of ours: report it, keep the game
            self.say.error(f"internal error: {exc!r} (the game is unchanged)")
            if os.environ.get("ARENA_DEBUG"):
                traceback.print_exc(file=self.out)

    # -- validation ----------------------------------------------------------

    def check(self, line: str) -> str | None:
        """Why ``line`` cannot be run, or None. Used before Enter is accepted."""
        line = line.strip()
        if not line:
            return None
        control = next((c for c in line if unicodedata.category(c) == "Cc"), None)
        if control is not None:
            return (f"that line has a control character ({control!r}): "
                    "type a move or a command (help lists them)")
        try:
            words = shlex.split(line)
        except ValueError as exc:
            return f"cannot read that line: {exc}"
        if not words:
            return None
        command = C.lookup(words[0])
        if command is not None:
            return self.check_command(command, words[1:])
        return self.check_move(line)

    def check_command(self, command: C.Command, args: list[str]) -> str | None:
        name = command.name
        if name in ("games", "history", "rules", "board", "moves", "go", "step", "quit"):
            if args:
                return f"{name} takes no arguments (usage: {command.usage})"
            if name in ("history", "board", "moves", "rules", "go") and self.match is None:
                return f"no game yet: start one with new GAME (games lists them)"
            return None
        if name == "new":
            if not args:
                return f"which game? usage: {command.usage} (games: {', '.join(pybridge.games())})"
            if args[0] not in pybridge.games():
                return self._unknown_game(args[0])
            return None
        if name in ("undo", "redo"):
            if len(args) > 1 or (args and not (args[0].isdigit() and int(args[0]) > 0)):
                return f"usage: {command.usage} (N a number of moves, 1 or more)"
            if self.match is None:
                return f"no game to {name} in"
            return None
        if name == "hint":
            if len(args) > 1 or (args and not (args[0].isdigit() and int(args[0]) > 0)):
                return f"usage: {command.usage} (LEVEL a level from 1, e.g. 3)"
            if self.match is None:
                return "no game yet: start one with new GAME"
            if self.match.result is not None:
                return "the game is over: no move to hint"
            return None
        if name == "movetime":
            try:
                if len(args) > 1 or (args and not 0 < float(args[0]) <= 3600):
                    raise ValueError
            except ValueError:
                return f"usage: {command.usage} (seconds above 0, at most 3600, e.g. 5)"
            return None
        if name == "delay":
            try:
                if len(args) != 1 or float(args[0]) < 0:
                    raise ValueError
            except ValueError:
                return f"usage: {command.usage} (seconds >= 0, e.g. 0.5)"
            return None
        if name in ("save", "load"):
            if len(args) != 1:
                return f"usage: {command.usage}"
            if name == "save" and self.match is None:
                return "no game to save"
            return None
        if name == "replay":
            if not 1 <= len(args) <= 2 or (len(args) == 2 and not args[1].isdigit()):
                return f"usage: {command.usage}"
            return None
        if name == "players":
            if len(args) > 2:
                return f"usage: {command.usage}"
            if args and self.match is None:
                return "no game yet: start one with new GAME ... --first SPEC --second SPEC"
            if len(args) == 1:
                return f"usage: {command.usage} (both seats' specs, or a seat and a spec)"
            return None
        if name == "help":
            if len(args) > 1 or (args and C.lookup(args[0]) is None):
                return f"no command {args[0]!r}: help lists them" if args else None
            return None
        return None

    def _unknown_game(self, word: str) -> str:
        close = difflib.get_close_matches(word, pybridge.games(), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return f"unknown game {word!r}{hint}; games: {', '.join(pybridge.games())}"

    def check_move(self, text: str) -> str | None:
        match = self.match
        word = text.split()[0]
        if match is None:
            close = difflib.get_close_matches(word, list(C.BY_NAME), n=1)
            hint = f" — did you mean {close[0]}?" if close else ""
            return f"{word!r} is not a command{hint} (no game yet: new GAME starts one; help lists commands)"
        if match.result is not None:
            return "the game is over: new starts another, undo takes moves back"
        seat = match.state.current_player
        if not match.players[seat].is_human:
            if self.paused:
                return f"it is {seat_label(match, seat)}'s turn, stopped: go lets it move"
            return f"it is {seat_label(match, seat)}'s turn"
        if text in match.state.valid_moves():
            return None
        try:
            match.state.move(text)
        except IllegalMoveError as exc:
            reason = exc.reason
            close = difflib.get_close_matches(word, list(C.BY_NAME), n=1, cutoff=0.75)
            if close:
                reason += f" — or did you mean the command {close[0]}?"
            return reason
        return None

    # -- the game --------------------------------------------------------------

    def human_to_move(self) -> bool:
        m = self.match
        return m is not None and m.result is None and m.to_move.is_human

    def ai_to_move(self) -> bool:
        m = self.match
        return m is not None and m.result is None and not m.to_move.is_human

    def move_descriptions(self) -> dict[str, str]:
        assert self.match is not None
        key = str(self.match.state)
        if self._descriptions is None or self._descriptions[0] != key:
            self._descriptions = (key, self.match.state.move_descriptions())
        return self._descriptions[1]

    def game_title(self, game_id: str) -> str:
        if game_id not in self._titles:
            self._titles[game_id] = pybridge.load_game(game_id).title
        return self._titles[game_id]

    def option_specs(self, game_id: str) -> tuple[pybridge.Option, ...]:
        if game_id not in self._option_specs:
            self._option_specs[game_id] = pybridge.load_game(game_id).option_specs
        return self._option_specs[game_id]

    def option_values(self, game_id: str, option: pybridge.Option) -> list[str]:
        """Values to offer for an option: its default, then the range its
        help names (e.g. "columns (4..12)") when that range is short."""
        values = [str(option.default)]
        found = re.search(r"(-?\d+)\s*\.\.\s*(-?\d+)", option.help)
        if found and isinstance(option.default, int):
            low, high = int(found.group(1)), int(found.group(2))
            if 0 < high - low <= 20:
                values += [str(v) for v in range(low, high + 1) if v != option.default]
        return values

    def show_board(self) -> None:
        assert self.match is not None
        self.say(self.match.state.display(color=self.color, last_move=self.match.last_move).rstrip())
        if self.session is None:  # interactive prompts show it in the toolbar
            self.say(self.say.style(YELLOW, status_line(self.match)))

    def start_game(self, game: pybridge.Game, specs: tuple[str, str],
                   *, state: pybridge.State | None = None, history: list[Ply] | None = None,
                   log: bool = True, heading: str = "New game") -> None:
        """Seat the players and start (or continue, with ``history``) a game;
        with ``log``, it is replay-logged in the log directory."""
        line: list[tuple[pybridge.State, Ply]] = []
        position = state if state is not None else game.initial_state()
        for ply in history or ():
            line.append((position, ply))
            position = position.move(ply.move)
        players = self.make_players(game, specs, line)
        self.end_game()
        self.match = Match(game, players, move_time=self.move_time,
                           state=state, history=history or ())
        self.paused = False
        self.last_result = None
        self.log_path = None
        if log and self.log_dir is not None:
            self.start_log()
        self.say(self.say.style(BOLD, f"{heading}: {game.title}")
                 + "".join(f" {k}={v}" for k, v in game.options.items())
                 + " — " + ", ".join(f"{seat}: {p.spec}" for seat, p in self.match.players.items()))
        self.show_board()
        if self.match.result is not None:
            self.announce(self.match.result)

    def start_log(self) -> None:
        """Log the game, from its start, to a new file in the log directory."""
        assert self.match is not None and self.log_dir is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.log_dir / f"{stamp}-{self.match.game.id}.jsonl"
        n = 1
        while path.exists():
            n += 1
            path = self.log_dir / f"{stamp}-{self.match.game.id}-{n}.jsonl"
        try:
            writer = ReplayWriter.from_match(path, self.match)
        except OSError as exc:
            self.say.error(f"cannot write a replay log in {self.log_dir}: {exc.strerror}; "
                           "the game goes on unlogged")
            return
        self.add_recorder(writer)
        self.log_path = path

    def add_recorder(self, recorder: Recorder) -> None:
        """Also record the game with ``recorder`` (e.g. arena play --replay)."""
        assert self.match is not None
        if self.match.recorder is None:
            self.match.recorder = recorder
        elif isinstance(self.match.recorder, Recorders):
            self.match.recorder.recorders.append(recorder)
        else:
            self.match.recorder = Recorders(self.match.recorder, recorder)

    def writers(self) -> list[ReplayWriter]:
        recorder = self.match.recorder if self.match else None
        found = recorder.recorders if isinstance(recorder, Recorders) else [recorder]
        return [r for r in found if isinstance(r, ReplayWriter)]

    def make_players(self, game: pybridge.Game, specs: tuple[str, str],
                     line: list[tuple[pybridge.State, Ply]]) -> dict[str, Player]:
        return self.seat_players(game, dict(zip(game.players, specs)), line)

    def seat_players(self, game: pybridge.Game, specs: dict[str, str],
                     line: list[tuple[pybridge.State, Ply]]) -> dict[str, Player]:
        """A player for each seat named in ``specs``, in a game that has
        gone ``line`` so far; none if one fails."""
        players: dict[str, Player] = {}
        try:
            for seat, spec in specs.items():
                try:
                    players[seat] = self.make_player(spec, game, seat, line)
                except ShellError as exc:
                    raise ShellError(f"{seat}: {exc}") from None
        except BaseException:
            for p in players.values():
                p.close()
            raise
        return players

    def make_player(self, spec: str, game: pybridge.Game, seat: str,
                    line: list[tuple[pybridge.State, Ply]]) -> Player:
        """The player for ``spec`` in ``seat``; a bot file is loaded now (and
        a classic one replays ``line``), so that one that cannot play is
        refused before it takes the seat."""
        parsed = PlayerSpec.parse(spec)
        if parsed.kind == "bot":
            assert parsed.path is not None
            if not Path(parsed.path).is_file():
                raise ShellError(f"no bot file {parsed.path!r}")
        player = make_player(parsed, move_time=self.move_time)
        if parsed.kind == "bot":
            with Thinking(self.out, f"loading {player.name}",
                          enabled=self.interactive and self.out.isatty()):
                problem = player.take_over(game, seat, line, max(self.move_time, 1.0))
            hello = player.hello
            if hello is not None and not hello.ready:
                problem = "; ".join(hello.problems) or hello.detail
            if problem:
                player.close()
                raise ShellError(f"{player.name} is refused: {problem}")
            for warning in hello.warnings if hello is not None else ():
                self.say.note(f"{seat}: {player.name}: warning: {warning}")
        return player

    def end_game(self) -> None:
        if self.match is not None:
            for writer in self.writers():
                writer.close()
                if self.match.result is None and self.match.history:
                    self.say.note("unfinished game kept in its replay log; to go on with it:\n"
                                  f"  arena resume {shlex.quote(str(writer.path))}")
            self.match.close()
            self.match = None

    def play_move(self, text: str) -> None:
        assert self.match is not None
        ms = int((time.monotonic() - self.prompt_started) * 1000) if self.prompt_started else 0
        ply = self.match.play(text, ms=ms)
        self.paused = False  # a human's move sets the game going again
        self.after_ply(ply)

    def after_ply(self, ply: Ply) -> None:
        assert self.match is not None
        self.say(self.say.style(GREEN, f"{ply.number}. {describe_ply(self.match, ply)}"))
        self.show_board()
        if self.match.result is not None:
            self.announce(self.match.result)

    def announce(self, result: Result) -> None:
        assert self.match is not None
        self.last_result = result
        self.say(self.say.style(BOLD, describe_result(self.match, result)))
        for writer in self.writers():
            self.say.note(f"replay log: {writer.path}")
        if self.single_game:
            self.done = True
        else:
            self.say.note("new plays again, undo takes moves back, save FILE keeps the game")

    def advance(self, *, one: bool = False) -> None:
        """Let AIs and bots move while it is their turn (and not stopped)."""
        while self.ai_to_move() and not self.paused:
            assert self.match is not None
            if self.step_mode and not one and not any(p.is_human for p in self.match.players.values()):
                return
            seat = self.match.state.current_player
            who = seat_label(self.match, seat)
            try:
                with Thinking(self.out, who, enabled=self.interactive and self.out.isatty()):
                    out = self.match.step()
            except (KeyboardInterrupt, Interrupted):
                self.stop_ai(f"stopped {who}")
                return
            self.show_output(self.match.players[seat])
            if isinstance(out, Result):  # a forfeit: the result says why
                self.announce(out)
                return
            self.after_ply(out)
            if one:
                return
            if self.match.result is None and not any(p.is_human for p in self.match.players.values()):
                try:
                    typed = self.line_typed(self.delay)
                except KeyboardInterrupt:
                    self.stop_ai("paused")
                    return
                if typed:
                    self.paused = True
                    self.say.note("paused for what you typed; go lets the AIs play on")
                    return

    def show_output(self, player: Player, most: int = 10) -> None:
        """What a bot printed during its move, its last ``most`` lines."""
        recent = getattr(player, "recent_output", None)
        lines = recent().splitlines() if recent else []
        if len(lines) > most:
            self.say.note(f"  | ({len(lines) - most} lines before these)")
        for line in lines[-most:]:
            shown = "".join(c for c in strip_ansi(line) if unicodedata.category(c) != "Cc")
            self.say.note(f"  | {shown[:200]}")

    def line_typed(self, seconds: float) -> bool:
        """Wait up to ``seconds``; whether a line typed at the terminal is
        waiting to be read (AI-vs-AI play then stops for it)."""
        if not (self.interactive and self.session is not None and sys.stdin.isatty()):
            time.sleep(seconds)
            return False
        try:
            ready, _, _ = select.select([sys.stdin], [], [], seconds)
        except (OSError, ValueError):
            return False
        return bool(ready)

    def stop_ai(self, what: str) -> None:
        self.say()
        if self.ai_to_move():
            self.paused = True
            self.say.note(f"{what}: the game waits. go lets the AI move; players changes seats; undo takes back.")
        else:
            self.say.note("(Ctrl-D or quit leaves)")

    def close(self) -> None:
        self.end_game()

    # -- commands ----------------------------------------------------------------

    def cmd_help(self, args: list[str]) -> None:
        if args:
            command = C.lookup(args[0])
            assert command is not None
            self.say(self.say.style(BOLD, command.usage) + f"\n  {command.summary}")
            if command.details:
                self.say("  " + command.details.replace("\n", "\n  "))
            return
        self.say(self.say.style(BOLD, "Commands") + " (help COMMAND for details; Tab completes):")
        width = max(len(c.usage) for c in C.COMMANDS)
        for command in C.COMMANDS:
            self.say(f"  {command.usage.ljust(width)}  {command.summary}")
        self.say("A move is typed as it is: Tab lists the valid ones. Ctrl-C stops an AI, Ctrl-D leaves.")

    def cmd_games(self, args: list[str]) -> None:
        for line in games_listing():
            self.say(line)

    def cmd_new(self, args: list[str]) -> None:
        game_id, options, specs = parse_new_args(args)
        game = pybridge.load_game(game_id, **options)
        self.start_game(game, specs)
        self.single_game = False  # arena play/resume: the shell goes on after a new game

    def cmd_moves(self, args: list[str]) -> None:
        assert self.match is not None
        if self.match.result is not None:
            self.say("The game is over: no moves.")
            return
        described = self.match.state.move_descriptions()
        self.say(f"{len(described)} valid moves for {self.match.state.current_player}:")
        width = max(len(m) for m in described)
        for move, meaning in described.items():
            self.say(f"  {move.ljust(width)}  {meaning}".rstrip())

    def cmd_board(self, args: list[str]) -> None:
        self.show_board()

    def cmd_rules(self, args: list[str]) -> None:
        assert self.match is not None
        self.say(self.say.style(BOLD, self.match.game.title))
        text = self.match.game.rules() or "(this game has no rules text)"
        width = max(40, min(shutil.get_terminal_size((80, 24)).columns - 1, 100))
        self.say("\n".join(textwrap.fill(paragraph, width) if paragraph else ""
                            for paragraph in text.splitlines()))

    def cmd_history(self, args: list[str]) -> None:
        assert self.match is not None
        plies = self.match.history
        if not plies:
            self.say("No moves yet.")
            return
        for ply in plies:
            self.say(f"  {ply.number:3}. {ply.player:>6} {ply.move}"
                     + (f"  ({ply.ms} ms)" if ply.ms else ""))

    def cmd_undo(self, args: list[str]) -> None:
        assert self.match is not None
        if args:
            n = self.match.undo(int(args[0]))
        else:
            n = self.match.undo_to_human()
        if n == 0:
            raise ShellError("nothing to undo")
        if self.ai_to_move():
            self.paused = True
        self.say.note(f"took back {n} move{'s' * (n != 1)}")
        self.show_board()
        if self.paused and self.ai_to_move():
            self.say.note("the AI waits: go lets it move")

    def cmd_redo(self, args: list[str]) -> None:
        assert self.match is not None
        n = self.match.redo(int(args[0])) if args else self.match.redo_to_human()
        if n == 0:
            raise ShellError("nothing to redo")
        self.say.note(f"replayed {n} move{'s' * (n != 1)}")
        self.show_board()
        if self.match.result is not None:
            self.announce(self.match.result)

    def cmd_hint(self, args: list[str]) -> None:
        assert self.match is not None
        level = int(args[0]) if args else 3
        state = self.match.state
        try:
            with Thinking(self.out, f"ai:{level}", enabled=self.interactive and self.out.isatty()):
                move = state.choose_move(level)
        except (KeyboardInterrupt, Interrupted):
            self.say()
            self.say.note("hint stopped")
            return
        after = state.move(move)
        value = after.value(state.current_player)
        meaning = state.move_descriptions().get(move, "")
        self.say(f"ai:{level} would play {self.say.style(BOLD, move)}"
                 + (f" ({meaning})" if meaning else "")
                 + f"; value for {state.current_player} after it: {value:g}")

    def cmd_players(self, args: list[str]) -> None:
        if self.match is None:
            self.say("No game. Seats are chosen with new GAME --first SPEC --second SPEC.")
            return
        match = self.match
        if args and match.result is not None:
            raise ShellError("the game is over: undo takes moves back (then players can change "
                             "seats), new starts another")
        if args:
            seats = match.game.players
            if args[0] in seats:
                changes = {args[0]: args[1]}
            else:
                try:
                    PlayerSpec.parse(args[0])
                except ValueError:
                    raise ShellError(
                        f"{args[0]!r} is neither a seat of {match.game.id} ({', '.join(seats)}) "
                        "nor a player spec (human, random, ai:N, bot.pl)") from None
                changes = dict(zip(seats, args))
            new = self.seat_players(match.game, changes, match.line())
            for seat, player in new.items():
                match.players[seat].close()
                match.players[seat] = player
            self.paused = False
            for writer in self.writers():
                writer.players({seat: str(p.spec) for seat, p in match.players.items()})
        for seat in match.game.players:
            self.say(f"  {seat}: {match.players[seat].spec}")

    def cmd_go(self, args: list[str]) -> None:
        if not self.ai_to_move():
            raise ShellError("no AI is waiting to move")
        self.paused = False

    def cmd_movetime(self, args: list[str]) -> None:
        if args:
            self.move_time = float(args[0])
            if self.match is not None:
                self.match.move_time = self.move_time
                for player in self.match.players.values():
                    if hasattr(player, "move_time"):
                        # its limits are set when its process starts: the next move starts one
                        player.move_time = self.move_time
                        player.close()
        self.say.note(f"a bot may think {self.move_time:g} s a move")

    def cmd_delay(self, args: list[str]) -> None:
        self.delay = float(args[0])
        self.say.note(f"AI moves now {self.delay:g} s apart when no human plays")

    def cmd_step(self, args: list[str]) -> None:
        self.step_mode = not self.step_mode
        if self.step_mode:
            self.paused = False  # Enter now plays one move: no go needed
        self.say.note("step mode on: Enter plays one AI move" if self.step_mode else "step mode off")

    def cmd_save(self, args: list[str]) -> None:
        assert self.match is not None
        path = Path(args[0]).expanduser()
        if path.is_dir():
            raise ShellError(f"{path} is a folder: give the file's name, e.g. {path / 'game.jsonl'}")
        if path.suffix == "":
            path = path.with_suffix(".jsonl")
        try:
            ReplayWriter.from_match(path, self.match).close()
        except FileExistsError:
            raise ShellError(f"{path} exists already: choose another name") from None
        except OSError as exc:
            raise ShellError(f"cannot write {path}: {exc.strerror}") from None
        self.say.note(f"saved {len(self.match.history)} moves to {path} (load {path} continues it)")

    def read_log(self, name: str):
        path = Path(name).expanduser()
        try:
            replay = read_replay(path)
            rebuilt = rebuild(replay)
        except FileNotFoundError:
            raise ShellError(f"no file {str(path)!r}") from None
        except IsADirectoryError:
            raise ShellError(f"{str(path)!r} is a folder, not a replay log") from None
        except OSError as exc:
            raise ShellError(f"cannot read {str(path)!r}: {exc.strerror}") from None
        except ReplayError as exc:
            raise ShellError(f"not a valid replay log: {exc}") from None
        for warning in replay.warnings:
            self.say.note(f"warning: {warning}")
        return rebuilt

    def cmd_load(self, args: list[str]) -> None:
        rebuilt = self.read_log(args[0])
        replay = rebuilt.replay
        self.single_game = False
        self.start_game(replay.game, replay.specs, state=replay.initial_state(),
                        history=replay.plies, heading=f"Loaded {args[0]} ({len(replay.plies)} moves)")
        if self.match is not None and self.match.result is None and replay.result is not None:
            # a recorded forfeit: the rules alone do not end the game
            self.match.conclude(replay.result)
            self.announce(replay.result)
        if self.ai_to_move():
            self.paused = True
            self.say.note("the AI waits: go lets it move, players changes seats")

    def cmd_replay(self, args: list[str]) -> None:
        rebuilt = self.read_log(args[0])
        positions = rebuilt.positions
        replay = rebuilt.replay
        last = len(positions) - 1
        at = min(int(args[1]), last) if len(args) > 1 else 0
        seats = " vs ".join(f"{seat} ({spec})" for seat, spec in replay.players.items())
        self.say(self.say.style(BOLD, f"Replay of {args[0]}: {replay.game.title}, {seats}, {last} moves"))
        while True:
            position = positions[at]
            move = position.logged.ply if position.logged else None
            heading = f"ply {at}/{last}" + (f": {move.player} played {move.move}" if move else ": start")
            self.say(self.say.style(GREEN, heading))
            self.say(position.state.display(color=self.color, last_move=move.move if move else None).rstrip())
            if at == last and rebuilt.result is not None:
                self.say(self.say.style(BOLD, describe_logged_result(rebuilt.result)))
            try:
                answer = self.read_plain(f"replay {at}/{last} (Enter next, p back, N jump, q quit)> ")
            except (EOFError, KeyboardInterrupt):
                break
            answer = answer.strip().lower()
            if answer in ("q", "quit"):
                break
            if answer in ("", "n", "next"):
                if at == last:
                    self.say.note("that was the last position (q leaves the replay)")
                at = min(at + 1, last)
            elif answer in ("p", "prev", "back"):
                at = max(at - 1, 0)
            elif answer.isdigit():
                at = min(int(answer), last)
            else:
                self.say.error(f"{answer!r}: Enter steps forward, p back, a number jumps, q leaves")
        self.say.note("left the replay")

    def read_plain(self, message: str) -> str:
        """One line without completion or validation (sub-prompts)."""
        if self.session is None:
            self.say(message, end="")
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        # None would keep the main prompt's completer and validator
        return self.session.prompt(message, completer=DummyCompleter(), validator=DummyValidator(),
                                   pre_run=self.prompt_ready.set)

    def cmd_quit(self, args: list[str]) -> None:
        self.done = True


class ShellValidator(Validator):
    """Refuses a line before Enter is accepted, saying why."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def validate(self, document: Any) -> None:
        try:
            problem = self.shell.check(document.text)
        except ArenaError as exc:
            problem = str(exc)
        if problem:
            raise ValidationError(message=problem, cursor_position=len(document.text))


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
                    raise ShellError(f"{flag} needs a player spec (human, random, ai:N, bot.pl)")
                value = rest[i]
            PlayerSpec.parse(value)
            specs[0 if flag == "--first" else 1] = value
        elif "=" in word:
            option_words.append(word)
        else:
            raise ShellError(f"unexpected {word!r}: options are NAME=VALUE, seats --first/--second SPEC")
        i += 1
    return game_id, C.option_items(option_words, "NAME=VALUE, e.g. width=8"), (specs[0], specs[1])


def games_listing() -> list[str]:
    lines = []
    for game_id in pybridge.games():
        game = pybridge.load_game(game_id)
        lines.append(f"{game_id:10} {game.title} — players {' '.join(game.players)} (first moves first)")
        for option in game.option_specs:
            lines.append(f"{'':10}   {option.name}={option.default}: {option.help}")
    return lines


Callback = Callable[[], None]
