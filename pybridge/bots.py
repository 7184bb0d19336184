"""Untrusted bot files: each game of a bot runs in its own ``swipl``
process hosting it (``prolog/bots/host.pl``), never in this process.

The host refuses unsafe code when it loads the bot and bounds every move
(time, inferences, stacks); this side adds what a process needs from
outside: memory, CPU, file-size and open-file rlimits, its own session
(process group), an empty temporary working directory, a watchdog that
kills the group when a reply is late, a bounded buffer for what the bot
prints, and killing and reaping in :meth:`BotProcess.close`.

Every line exchanged is logged at DEBUG on the ``pybridge.bots`` logger.
"""

from __future__ import annotations

import collections
import json
import logging
import os
import queue
import resource
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from . import _prolog
from ._prolog import PROLOG_DIR
from .errors import ArenaError, IllegalMoveError
from .players import Decision, Player, PlayerSpec

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .game import Game, State
    from .match import Ply

log = logging.getLogger(__name__)

HOST = PROLOG_DIR / "bots" / "host.pl"
GAMES_DIR = PROLOG_DIR / "games"

#: The level passed to a PFL bot when its spec names none (``bot.pl``):
#: every PFL project plays its best at level 2.
DEFAULT_LEVEL = 2

FATAL = b"[FATAL ERROR"


class BotError(ArenaError, ValueError):
    """A bot file that cannot be used at all (missing, not a .pl file)."""


@dataclass(frozen=True)
class Limits:
    """What one bot process may use. ``inferences`` is per move (None: 100
    million per second of move time); ``cpu_seconds`` for the whole game
    (None: 120 s plus 100 times the move time)."""

    stack_mb: int = 256
    memory_mb: int = 1024
    inferences: int | None = None
    cpu_seconds: int | None = None
    load_seconds: float = 10.0
    grace: float = 1.5
    open_files: int = 64
    output_bytes: int = 64 * 1024

    def inferences_for(self, move_time: float) -> int:
        if self.inferences is not None:
            return self.inferences
        return int(100_000_000 * max(1.0, move_time))

    def cpu_for(self, move_time: float) -> int:
        if self.cpu_seconds is not None:
            return self.cpu_seconds
        return int(120 + 100 * move_time)


@dataclass(frozen=True)
class Hello:
    """How loading went: ``status`` is 'ready' or 'refused'."""

    status: str
    protocol: str = ""
    seats: tuple[str, ...] = ()
    detail: str = ""
    ms: int = 0
    problems: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()  # loaded all the same (singletons, hidden rules)

    @property
    def ready(self) -> bool:
        return self.status == "ready"


class _Tail:
    """The last ``limit`` bytes written to a pipe, and how many in all."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.total = 0
        self._chunks: collections.deque[bytes] = collections.deque()
        self._size = 0
        self._lock = threading.Lock()

    def add(self, chunk: bytes) -> None:
        with self._lock:
            self.total += len(chunk)
            self._chunks.append(chunk)
            self._size += len(chunk)
            while self._size - len(self._chunks[0]) >= self.limit:
                self._size -= len(self._chunks.popleft())

    def since(self, total: int) -> str:
        """What came after the first ``total`` bytes (as much as is kept)."""
        with self._lock:
            data = b"".join(self._chunks)
            new = self.total - total
        return data[-new:].decode("utf-8", errors="replace") if new > 0 else ""

    def text(self) -> str:
        with self._lock:
            data = b"".join(self._chunks)
        data = data[-self.limit:] if len(data) > self.limit else data
        cut = self.total - len(data)
        out = data.decode("utf-8", errors="replace")
        return (f"[{cut} bytes before this were dropped]\n" + out) if cut else out


def bot_path(path: str) -> Path:
    """``path`` as an existing bot file; BotError naming it otherwise."""
    p = Path(path)
    if p.suffix != ".pl":
        raise BotError(f"bot file {path!r} does not end in .pl")
    if not p.is_file():
        raise BotError(f"no bot file {path!r}")
    return p.resolve()


class BotProcess:
    """One host process with one bot loaded, for one game.

    ``seat`` is 'first', 'second' or 'any' (check only). Start it with
    :meth:`load`; always :meth:`close` it (or use ``with``).
    """

    def __init__(
        self,
        path: str | Path,
        game_id: str,
        seat: str,
        *,
        level: int = DEFAULT_LEVEL,
        move_time: float = 1.0,
        limits: Limits = Limits(),
        seed: int | None = None,
        name: str = "bot",
    ) -> None:
        self.path = Path(path)
        self.game_id = game_id
        self.seat = seat
        self.name = name
        self.limits = limits
        self.move_time = move_time
        self.stderr = _Tail(limits.output_bytes)
        self.hello: Hello | None = None
        self.exit_note = ""
        self._fatal = threading.Event()
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._dir = tempfile.mkdtemp(prefix="arena-bot-")
        seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        argv = [
            shutil.which("swipl") or "swipl",
            "-f", "none", "-q", "--no-tty", "--no-packs", "--no-threads",
            "--no-debug", f"--stack-limit={limits.stack_mb}m",
            f"--table-space={max(16, limits.stack_mb // 4)}m",
            str(HOST), "--",
            "--game", str(GAMES_DIR / f"{game_id}.pl"),
            "--seat", seat,
            "--level", str(level),
            "--inferences", str(limits.inferences_for(move_time)),
            "--seed", str(seed),
            "--load-seconds", str(limits.load_seconds),
            str(self.path),
        ]
        env = {"PATH": os.environ.get("PATH", os.defpath), "LANG": "C.UTF-8", "HOME": self._dir}
        if "SWI_HOME_DIR" in os.environ:
            env["SWI_HOME_DIR"] = os.environ["SWI_HOME_DIR"]
        log.debug("%s: start %s", name, " ".join(argv))
        try:
            self._proc: subprocess.Popen[bytes] = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, cwd=self._dir, env=env,
                start_new_session=True, close_fds=True,
            )
        except BaseException as exc:
            shutil.rmtree(self._dir, ignore_errors=True)
            if isinstance(exc, OSError):
                raise ArenaError(f"cannot start swipl for bot {name}: {exc}") from None
            raise
        # if close() is never called: at garbage collection or exit
        self._finalizer = weakref.finalize(self, _reap, self._proc, self._dir)
        self._set_limits()
        assert self._proc.stdout is not None and self._proc.stderr is not None
        # the readers hold no reference to self, so that a process nobody
        # closes is still reaped when its BotProcess is collected
        self._readers = [
            threading.Thread(target=_read_lines, args=(self._proc.stdout, self._lines),
                             daemon=True),
            threading.Thread(target=_drain, args=(self._proc.stderr, self.stderr, self._fatal,
                                                  self._proc), daemon=True),
        ]
        for t in self._readers:
            t.start()

    @property
    def pid(self) -> int:
        return self._proc.pid

    def _set_limits(self) -> None:
        """Applied before the host reads its first line, so before it loads
        anything of the bot."""
        limits = self.limits
        cpu = limits.cpu_for(self.move_time)
        memory = limits.memory_mb * 1024 * 1024
        try:
            for which, value in (
                (resource.RLIMIT_AS, (memory, memory)),
                (resource.RLIMIT_CPU, (cpu, cpu + 1)),  # SIGXCPU, then SIGKILL
                (resource.RLIMIT_FSIZE, (0, 0)),
                (resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files)),
                (resource.RLIMIT_CORE, (0, 0)),
            ):
                resource.prlimit(self._proc.pid, which, value)
        except (OSError, ValueError) as exc:  # the process died already
            log.debug("%s: prlimit: %s", self.name, exc)

    # -- the protocol --------------------------------------------------------

    def load(self) -> Hello:
        """Ask the host to load the bot; its answer (refused if it dies or
        takes too long)."""
        reply = self._request("load.", self.limits.load_seconds + self.limits.grace + 5)
        if reply is None:
            hello = Hello("refused", detail=f"loading took more than {self.limits.load_seconds} s")
        elif isinstance(reply, str):
            hello = Hello("refused", detail=f"the bot's process died while loading ({reply})")
        else:
            hello = Hello(
                str(reply.get("status", "refused")),
                protocol=str(reply.get("protocol", "")),
                seats=tuple(reply.get("seats", ())),
                detail=str(reply.get("detail", "")),
                ms=int(reply.get("ms", 0)),
                problems=tuple(str(p) for p in reply.get("problems", ())),
                warnings=tuple(str(w) for w in reply.get("warnings", ())),
            )
        self.hello = hello
        return hello

    def move(self, state_text: str, last_move: str | None, seconds: float) -> dict[str, Any]:
        """The host's reply for one move; a timeout or a dead process comes
        back as a reply with that verdict."""
        start = time.monotonic()
        last = "none" if last_move is None else f"last({_prolog.atom(last_move)})"
        request = f"move({_prolog.atom(state_text)}, {last}, {float(seconds)!r})."
        reply = self._request(request, seconds + self.limits.grace + 0.5 * seconds)
        ms = int(round((time.monotonic() - start) * 1000))
        if reply is None:
            return {"verdict": "timeout", "ms": ms,
                    "detail": f"no reply within {seconds:g} s; the bot's process was killed"}
        if isinstance(reply, str):
            return {"verdict": "crashed", "ms": ms, "detail": reply}
        return reply

    def _request(self, request: str, timeout: float) -> dict[str, Any] | str | None:
        """Send ``request`` (a Prolog term with its full stop, data only)
        and wait for its JSON reply; a str saying why the process is gone;
        None when no reply came within ``timeout`` (the process is then
        killed)."""
        if self._proc.poll() is not None:
            return self._gone()
        line = request + "\n"
        log.debug("%s < %s", self.name, line.rstrip())
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.write(line.encode("utf-8"))
            self._proc.stdin.flush()
        except OSError:
            return self._gone()
        try:
            got = self._lines.get(timeout=timeout)
        except queue.Empty:
            log.debug("%s: no reply within %.1f s: killing it", self.name, timeout)
            self.kill()
            self.exit_note = f"killed after no reply within {timeout:.1f} s"
            return None
        except BaseException:
            self.kill()  # Ctrl-C: a reply may still come; the process is useless
            raise
        if got is None:
            return self._gone()
        log.debug("%s > %s", self.name, got.decode("utf-8", "replace").rstrip())
        try:
            reply = json.loads(got)
        except ValueError:
            return f"bad reply {got[:200]!r}"
        return reply if isinstance(reply, dict) else f"bad reply {got[:200]!r}"

    def _gone(self) -> str:
        if self._fatal.is_set() and not self.exit_note:
            self._proc.wait()
            message = self.stderr.text().rsplit(FATAL.decode(), 1)[-1]
            self.exit_note = "fatal error" + " ".join(message.split())[:200]
        if self.exit_note:
            return f"the bot's process is gone ({self.exit_note})"
        try:
            code = self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self._proc.returncode
        if code is not None and code < 0:
            try:
                what = signal.Signals(-code).name
            except ValueError:
                what = f"signal {-code}"
            self.exit_note = f"killed by {what}"
        else:
            self.exit_note = f"exit status {code}"
        tail = self.stderr.text().strip().splitlines()[-3:]
        if tail:
            self.exit_note += ": " + " / ".join(t[:200] for t in tail)
        return f"the bot's process ended ({self.exit_note})"

    # -- ending --------------------------------------------------------------

    def kill(self) -> None:
        """Kill the whole process group at once."""
        _kill_group(self._proc)

    def close(self) -> None:
        """End the process (end of input first, then SIGKILL) and reap it."""
        proc = self._proc
        try:
            if proc.poll() is None:
                try:
                    assert proc.stdin is not None
                    proc.stdin.close()
                except OSError:
                    pass
                try:
                    proc.wait(timeout=0.5)
                except subprocess.TimeoutExpired:
                    pass
            self.kill()  # also whatever the bot left in its group
            proc.wait()
        finally:
            for t in self._readers:
                t.join(timeout=2)
            self._finalizer()

    def __enter__(self) -> "BotProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _read_lines(pipe: IO[bytes], lines: "queue.Queue[bytes | None]") -> None:
    for line in pipe:
        lines.put(line)
    lines.put(None)


def _drain(pipe: IO[bytes], tail: _Tail, fatal: threading.Event,
           proc: "subprocess.Popen[bytes]") -> None:
    while chunk := pipe.read1(65536):  # type: ignore[attr-defined]
        tail.add(chunk)
        if FATAL in chunk and not fatal.is_set():
            # SWI-Prolog 9.0 can hang after a fatal error (out of memory)
            # instead of ending: end it shortly, once the message is in (a
            # bot printing this text ends itself, which gains it nothing)
            fatal.set()
            threading.Timer(0.2, _kill_group, (proc,)).start()


def _kill_group(proc: "subprocess.Popen[bytes]") -> None:
    """SIGKILL the process group of ``proc`` unless it is reaped already
    (its id could then belong to another process)."""
    if proc.returncode is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _reap(proc: "subprocess.Popen[bytes]", workdir: str) -> None:
    """Kill and reap ``proc`` if need be, close its pipes, remove its
    working directory."""
    if proc.returncode is None:
        _kill_group(proc)
        proc.wait()
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        try:
            if pipe is not None:
                pipe.close()
        except OSError:
            pass
    shutil.rmtree(workdir, ignore_errors=True)


class BotPlayer(Player):
    """A bot file as a player: a fresh host process for every game."""

    def __init__(
        self,
        spec: PlayerSpec,
        *,
        move_time: float = 1.0,
        limits: Limits = Limits(),
        seed: int | None = None,
    ) -> None:
        super().__init__(spec)
        if spec.kind != "bot" or spec.path is None:
            raise BotError(f"{spec} is not a bot file spec")
        self.path = bot_path(spec.path)
        self.level = spec.level if spec.level is not None else DEFAULT_LEVEL
        self.move_time = move_time
        self.limits = limits
        # one seed for every process of this player: a restarted classic
        # bot replays the game as it played it
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.process: BotProcess | None = None
        self.hello: Hello | None = None
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
        index = game.players.index(seat)
        self.process = BotProcess(
            self.path, game.id, ("first", "second")[index],
            level=self.level, move_time=self.move_time, limits=self.limits,
            seed=self.seed, name=f"{self.name}({seat})",
        )
        self.hello = self.process.load()

    @property
    def protocol(self) -> str:
        return self.hello.protocol if self.hello else ""

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
            return Decision(None, "refused", 0, self.hello.detail)
        limit = seconds if seconds > 0 else (self.move_time if self.move_time > 0 else 60.0)
        line = [ply.move for _, ply in self._line]
        try:
            if self.protocol == "classic" and not self._in_step(line, seat):
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
        verdict = str(reply.get("verdict", "crashed"))
        ms = int(reply.get("ms", 0))
        self._output_said = int(reply.get("out", 0))
        detail = str(reply.get("detail", ""))
        if verdict == "ok" and isinstance(reply.get("move"), str):
            self._told = [*line, reply["move"]]
            return Decision(reply["move"], "ok", ms)
        if verdict == "ok":
            verdict, detail = "crashed", f"bad reply {reply!r}"
        raw = reply.get("raw")
        return Decision(None, verdict, ms, detail, None if raw is None else str(raw))

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
        if self.hello.ready and self.protocol == "classic" and line:
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
            said != ply.move and ply.verdict == "ok"  # else the referee replaced it
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
            return Decision(None, "refused", 0, self.hello.detail)
        ms = 0
        for i, (before, ply) in enumerate(self._line):
            if before.current_player != seat:
                continue
            move = ply.move
            last = (self._line[i - 1][1].move
                    if i > 0 and self._line[i - 1][0].current_player != seat else None)
            reply = self.process.move(str(before), last, seconds)
            ms += int(reply.get("ms", 0))
            self._output_said = int(reply.get("out", 0))
            again = reply.get("move") if reply.get("verdict") == "ok" else None
            if isinstance(again, str):
                try:
                    again = before.canonical_move(again)
                except IllegalMoveError:
                    pass
            if again != move and ply.verdict == "ok":
                answer = (f"chose {again}" if isinstance(again, str)
                          else f"answered {reply.get('verdict', 'nothing')}")
                return Decision(
                    None, "refused", ms,
                    "a classic-protocol bot keeps its own board and hears only the last move, "
                    f"so a new process of it replays the game first: at move {i + 1} it {answer} "
                    f"where the game has {move}, so it cannot go on with this game")
        self._output_seen = self._output_said  # not what it printed replaying
        self._told = [p.move for _, p in self._line[:max(
            (i + 1 for i, (b, _) in enumerate(self._line) if b.current_player == seat), default=0)]]
        return None

    def close(self) -> None:
        if self.process is not None:
            try:
                self.process.close()
            finally:
                self._output = self.process.stderr.text()
                self.process = None


@dataclass(frozen=True)
class BotCheck:
    """What loading a bot showed, without playing."""

    path: str
    game: str
    hello: Hello
    output: str = field(default="", repr=False)


def check_bot(game_id: str, path: str, *, limits: Limits = Limits()) -> BotCheck:
    """Load the bot in ``path`` (a file, or a spec ``bot.pl:N``) for
    ``game_id`` in check mode (any seat)."""
    spec = PlayerSpec.parse(path)
    p = bot_path(spec.path if spec.kind == "bot" and spec.path else path)
    with BotProcess(p, game_id, "any", limits=limits, name=p.stem) as proc:
        hello = proc.load()
        return BotCheck(str(p), game_id, hello, proc.stderr.text())


__all__ = ["BotPlayer", "BotProcess", "BotCheck", "BotError", "Hello", "Limits",
           "check_bot", "DEFAULT_LEVEL", "HOST"]
