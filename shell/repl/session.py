"""The game the shell plays, without a terminal: the match, its replay
logs, the players in its seats, and whether its AIs may move.

A :class:`Session` never prints. What it has to say while it works (a
bot's load warnings, where an unfinished game is kept) goes to its
``notify`` callable, and a long wait (loading a bot) runs inside its
``busy`` context; the shell gives both.
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Callable

import pybridge
from pybridge.defaults import MOVE_TIME
from pybridge.errors import ArenaError
from pybridge.invocation import command_line
from pybridge.play.match import Match, Recorder
from pybridge.games.notation import TypedMove
from pybridge.types import PlayerKind, Ply, Result
from pybridge.play.players import Player, PlayerSpec
from pybridge.bots.player import BotPlayer
from pybridge.bots.seating import make_player
from pybridge.replay import Rebuilt, Recorders, ReplayError, ReplayWriter, read_replay, rebuild

Line = list[tuple[pybridge.State, Ply]]


class ShellError(ArenaError):
    """A command that cannot be done as typed; its text is shown as is."""


class Session:
    """One game at a time: started, played, recorded, ended."""

    def __init__(
        self,
        *,
        move_time: float | None = None,
        log_dir: Path | None = None,
        delay: float = 0.0,
        notify: Callable[[str], None] | None = None,
        busy: Callable[[str], AbstractContextManager[object]] | None = None,
    ) -> None:
        # None: none given; bots then have MOVE_TIME, built-in AIs their levels' times
        self.move_time = move_time
        self.log_dir = log_dir
        self.delay = delay  # seconds between AI moves when no human plays
        self.step_mode = False  # AI vs AI: one move per Enter
        self.paused = False  # an AI to move waits for go
        self.match: Match | None = None
        self.last_result: Result | None = None  # of the last game that ended
        self.log_path: Path | None = None
        self._notify = notify or (lambda text: None)
        self._busy = busy or (lambda label: nullcontext())

    # -- how the game stands ---------------------------------------------------

    def human_to_move(self) -> bool:
        m = self.match
        return m is not None and m.result is None and m.to_move.is_human

    def ai_to_move(self) -> bool:
        m = self.match
        return m is not None and m.result is None and not m.to_move.is_human

    def humans_seated(self) -> bool:
        return self.match is not None and any(p.is_human for p in self.match.players.values())

    def over(self) -> bool:
        return self.match is not None and self.match.result is not None

    # -- starting and ending ---------------------------------------------------

    def start(self, game: pybridge.Game, specs: tuple[str, str], *,
              state: pybridge.State | None = None, history: list[Ply] | None = None) -> None:
        """Seat the players and start (or continue, with ``history``) a game,
        ending the one before; if a seat cannot be filled, nothing changes."""
        line: Line = []
        position = state if state is not None else game.initial_state()
        for ply in history or ():
            line.append((position, ply))
            position = position.move(ply.move)
        players = self.seat_players(game, dict(zip(game.players, specs)), line)
        self.end_game()
        self.match = Match(game, players, move_time=self.move_time or 0.0,
                           state=state, history=history or ())
        self.paused = False
        self.last_result = None
        self.log_path = None
        self._track()

    def start_log(self) -> Path:
        """Log the game, from its start, to a new file in the log
        directory; OSError if it cannot be written."""
        assert self.match is not None and self.log_dir is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.log_dir / f"{stamp}-{self.match.game.id}.jsonl"
        n = 1
        while path.exists():
            n += 1
            path = self.log_dir / f"{stamp}-{self.match.game.id}-{n}.jsonl"
        self.log_to(ReplayWriter.from_match(path, self.match))
        return path

    def log_to(self, writer: ReplayWriter) -> None:
        """Record the game with ``writer``, the game's replay log."""
        self.add_recorder(writer)
        self.log_path = Path(writer.path)

    def add_recorder(self, recorder: Recorder) -> None:
        """Also record the game with ``recorder``."""
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

    def end_game(self, *, leaving: bool = False) -> None:
        """End the game; an unfinished one's log is named with the command
        that goes on with it (the shell's own, or the arena's when
        ``leaving`` the shell)."""
        if self.match is not None:
            for writer in self.writers():
                writer.close()
                if self.match.result is None and self.match.history:
                    self._notify("unfinished game kept in its replay log; to go on with it:\n"
                                 f"  {command_line('resume', str(writer.path), in_shell=not leaving)}")
            self.match.close()
            self.match = None

    def close(self) -> None:
        self.end_game(leaving=True)

    # -- seats -------------------------------------------------------------------

    def seat_players(self, game: pybridge.Game, specs: dict[str, str], line: Line) -> dict[str, Player]:
        """A player for each seat named in ``specs``, in a game that has
        gone ``line`` so far; none if one fails."""
        players: dict[str, Player] = {}
        try:
            for seat, spec in specs.items():
                try:
                    players[seat] = self.make_player(spec, game, seat, line)
                except ShellError as exc:
                    raise ShellError(f"{seat}: {exc}") from None
                except KeyboardInterrupt:  # Ctrl-C while a bot loads
                    raise ShellError(f"{seat}: loading {spec} stopped") from None
        except BaseException:
            for p in players.values():
                p.close()
            raise
        return players

    def make_player(self, spec: str, game: pybridge.Game, seat: str, line: Line) -> Player:
        """The player for ``spec`` in ``seat``; a bot file is loaded now (and
        a classic one replays ``line``), so that one that cannot play is
        refused before it takes the seat."""
        parsed = PlayerSpec.parse(spec)
        if parsed.kind == PlayerKind.BOT:
            assert parsed.path is not None
            if not Path(parsed.path).is_file():
                raise ShellError(f"no bot file {parsed.path!r}")
        player = make_player(parsed, move_time=self.bot_move_time)
        if isinstance(player, BotPlayer):
            with self._busy(f"loading {player.name}"):
                problem = player.take_over(game, seat, line, max(self.bot_move_time, 1.0))
            hello = player.hello
            if hello is not None and not hello.ready:
                problem = "; ".join(hello.problems) or hello.detail
            if problem:
                player.close()
                raise ShellError(f"{player.name} is refused: {problem}")
            for warning in hello.warnings if hello is not None else ():
                self._notify(f"{seat}: {player.name}: warning: {warning}")
        return player

    def change_seats(self, specs: dict[str, str]) -> None:
        """Seat new players mid-game (the log says so); the game goes on."""
        match = self.match
        assert match is not None
        new = self.seat_players(match.game, specs, match.line())
        for seat, player in new.items():
            match.players[seat].close()
            match.players[seat] = player
        self.paused = False
        for writer in self.writers():
            writer.players({seat: str(p.spec) for seat, p in match.players.items()})

    @property
    def bot_move_time(self) -> float:
        """The seconds a bot may think per move."""
        return MOVE_TIME if self.move_time is None else self.move_time

    def set_move_time(self, seconds: float) -> None:
        """The move time of bots and built-in AIs alike from now on."""
        self.move_time = seconds
        if self.match is not None:
            self.match.move_time = seconds
            for player in self.match.players.values():
                if hasattr(player, "move_time"):
                    # its limits are set when its process starts: the next move starts one
                    player.move_time = seconds
                    player.close()

    # -- moves ---------------------------------------------------------------------

    def read_move(self, text: str) -> TypedMove:
        """``text`` (the move's text or its Prolog term) read as a move at
        the game's position, for :meth:`play`."""
        assert self.match is not None
        return self.match.read(text)

    def play(self, move: TypedMove, *, ms: int = 0) -> Ply:
        """The human to move plays ``move``, as :meth:`read_move` read it;
        the game goes on after it. IllegalMoveError if it is none."""
        assert self.match is not None
        ply = self.match.play(move, ms=ms)      # refused by the match, which says why
        self.paused = False
        self._track()
        return ply

    def step(self) -> Ply | Result:
        """The AI or bot to move moves (a Result if it forfeits)."""
        assert self.match is not None
        out = self.match.step()
        self._track()
        return out

    def undo(self, n: int | None = None) -> int:
        """Take back ``n`` moves, or back to a human's turn; an AI left to
        move waits for go. How many were taken back."""
        assert self.match is not None
        taken = self.match.undo(n) if n is not None else self.match.undo_to_human()
        if taken and self.ai_to_move():
            self.paused = True
        return taken

    def redo(self, n: int | None = None) -> int:
        assert self.match is not None
        done = self.match.redo(n) if n is not None else self.match.redo_to_human()
        self._track()
        return done

    def conclude(self, result: Result) -> None:
        """End the game with a result the rules alone do not give (a forfeit)."""
        assert self.match is not None
        self.match.conclude(result)
        self._track()

    def pause(self) -> None:
        self.paused = True

    def go(self) -> None:
        self.paused = False

    def toggle_step(self) -> bool:
        self.step_mode = not self.step_mode
        if self.step_mode:
            self.paused = False  # Enter now plays one move: no go needed
        return self.step_mode

    def _track(self) -> None:
        if self.match is not None and self.match.result is not None:
            self.last_result = self.match.result

    # -- files ---------------------------------------------------------------------

    def save(self, name: str) -> Path:
        """Write the game so far as a new replay log; the file written."""
        assert self.match is not None
        path = Path(name).expanduser()
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
        return path


def read_log(name: str) -> Rebuilt:
    """The replay log ``name``, replayed through the rules; ShellError
    saying why it cannot be."""
    path = Path(name).expanduser()
    if path.is_dir():
        raise ShellError(f"{str(path)!r} is a folder, not a replay log")
    try:
        return rebuild(read_replay(path))
    except FileNotFoundError:
        raise ShellError(f"no file {str(path)!r}") from None
    except IsADirectoryError:
        raise ShellError(f"{str(path)!r} is a folder, not a replay log") from None
    except OSError as exc:
        raise ShellError(f"cannot read {str(path)!r}: {exc.strerror}") from None
    except ReplayError as exc:
        raise ShellError(f"not a valid replay log: {exc}") from None
