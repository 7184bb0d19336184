"""One bot host process (``prolog/bots/host.pl``) and the line protocol
spoken with it.

The host runs inside bubblewrap (:mod:`pybridge.jail.sandbox`) unless the
isolation is ``none``, always under ``prlimit`` (memory, CPU, no file
writes, few open files, no core), in its own session and its own jail
(:mod:`pybridge.jail.processes`: a process and memory bound for all its processes
together). After every reply, before the opponent's clock starts, every
process of the jail but the host (and a kept host's current game) is
killed, and those are stopped (SIGSTOP) until the next request: nothing
of a bot runs while it is not its move.

The referee times each move itself: a reply that comes more than
``Limits.clock_grace`` (0.25 s) after the move time is a ``timeout``,
whatever the bot did with the time limit's exception. The protocol runs
on two pipes of their own (requests in, replies out), never on the
process's standard streams: stdin is empty and stdout and stderr carry
only what the bot prints, drained into a bounded buffer. Every request
carries a fresh nonce that its reply must repeat, so a line the bot
manages to write on the reply pipe ahead of time is not taken for an
answer. A watchdog kills the process group when a reply is late.

Every line exchanged is logged at DEBUG on the ``pybridge.bots.host`` logger.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import weakref
from pathlib import Path
from typing import IO, Any

from pybridge.engine import _prolog
from pybridge.games import sources as gamesources
from pybridge.engine import hoststate
from pybridge.jail import processes as jail
from pybridge.jail import sandbox
from pybridge.engine._prolog import PROLOG_DIR
from pybridge.bots.limits import Hello, Limits, Tail
from pybridge.errors import ArenaError
from pybridge.games.gamefile import GameFileRef
from pybridge.text import clean, clean_line

log = logging.getLogger(__name__)

HOST = PROLOG_DIR / "bots" / "host.pl"

#: The level passed to a PFL bot when its spec names none (``bot.pl``):
#: every PFL project plays its best at level 2.
DEFAULT_LEVEL = 2

FATAL = b"[FATAL ERROR"


def _sane_name(path: Path) -> str:
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", path.stem)[:60] or "bot"
    return stem + (path.suffix if re.fullmatch(r"\.\w+", path.suffix) else ".pl")


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
        isolation: str | None = None,
        game_file: GameFileRef | None = None,
        _unchecked: bool = False,
    ) -> None:
        # _unchecked: tests only (tests/test_jail.py): the host loads the
        # bot without the Prolog-level check, to show that the jail holds
        self.path = Path(path)
        self.game_id = game_id
        self.seat = seat
        self.name = clean_line(name, 200)
        self.limits = limits
        self.move_time = move_time
        isolation = self.isolation = isolation or sandbox.current()
        self.stderr = Tail(limits.output_bytes)
        self.hello: Hello | None = None
        self._kept = False
        self.exit_note = ""
        self._fatal = threading.Event()
        # (when it came, the line): the referee's clock stops when a reply
        # arrives, not when this thread gets to it
        self._lines: queue.Queue[tuple[float, bytes | None]] = queue.Queue()
        self._arrived = 0.0
        sandbox.check(isolation)
        seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        if isolation == "bwrap":
            self._dir = ""
            prolog, bot = Path(sandbox.PROLOG_MOUNT), f"{sandbox.BOT_MOUNT}/{_sane_name(self.path)}"
        else:
            self._dir = tempfile.mkdtemp(prefix="arena-bot-")
            prolog, bot = PROLOG_DIR, str(self.path)
        # a game file: prolog/file_game.pl loads it from its folder, read-only
        game_env: dict[str, str] = {}
        game_files: dict[str, Path] = {}
        if game_file is not None:
            try:
                game_files = gamesources.files(game_file.path)
            except gamesources.GameSourcesError as exc:
                raise ArenaError(f"cannot start bot {self.name}: {exc}") from None
            seen = (f"{sandbox.GAME_MOUNT}/{next(iter(game_files))}"
                    if isolation == "bwrap" else game_file.path)
            game_env = {"ARENA_GAME_FILE": seen, "ARENA_GAME_DIALECT": game_file.dialect}
            if isolation == "bwrap":    # jailed: the game loads as in its own game host
                game_env["ARENA_GAME_JAIL"] = "true"
        state = hoststate.path()
        swipl = os.path.realpath(shutil.which("swipl") or "swipl")
        if state is not None:
            seen_state = sandbox.STATE_MOUNT if isolation == "bwrap" else str(state)
            host = [swipl, "-x", seen_state, "--"]
        else:
            host = [swipl, "-f", "none", "-q", "--no-tty", "--no-packs", "--no-threads",
                    "--no-debug", str(prolog / "bots" / "host.pl"), "--"]
        host += [
            "--in-fd", str(req_r), "--out-fd", str(rep_w),
            "--game", "file_game" if game_file is not None else game_id,
            "--stack-mb", str(limits.stack_mb),
            "--seat", seat,
            "--level", str(level),
            "--inferences", str(limits.inferences_for(move_time)),
            "--seed", str(seed),
            "--load-seconds", str(limits.load_seconds),
            *(["--unchecked", "test"] if _unchecked else []),
            bot,
        ]
        try:
            self.jail = jail.Jail(processes=limits.processes,
                                  memory_bytes=(limits.memory_mb + 32) * 1024 * 1024,
                                  bwrap=isolation == "bwrap")
        except OSError as exc:
            for fd in (req_r, req_w, rep_r, rep_w):
                os.close(fd)
            raise ArenaError(f"cannot start bot {self.name}: {exc}") from None
        command = sandbox.limited(host, sandbox.Limits(
            limits.memory_mb * 1024 * 1024, limits.cpu_for(move_time), limits.open_files,
            self.jail.nproc))
        copies: list[int] = []  # files bubblewrap copies in (a jail with a user of its own)
        if self.jail.uid is not None:  # the host opens its pipes again by /proc/self/fd
            for fd in (req_r, rep_w):
                os.fchown(fd, self.jail.uid, self.jail.uid)

        def copied(path: Path) -> int:
            copies.append(os.open(path, os.O_RDONLY | os.O_CLOEXEC))
            return copies[-1]

        if isolation == "bwrap":
            try:
                argv = sandbox.bwrap_argv(
                    command, prolog_dir=PROLOG_DIR, bot=self.path.resolve(),
                    game_files=game_files, env=game_env, bot_name=_sane_name(self.path),
                    state=state, copied=copied if self.jail.uid is not None else None)
            except OSError as exc:
                for fd in (req_r, req_w, rep_r, rep_w, *copies):
                    os.close(fd)
                self.jail.close()
                raise ArenaError(f"cannot start bot {self.name}: {exc}") from None
            env = {"PATH": os.environ.get("PATH", os.defpath)}
            cwd = "/"
        else:
            argv = command
            env = {"PATH": os.environ.get("PATH", os.defpath), "LANG": "C.UTF-8",
                   "HOME": self._dir, **game_env}
            cwd = self._dir
        if "SWI_HOME_DIR" in os.environ and isolation == "none":
            env["SWI_HOME_DIR"] = os.environ["SWI_HOME_DIR"]
        argv = self.jail.enter(argv)
        log.debug("%s: start %s", self.name, " ".join(argv))
        try:
            self._proc: subprocess.Popen[bytes] = _spawn(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, cwd=cwd, env=env, pass_fds=(req_r, rep_w, *copies),
                start_new_session=True, close_fds=True,
            )
        except BaseException as exc:
            for fd in (req_r, req_w, rep_r, rep_w, *copies):
                os.close(fd)
            if self._dir:
                shutil.rmtree(self._dir, ignore_errors=True)
            self.jail.close()
            if isinstance(exc, OSError):
                raise ArenaError(f"cannot start swipl for bot {self.name}: {exc}") from None
            raise
        self.jail.started(self._proc.pid)
        for fd in (req_r, rep_w, *copies):
            os.close(fd)
        self._requests = os.fdopen(req_w, "wb")
        replies = os.fdopen(rep_r, "rb")
        # if close() is never called: at garbage collection or exit
        self._finalizer = weakref.finalize(self, _reap, self._proc, self._dir,
                                           (self._requests, replies), self.jail)
        assert self._proc.stdout is not None
        # the readers hold no reference to self, so that a process nobody
        # closes is still reaped when its BotProcess is collected
        self._readers = [
            threading.Thread(target=_read_lines, args=(replies, self._lines), daemon=True),
            threading.Thread(target=_drain, args=(self._proc.stdout, self.stderr, self._fatal,
                                                  self._proc), daemon=True),
        ]
        for t in self._readers:
            t.start()

    @property
    def pid(self) -> int:
        return self._proc.pid

    # -- the protocol --------------------------------------------------------

    def load(self, *, keep: bool = False) -> Hello:
        """Ask the host to load the bot; its answer (refused if it dies or
        takes too long). A bot loaded to ``keep`` plays only games begun
        with :meth:`begin_game`."""
        self._kept = keep
        timeout = self.limits.load_seconds + (0.5 if keep else self.limits.grace + 5)
        reply = self._request("load", "keep" if keep else "", timeout)
        if reply is None:
            hello = Hello("refused", detail=f"loading took more than {self.limits.load_seconds} s")
        elif isinstance(reply, str):
            hello = Hello("refused", detail=f"the bot's process died while loading ({reply})")
        else:
            hello = Hello(
                str(reply.get("status", "refused")),
                protocol=str(reply.get("protocol", "")),
                seats=tuple(str(s) for s in reply.get("seats", ())),
                detail=clean(reply.get("detail", ""), 4096),
                ms=int(reply.get("ms", 0)),
                problems=tuple(clean(p) for p in reply.get("problems", ())),
                warnings=tuple(clean(w) for w in reply.get("warnings", ())),
            )
            self.jail.found_host()
            self.jail.sweep()
            self.jail.pause()
        self.hello = hello
        return hello

    def begin_game(self, seed: int) -> bool:
        """Play the next game in a fresh copy of the loaded bot (its
        output from now on is that game's); False if the process cannot."""
        if (not self._kept or self.hello is None or not self.hello.ready
                or self._proc.poll() is not None):
            return False
        self.stderr.reset()
        self.jail.sweep()  # nothing of the last game goes on into this one
        reply = self._request("fork", str(int(seed) & 0x7FFFFFFF), self.limits.load_seconds + 5)
        if isinstance(reply, dict) and reply.get("status") == "forked":
            self.jail.game_started()
            self.jail.pause()
            return True
        return False

    def end_game(self) -> bool:
        """End the game begun with :meth:`begin_game`; True when the loaded
        bot is ready for another (what the game printed has arrived)."""
        reply = self._request("end", "", self.limits.grace + 5)
        if not isinstance(reply, dict) or reply.get("status") != "ended":
            return False
        deadline = time.monotonic() + 1.0
        while self.stderr.total < int(reply.get("out", 0)) and time.monotonic() < deadline:
            time.sleep(0.005)
        # the game's process ends itself (its parent reports one killed)
        if not self.jail.game_ended(timeout=1.0):
            return False
        self.jail.sweep()
        self.jail.pause()
        return True

    def move(self, state_text: str, last_move: str | None, seconds: float) -> dict[str, Any]:
        """The host's reply for one move; a timeout or a dead process comes
        back as a reply with that verdict. Texts in it are cleaned."""
        start = time.monotonic()
        last = "none" if last_move is None else f"last({_prolog.atom(last_move)})"
        args = f"{_prolog.atom(state_text)}, {last}, {float(seconds)!r}"
        reply = self._request("move", args, seconds + self.limits.grace + 0.5 * seconds)
        took = (self._arrived if isinstance(reply, dict) else time.monotonic()) - start
        ms = int(round(took * 1000))
        if reply is None:
            return {"verdict": "timeout", "ms": ms,
                    "detail": f"no reply within {seconds:g} s; the bot's process was killed"}
        if isinstance(reply, str):
            return {"verdict": "crashed", "ms": ms, "detail": reply}
        self.jail.sweep()  # before the opponent's clock starts
        self.jail.pause()
        if seconds > 0 and took > seconds + self.limits.clock_grace:
            return {"verdict": "timeout", "ms": ms, "out": reply.get("out", 0),
                    "detail": f"replied after {took:.2f} s, later than the move time of "
                              f"{seconds:g} s and its grace of {self.limits.clock_grace:g} s"}
        for key in ("detail", "raw"):
            if key in reply:
                reply[key] = clean_line(reply[key])
        return reply

    def _request(self, verb: str, args: str, timeout: float) -> dict[str, Any] | str | None:
        """Send ``verb(Nonce, args).`` (data only) and wait for its JSON
        reply; a str saying why the process is gone or its reply is bad;
        None when no reply came within ``timeout`` (the process is then
        killed)."""
        if self._proc.poll() is not None:
            return self._gone()
        self.jail.resume()
        nonce = secrets.token_hex(8)
        line = f"{verb}('{nonce}'{', ' + args if args else ''}).\n"
        log.debug("%s < %s", self.name, line.rstrip())
        try:
            self._requests.write(line.encode("utf-8"))
            self._requests.flush()
        except (OSError, ValueError):
            return self._gone()
        try:
            self._arrived, got = self._lines.get(timeout=timeout)
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
        log.debug("%s > %s", self.name, got[:500].decode("utf-8", "replace").rstrip())
        try:
            reply = json.loads(got)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            self.kill()
            return f"bad reply {clean_line(got[:200])}"
        if reply.get("child") == "gone" and "nonce" not in reply:
            self.kill()
            self.exit_note = f"its game's process ended: {clean_line(str(reply.get('detail')))}"
            return f"the bot's process ended ({self.exit_note})"
        if reply.get("nonce") != nonce:
            self.kill()
            self.exit_note = "a reply that answers no request was written on the protocol pipe"
            return f"the bot's process was killed: {self.exit_note}"
        return reply

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
        """Kill the whole process group at once (with bubblewrap, the
        sandbox and everything in it goes with it), and every other
        process of the jail."""
        _kill_group(self._proc)
        self.jail.kill_all()

    def close(self) -> None:
        """End the process (end of input first, then SIGKILL) and reap it."""
        proc = self._proc
        try:
            if proc.poll() is None:
                self.jail.resume()
                try:
                    self._requests.close()
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


class _Spawner:
    """Starts processes from one thread that lives as long as this
    process: bubblewrap's --die-with-parent kills the sandbox when the
    thread that started it ends, not only the process."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Any, Any, Any]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def __call__(self, argv: list[str], **kwargs: Any) -> "subprocess.Popen[bytes]":
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="bot-spawner",
                                                 daemon=True)
                self._thread.start()
        done: queue.Queue[Any] = queue.Queue()
        self._jobs.put((argv, kwargs, done))
        ok, value = done.get()
        if not ok:
            raise value
        return value

    def _run(self) -> None:
        while True:
            argv, kwargs, done = self._jobs.get()
            try:
                done.put((True, subprocess.Popen(argv, **kwargs)))
            except BaseException as exc:  # handed to the caller
                done.put((False, exc))


_spawn = _Spawner()


def _read_lines(pipe: IO[bytes], lines: "queue.Queue[tuple[float, bytes | None]]") -> None:
    try:
        while line := pipe.readline(1 << 20):
            lines.put((time.monotonic(), line))
    except (OSError, ValueError):
        pass
    lines.put((time.monotonic(), None))


def _drain(pipe: IO[bytes], tail: Tail, fatal: threading.Event,
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


def _reap(proc: "subprocess.Popen[bytes]", workdir: str, pipes: tuple[IO[bytes], ...],
          its_jail: jail.Jail) -> None:
    """Kill and reap ``proc`` if need be, close its pipes, remove its
    working directory and its jail."""
    if proc.returncode is None:
        _kill_group(proc)
        its_jail.kill_all()
        proc.wait()
    its_jail.close()
    for pipe in (proc.stdout, *pipes):
        try:
            if pipe is not None:
                pipe.close()
        except OSError:
            pass
    if workdir:
        shutil.rmtree(workdir, ignore_errors=True)


__all__ = ["BotProcess", "DEFAULT_LEVEL", "HOST", "Hello", "Limits", "Tail"]
