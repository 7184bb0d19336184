"""The interactive shell: a prompt loop over one game at a time.

Every line is either a command (see :mod:`shell.repl.commands`) or a move of
the human to move. Nothing typed can end the shell with a traceback or
change the game unless it is valid: errors are one line, the game stays.
The game itself is a :class:`shell.repl.session.Session`; the shell reads
lines, asks the session, and shows what happened.
"""

from __future__ import annotations

import os
import select
import sys
import threading
import time
import traceback
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import DummyCompleter
from prompt_toolkit.filters import to_filter
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.layout import Dimension, Window, walk
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.output import ColorDepth, Output, create_output
from prompt_toolkit.validation import DummyValidator

import pybridge
from pybridge.errors import ArenaError, GameRuleError, Interrupted
from pybridge.games.notation import TypedMove
from pybridge.types import Ply, Result
from pybridge.play.players import Player

from shell.repl.completer import MoveDescriptions, ShellCompleter
from shell.repl.lines import LineValidator, ReadLine, read_line
from pybridge.text import clean_line
from pybridge.text import plural
from shell.render import (
    BOLD, CYAN, GREEN, YELLOW, Printer, describe_ply, describe_result,
    seat_label, status_line,
)
from shell.repl.session import Session, ShellError
from shell.repl.thinking import Thinking


def output_without_cpr() -> Output:
    """The terminal's output, asked no cursor position: prompt_toolkit then
    draws its lines (a refused line's reason) right under the input, not
    at the foot of the screen (a known height also shows a bottom toolbar,
    which the shell therefore has none of: the status line is printed)."""
    output = create_output()
    if hasattr(output, "enable_cpr"):
        output.enable_cpr = False
    return output


def wrap_refusals(session: PromptSession[str]) -> None:
    """Let a refused line's reason wrap onto more lines: prompt_toolkit's
    validation toolbar is one line high, and cuts a long reason."""
    for container in walk(session.layout.container):
        text = getattr(getattr(container, "content", None), "text", None)
        if isinstance(container, Window) \
                and getattr(text, "__qualname__", "").startswith("ValidationToolbar."):
            container.height = Dimension(min=1)
            container.wrap_lines = to_filter(True)


@dataclass(frozen=True, kw_only=True)
class ShellOptions:
    """How a shell's session runs: ``history_file`` keeps the lines typed
    (None: kept in memory); ``move_time`` is the seconds a move (None: each
    player's own); ``log_dir`` holds the replay logs (None: none written);
    ``delay`` is the seconds between AI moves when no human plays (None:
    0.6 interactive, else 0); with ``single_game`` the shell ends with the
    game it is started with (arena play, arena resume) unless new or load
    starts another."""

    history_file: Path | None = None
    move_time: float | None = None
    log_dir: Path | None = None
    delay: float | None = None
    single_game: bool = False


class Shell:
    def __init__(
        self,
        *,
        out: TextIO | None = None,
        color: bool = True,
        prompt_session: PromptSession[str] | None = None,
        interactive: bool = True,
        options: ShellOptions = ShellOptions(),
    ) -> None:
        self.out = out or sys.stdout
        self.say = Printer(self.out, color)
        self.color = color
        self.interactive = interactive
        self.single_game = options.single_game
        self.done = False
        delay = options.delay
        self.session = Session(
            move_time=options.move_time, log_dir=options.log_dir,
            delay=(0.6 if interactive else 0.0) if delay is None else delay,
            notify=self.say.note, busy=self.thinking,
        )
        self.prompt_started = 0.0  # when the current prompt began: a human's think time
        self.prompt_ready = threading.Event()  # set while a prompt waits for input
        self._moves = MoveDescriptions()
        self._checked: ReadLine | None = None  # the validator's reading of a move line
        if prompt_session is None and interactive:
            history = (FileHistory(str(options.history_file)) if options.history_file
                       else InMemoryHistory())
            prompt_session = PromptSession(history=history, output=output_without_cpr())
            wrap_refusals(prompt_session)
        self.prompt_session = prompt_session

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
        if self.prompt_session is None:
            self.say(self.prompt_text(), end="")
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        return self.prompt_session.prompt(
            ANSI(self.prompt_text()),
            completer=self.completer(),
            validator=LineValidator(self.check),
            validate_while_typing=False,
            complete_while_typing=False,
            color_depth=None if self.color else ColorDepth.MONOCHROME,
            pre_run=self.prompt_ready.set,
        )

    def read_plain(self, message: str) -> str:
        """One line without completion or validation (sub-prompts)."""
        if self.prompt_session is None:
            self.say(message, end="")
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        # None would keep the main prompt's completer and validator
        return self.prompt_session.prompt(message, completer=DummyCompleter(),
                                          validator=DummyValidator(),
                                          pre_run=self.prompt_ready.set)

    def completer(self) -> ShellCompleter:
        session = self.session

        def moves() -> dict[str, str]:
            if not session.human_to_move():
                return {}
            assert session.match is not None
            return self._moves(session.match.state)

        return ShellCompleter(
            moves=moves,
            applies=lambda command: command.applies(session),
            seats=lambda: session.match.game.players if session.match else (),
            game=lambda: session.match.game.id if session.match else None,
        )

    def prompt_text(self) -> str:
        match = self.session.match
        if match is None:
            return self.say.style(BOLD, "arena> ")
        if match.result is not None:
            return self.say.style(BOLD, f"{match.game.id} (over)> ")
        seat = match.state.current_player
        if not match.players[seat].is_human:
            waiting = "go lets it move" if self.session.paused else "Enter plays its move"
            return self.say.style(BOLD, f"{match.game.id} {seat} ({waiting})> ")
        return self.say.style(BOLD, f"{match.game.id} {seat}> ")

    def check(self, line: str) -> str | None:
        """Why ``line`` cannot be run, or None. Used before Enter is
        accepted; a move read here is the one :meth:`execute` plays."""
        read = read_line(line, self.session)
        self._checked = read if read.move is not None else None
        return read.problem

    def _read(self, line: str) -> ReadLine:
        """``line`` as :meth:`check` read it, if it read this move at this
        position; else read now."""
        checked, self._checked = self._checked, None
        match = self.session.match
        if (checked is not None and checked.move is not None and match is not None
                and checked.move.typed == line and checked.move.state is match.state):
            return checked
        return read_line(line, self.session)

    def execute(self, line: str) -> None:
        """Run one line; every error becomes one line of output."""
        line = line.strip()
        if not line:
            if self.session.step_mode and self.session.ai_to_move():
                self.advance(one=True)
            return
        try:
            read = self._read(line)
            if read.problem:
                raise ShellError(read.problem)
            if read.command is not None:
                read.command.run(self, list(read.args))
            elif read.move is not None:
                self.play_move(read.move)
        except (ShellError, ValueError, ArenaError) as exc:
            self.say.error(str(exc))
        except (KeyboardInterrupt, Interrupted):
            self.stop_ai("interrupted")
        except Exception as exc:  # a bug of ours: report it, keep the game
            self.say.error(f"internal error: {exc!r} (the game is unchanged)")
            if os.environ.get("ARENA_DEBUG"):
                traceback.print_exc(file=self.out)

    # -- what commands may ask of the shell -----------------------------------------

    def thinking(self, who: str) -> AbstractContextManager[object]:
        """A spinner while ``who`` thinks, in an interactive terminal."""
        return Thinking(self.out, who, enabled=self.interactive and self.out.isatty())

    def keep_open(self) -> None:
        """Go on after the game ends, even in a single-game shell."""
        self.single_game = False

    def quit(self) -> None:
        self.done = True

    def close(self) -> None:
        self.session.close()

    # -- the game, shown ---------------------------------------------------------

    def start_game(self, game: pybridge.Game, specs: tuple[str, str],
                   *, state: pybridge.State | None = None, history: list[Ply] | None = None,
                   log: bool = True, heading: str = "New game") -> None:
        """Seat the players and start (or continue, with ``history``) a game;
        with ``log``, it is replay-logged in the log directory."""
        session = self.session
        session.start(game, specs, state=state, history=history)
        if log and session.log_dir is not None:
            try:
                session.start_log()
            except OSError as exc:
                self.say.error(f"cannot write a replay log in {session.log_dir}: {exc.strerror}; "
                               "the game goes on unlogged")
        match = session.match
        assert match is not None
        self.say(self.say.style(BOLD, f"{heading}: {game.title}")
                 + "".join(f" {k}={v}" for k, v in game.options.items())
                 + " — " + ", ".join(f"{seat}: {p.spec}" for seat, p in match.players.items()))
        self.show_board()
        if match.result is not None:
            self.announce(match.result)

    def show_board(self) -> None:
        match = self.session.match
        assert match is not None
        try:
            board = match.state.display(color=self.color, last_move=match.last_move).rstrip()
        except GameRuleError as exc:    # the game's display is broken: the game goes on
            board = (f"(no board: {clean_line(exc.message, 300)})\n"
                     f"{clean_line(str(match.state), 400)}")
        self.say(board)
        self.say(self.say.style(YELLOW, status_line(match)))

    def play_move(self, move: TypedMove) -> None:
        ms = int((time.monotonic() - self.prompt_started) * 1000) if self.prompt_started else 0
        self.after_ply(self.session.play(move, ms=ms))

    def after_ply(self, ply: Ply) -> None:
        match = self.session.match
        assert match is not None
        self.say(self.say.style(GREEN, f"{ply.number}. {describe_ply(match, ply)}"))
        if ply.note:
            self.say(self.say.style(BOLD, f"   {ply.note}"))
        self.show_board()
        if match.result is not None:
            self.announce(match.result)

    def announce(self, result: Result) -> None:
        assert self.session.match is not None
        self.say(self.say.style(BOLD, describe_result(self.session.match, result)))
        for writer in self.session.writers():
            self.say.note(f"replay log: {writer.path}")
        if self.single_game:
            self.done = True
        else:
            self.say.note("new plays again, undo takes moves back, save FILE keeps the game")

    # -- AI play -------------------------------------------------------------------

    def advance(self, *, one: bool = False) -> None:
        """Let AIs and bots move while it is their turn (and not stopped)."""
        session = self.session
        while session.ai_to_move() and not session.paused:
            match = session.match
            assert match is not None
            if session.step_mode and not one and not session.humans_seated():
                return
            seat = match.state.current_player
            who = seat_label(match, seat)
            try:
                with self.thinking(who):
                    out = session.step()
            except (KeyboardInterrupt, Interrupted):
                self.stop_ai(f"stopped {who}")
                return
            self.show_output(match.players[seat])
            if isinstance(out, Result):  # a forfeit: the result says why
                self.announce(out)
                return
            self.after_ply(out)
            if one:
                return
            if match.result is None and not session.humans_seated():
                try:
                    typed = self.line_typed(session.delay)
                except KeyboardInterrupt:
                    self.stop_ai("paused")
                    return
                if typed:
                    session.pause()
                    self.say.note("paused for what you typed; go lets the AIs play on")
                    return

    def show_output(self, player: Player, most: int = 10) -> None:
        """What a bot printed during its move, its last ``most`` lines."""
        recent = getattr(player, "recent_output", None)
        lines = recent().splitlines() if recent else []
        if len(lines) > most:
            self.say.note(f"  | ({plural(len(lines) - most, 'line')} before these)")
        for line in lines[-most:]:
            self.say.note(f"  | {clean_line(line, 200)}")

    def line_typed(self, seconds: float) -> bool:
        """Wait up to ``seconds``; whether a line typed at the terminal is
        waiting to be read (AI-vs-AI play then stops for it)."""
        if not (self.interactive and self.prompt_session is not None and sys.stdin.isatty()):
            time.sleep(seconds)
            return False
        try:
            ready, _, _ = select.select([sys.stdin], [], [], seconds)
        except (OSError, ValueError):
            return False
        return bool(ready)

    def stop_ai(self, what: str) -> None:
        self.say()
        if self.session.ai_to_move():
            self.session.pause()
            self.say.note(f"{what}: the game waits. go lets the AI move; players changes seats; undo takes back.")
        else:
            self.say.note("(Ctrl-D or quit leaves)")
