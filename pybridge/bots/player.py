"""Untrusted bot files as players: each game of a bot runs in its own
``swipl`` process hosting it (:mod:`pybridge.host.bot_host`), never in this
process, isolated by bubblewrap unless the isolation is ``none``."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pybridge.defaults import MOVE_TIME
from pybridge.jail import sandbox
from pybridge.host.bot_host import DEFAULT_LEVEL, HOST, BotHello, BotPlay, BotProcess, Limits
from pybridge.host.bot_limits import SeatRole
from pybridge.models.gamefile import GameFileRef
from pybridge.safeio import sha256_file
from pybridge.errors import ArenaError, IllegalMoveError
from pybridge.play.players import BOT_SUFFIXES, Player, PlayerSpec
from pybridge.types import BotProtocol, Decision, Isolation, PlayerKind, Verdict

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from pybridge.games.game import Game, State
    from pybridge.types import Ply

log = logging.getLogger(__name__)


class BotError(ArenaError, ValueError):
    """A bot file that cannot be used at all (missing, not a bot file)."""


def bot_path(path: str) -> Path:
    """``path`` as an existing bot file; BotError naming it otherwise."""
    p = Path(path)
    if p.suffix not in BOT_SUFFIXES:
        raise BotError(f"bot file {path!r} does not end in .pl, .prolog or .pro")
    if not p.is_file():
        raise BotError(f"no bot file {path!r}")
    real = p.resolve()
    if p.is_symlink() and not real.is_relative_to(p.parent.resolve()):
        raise BotError(f"bot file {path!r} is a symbolic link to a file outside its folder "
                       f"({real}): copy the bot there instead")
    return real



class WarmBots:
    """Loaded bot processes kept between games: each game is played in a
    fresh copy (a fork) of the loaded bot, so that a tournament worker
    loads and checks each bot once per seat, not once per game. Off
    unless a caller turns it on (:func:`keeping_bots_loaded`); at most
    ``size`` processes (about 15 MB each: 24 entrants in both seats), and
    none idle longer than ``idle`` seconds."""

    def __init__(self, size: int = 48, idle: float = 120.0) -> None:
        self.size = size
        self.idle = idle
        self.users = 0
        self._kept: dict[tuple[object, ...], tuple[BotProcess, float]] = {}
        self._lock = threading.Lock()
        self._sweeper: threading.Thread | None = None

    def take(self, key: tuple[object, ...]) -> BotProcess | None:
        with self._lock:
            got = self._kept.pop(key, None)
            stale = [k for k, (_, t) in self._kept.items() if time.monotonic() - t > self.idle]
            old = [self._kept.pop(k)[0] for k in stale]
        for proc in old:
            proc.close()
        return got[0] if got else None

    def give(self, key: tuple[object, ...], proc: BotProcess) -> None:
        with self._lock:
            self._kept[key] = (proc, time.monotonic())
            extra = len(self._kept) - self.size
            old = [self._kept.pop(k)[0] for k in list(self._kept)[:max(0, extra)]]
            if self._sweeper is None:  # a long-lived worker ends idle ones itself
                self._sweeper = threading.Thread(target=self._sweep, daemon=True,
                                                 name="arena-warm-bots")
                self._sweeper.start()
        for p in old:
            p.close()

    def _sweep(self) -> None:
        while True:
            time.sleep(self.idle / 4)
            self.take(())  # takes nothing; ends the idle ones

    def close(self) -> None:
        """End every kept process."""
        with self._lock:
            old = [p for p, _ in self._kept.values()]
            self._kept.clear()
        for proc in old:
            proc.close()


WARM = WarmBots()


#: Set to 0 to start a process for every game, as without :class:`WarmBots`
#: (the benchmark compares the two).
KEEP_ENV = "ARENA_KEEP_BOTS"


@contextlib.contextmanager
def keeping_bots_loaded() -> "Iterator[WarmBots]":
    """Bot players started in this block fork their games from kept
    processes (the processes stay in :data:`WARM` after it)."""
    keep = os.environ.get(KEEP_ENV, "1") != "0"
    WARM.users += keep
    try:
        yield WARM
    finally:
        WARM.users -= keep


class BotPlayer(Player):
    """A bot file as a player: a fresh host process for every game, or a
    fresh copy of a kept loaded one (:class:`WarmBots`)."""

    def __init__(
        self,
        spec: PlayerSpec,
        *,
        move_time: float = MOVE_TIME,
        limits: Limits = Limits(),
        seed: int | None = None,
        isolation: Isolation | None = None,
    ) -> None:
        super().__init__(spec)
        self.isolation = isolation
        if spec.kind is not PlayerKind.BOT or spec.path is None:
            raise BotError(f"{spec} is not a bot file spec")
        self.path = bot_path(spec.path)
        self.level = spec.level if spec.level is not None else DEFAULT_LEVEL
        self.move_time = move_time
        self.limits = limits
        # one seed for every process of this player: a restarted classic
        # bot replays the game as it played it
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.process: BotProcess | None = None
        self._kept_as: tuple[object, ...] | None = None  # its process goes back to WARM
        self.hello: BotHello | None = None
        self._output = ""
        self._line: list[tuple[State, Ply]] = []  # the game so far (Player.follow)
        self._told: list[str] = []  # the moves its process has seen or made
        self._output_seen = 0  # bytes of its output recent_output() gave
        self._output_said = 0  # bytes its host said it had printed
        self._asked = False  # whether its process was asked for a move
        self._seated: tuple[int, str] | None = None  # (game, seat) take_over set up

    def start(self, game: "Game", seat: str) -> None:
        """A new process for the game, unless :meth:`take_over` has just
        seated one for this game and seat."""
        seated, self._seated = self._seated, None
        if self.process is not None and seated is not None and seated == (id(game), seat):
            return
        self._spawn(game, seat)

    def _spawn(self, game: "Game", seat: str) -> None:
        self.close()
        self._asked = False
        self._told = []
        self._output_seen = self._output_said = 0
        role = (SeatRole.FIRST, SeatRole.SECOND)[game.players.index(seat)]
        key = self._warm_key(game, role)
        if key is not None:
            proc = WARM.take(key)
            if proc is None:
                proc = self._new_process(game, role, seat)
                proc.load(keep=True)
            if proc.begin_game(self.seed):
                self.process, self.hello, self._kept_as = proc, proc.hello, key
                return
            if proc.hello is not None and not proc.hello.ready:
                self.process, self.hello = proc, proc.hello  # refused: no game to fork
                return
            proc.close()  # else a fresh process of its own after all
        self.process = self._new_process(game, role, seat)
        self.hello = self.process.load()

    def _new_process(self, game: "Game", role: str, seat: str) -> BotProcess:
        return BotProcess(
            self.path, game.id, role,
            play=BotPlay(level=self.level, move_time=self.move_time, seed=self.seed),
            limits=self.limits, name=f"{self.name}({seat})", isolation=self.isolation,
            game_file=game.file,
        )

    def _warm_key(self, game: "Game", role: str) -> tuple[object, ...] | None:
        """What a kept process must match to play this game; None when
        processes are not kept (or for a game file's game)."""
        if WARM.users <= 0 or game.file is not None:
            return None
        try:
            digest = sha256_file(self.path)
        except OSError:
            return None
        return (digest, self.path.name, game.id, role, self.level, self.move_time,
                self.limits, self.isolation or sandbox.current())

    @property
    def protocol(self) -> BotProtocol | None:
        return self.hello.protocol if self.hello else None

    def recent_output(self, wait: float = 1.0) -> str:
        """What the bot printed since the last call (read by a thread of its
        own: up to ``wait`` seconds for all it said it printed to arrive)."""
        if self.process is None:
            return ""
        tail = self.process.stderr
        deadline = time.monotonic() + wait
        while tail.total < self._output_said and time.monotonic() < deadline:
            time.sleep(0.005)
        text = tail.since(self._output_seen)
        self._output_seen = tail.total
        return text

    @property
    def output(self) -> str:
        """What the bot printed in its current or last game (bounded)."""
        return self.process.stderr.text() if self.process else self._output

    def follow(self, line: "Sequence[tuple[State, Ply]]") -> None:
        self._line = list(line)

    def choose(self, state: "State", last_move: str | None, *, seconds: float) -> Decision:
        seat = state.current_player
        if self.process is None:
            self.start(state.game, seat)
        assert self.process is not None and self.hello is not None
        if not self.hello.ready:
            return Decision(None, Verdict.REFUSED, 0, self.hello.detail)
        limit = seconds if seconds > 0 else (self.move_time if self.move_time > 0 else 60.0)
        line = [ply.move for _, ply in self._line]
        try:
            if self.protocol == BotProtocol.CLASSIC and not self._in_step(line, seat):
                lost = self._catch_up(state.game, seat, limit)
                if lost is not None:
                    return lost
            self._asked = True
            reply = self.process.move(str(state), last_move, limit)
        except KeyboardInterrupt:
            # stopped mid-move, its process was killed: the next move starts
            # a new one, which catches up with the game first
            self.close()
            raise
        self._output_said = reply.out
        if reply.verdict is Verdict.OK and reply.move is not None:
            self._told = [*line, reply.move]
            return Decision(reply.move, Verdict.OK, reply.ms)
        return Decision(None, reply.verdict, reply.ms, reply.detail, reply.raw)

    def take_over(self, game: "Game", seat: str, line: "Sequence[tuple[State, Ply]]",
                  seconds: float = 5.0) -> str | None:
        """Seat the bot in a game already under way (``line``, as for
        :meth:`follow`): None when it can go on with it, else why not (a
        classic bot must replay the game as it went)."""
        self.follow(line)
        if self.process is None:
            self._spawn(game, seat)
        assert self.hello is not None
        problem = None
        if self.hello.ready and self.protocol == BotProtocol.CLASSIC and line:
            refused = self._catch_up(game, seat, seconds)
            problem = refused.detail if refused is not None else None
        self._seated = (id(game), seat)  # the game's start() keeps this process
        return problem

    def _in_step(self, line: list[str], seat: str) -> bool:
        """Whether the bot's process has seen every move of ``line`` but the
        opponent's last one: then it knows the game (a classic bot keeps
        its own board and hears only the opponent's last move)."""
        told = self._told
        if len(line) < len(told) or any(
            said != ply.move and ply.verdict is Verdict.OK  # else the referee replaced it
            for said, (_, ply) in zip(told, self._line)
        ):
            return False
        news = self._line[len(told):]
        return len(news) <= 1 and all(before.current_player != seat for before, _ in news)

    def _catch_up(self, game: "Game", seat: str, seconds: float) -> Decision | None:
        """Replay the game to a new process of the bot (the current one if
        it was asked nothing yet): each of its seat's moves is asked for
        again and must come out the same. None when it did; else the
        decision that it cannot play on."""
        if self.process is None or self._asked:
            self._spawn(game, seat)
        self._asked = True
        assert self.process is not None and self.hello is not None
        if not self.hello.ready:
            return Decision(None, Verdict.REFUSED, 0, self.hello.detail)
        ms = 0
        for i, (before, ply) in enumerate(self._line):
            if before.current_player != seat:
                continue
            move = ply.move
            last = (self._line[i - 1][1].move
                    if i > 0 and self._line[i - 1][0].current_player != seat else None)
            reply = self.process.move(str(before), last, seconds)
            ms += reply.ms
            self._output_said = reply.out
            again = reply.move
            if again is not None:
                try:
                    again = before.canonical_move(again)
                except IllegalMoveError:
                    pass
            if again != move and ply.verdict is Verdict.OK:
                answer = f"chose {again}" if again is not None else f"answered {reply.verdict}"
                return Decision(
                    None, Verdict.REFUSED, ms,
                    "a classic-protocol bot keeps its own board and hears only the last move, "
                    f"so a new process of it replays the game first: at move {i + 1} it {answer} "
                    f"where the game has {move}, so it cannot go on with this game")
        self._output_seen = self._output_said  # not what it printed replaying
        self._told = [p.move for _, p in self._line[:max(
            (i + 1 for i, (b, _) in enumerate(self._line) if b.current_player == seat), default=0)]]
        return None

    def close(self) -> None:
        proc, key = self.process, self._kept_as
        self.process, self._kept_as = None, None
        if proc is None:
            return
        kept = False
        try:
            kept = key is not None and proc.end_game()  # waits for the game's output
        finally:
            if not kept:
                proc.close()  # its output readers are joined: all of it has arrived
            self._output = proc.stderr.text()
            if kept and key is not None:
                WARM.give(key, proc)


@dataclass(frozen=True)
class BotCheck:
    """What loading a bot showed, without playing."""

    path: str
    game: str
    hello: BotHello
    output: str = field(default="", repr=False)


def check_bot(game_id: str, path: str, *, limits: Limits = Limits(),
              isolation: Isolation | None = None, game_file: GameFileRef | None = None) -> BotCheck:
    """Load the bot in ``path`` (a file, or a spec ``bot.pl:N``) for
    ``game_id`` (the game file ``game_file`` if given) in check mode (any seat)."""
    spec = PlayerSpec.parse(path)
    p = bot_path(spec.path if spec.kind is PlayerKind.BOT and spec.path else path)
    with BotProcess(p, game_id, SeatRole.ANY, limits=limits, name=p.stem,
                    isolation=isolation, game_file=game_file) as proc:
        hello = proc.load()
        return BotCheck(str(p), game_id, hello, proc.stderr.text())


__all__ = ["BotPlayer", "BotProcess", "BotCheck", "BotError", "BotHello", "Limits",
           "check_bot", "DEFAULT_LEVEL", "HOST"]
