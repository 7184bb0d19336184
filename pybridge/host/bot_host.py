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

Every line exchanged is logged at DEBUG on the ``pybridge.host.bot_host`` logger.
"""

from __future__ import annotations

import logging
import os
import queue
import secrets
import shutil
import subprocess
import tempfile
import threading
import time
import weakref
from dataclasses import replace
from pathlib import Path

from pybridge.engine import _prolog
from pybridge.host import saved_state
from pybridge.jail import processes as jail
from pybridge.jail import sandbox
from pybridge.jail import replies
from pybridge.jail.launch import HostFiles, start_host
from pybridge.jail.spawn import FATAL, Replies, Tail, drain, exit_words, kill_group, reap, sane_name
from pybridge.engine._prolog import PROLOG_DIR
from pybridge.host.bot_command import DEFAULT_LEVEL, BotPlay, HostCommand, game_environment
from pybridge.host.bot_limits import BotHello, HelloStatus, Limits, MoveReply, SeatRole
from pybridge.errors import ArenaError
from pybridge.models.gamefile import GameFileRef
from pybridge.text import clean, clean_line
from pybridge.types import BotProtocol, Isolation, JSONObject, Verdict

log = logging.getLogger(__name__)

HOST = PROLOG_DIR / "bots" / "host.pl"


def _protocol(text: str) -> BotProtocol | None:
    return BotProtocol(text) if text in tuple(BotProtocol) else None


def _hello(reply: JSONObject) -> BotHello:
    """How loading went, from the host's reply; BadReply for a field of the
    wrong type."""
    status = reply.get("status")
    return BotHello(
        HelloStatus.READY if status == "ready" else HelloStatus.REFUSED,
        protocol=_protocol(replies.text(reply, "protocol")),
        seats=tuple(clean_line(s, 40) for s in replies.texts(reply, "seats")),
        detail=clean(replies.text(reply, "detail"), 4096),
        ms=replies.integer(reply, "ms"),
        problems=tuple(clean(p) for p in replies.texts(reply, "problems")),
        warnings=tuple(clean(w) for w in replies.texts(reply, "warnings")),
        game_ai=tuple(clean(c, 300) for c in replies.texts(reply, "game_ai"))[:20],
    )


class BotProcess:
    """One host process with one bot loaded, for one game.

    ``seat`` is 'first', 'second' or 'any' (check only). Start it with
    :meth:`load`; always :meth:`close` it (or use ``with``).
    """

    def __init__(
        self,
        path: str | Path,
        game_id: str,
        seat: SeatRole | str,
        *,
        play: BotPlay = BotPlay(),
        limits: Limits = Limits(),
        name: str = "bot",
        isolation: Isolation | None = None,
        game_file: GameFileRef | None = None,
    ) -> None:
        self.path = Path(path)
        self.game_id = game_id
        self.seat = seat = SeatRole(seat)
        self.name = clean_line(name, 200)
        self.limits = limits
        self.move_time = play.move_time
        isolation = self.isolation = isolation or sandbox.current()
        self.stderr = Tail(limits.output_bytes)
        self.hello: BotHello | None = None
        self._kept = False
        self.exit_note = ""
        self._fatal = threading.Event()
        # (when it came, the line): the referee's clock stops when a reply
        # arrives
        self._lines: Replies | None = None
        self._arrived = 0.0
        sandbox.check(isolation)
        if play.seed is None:
            play = replace(play, seed=int.from_bytes(os.urandom(4), "big"))
        if isolation == Isolation.BWRAP:
            self._dir = ""
            prolog, bot = Path(sandbox.PROLOG_MOUNT), f"{sandbox.BOT_MOUNT}/{sane_name(self.path)}"
        else:
            self._dir = tempfile.mkdtemp(prefix="arena-bot-")
            prolog, bot = PROLOG_DIR, str(self.path)
        game_env, game_files = game_environment(game_file, isolation, self.name)
        state = saved_state.path()
        self._command = HostCommand(
            state=state, prolog=prolog, bot=bot, isolation=isolation,
            game="arena_file_game_proxy" if game_file is not None else game_id, seat=seat, play=play,
            limits=limits)
        try:
            self.jail = jail.Jail(processes=limits.processes,
                                  memory_bytes=(limits.memory_mb + 32) * 1024 * 1024,
                                  bwrap=isolation == Isolation.BWRAP)
        except OSError as exc:
            raise ArenaError(f"cannot start bot {self.name}: {exc}") from None
        try:
            started = start_host(
                self.command_line, isolation=isolation, its_jail=self.jail, limits=sandbox.RLimits(
                    limits.memory_mb * 1024 * 1024, limits.cpu_for(play.move_time),
                    limits.open_files, self.jail.nproc),
                files=HostFiles(prolog_dir=PROLOG_DIR, main_file=self.path,
                                game_files=game_files, state=state),
                env=game_env, workdir=self._dir, what=f"bot {self.name}")
        except BaseException:
            if self._dir:
                shutil.rmtree(self._dir, ignore_errors=True)
            self.jail.close()
            raise
        self._proc: subprocess.Popen[bytes] = started.proc
        self._requests = started.requests
        replies = started.replies
        # if close() is never called: at garbage collection or exit
        self._finalizer = weakref.finalize(self, reap, self._proc, self._dir,
                                           (self._requests, replies), self.jail)
        assert self._proc.stdout is not None
        self._lines = Replies(replies)
        # the reader holds no reference to self, so that a process nobody
        # closes is still reaped when its BotProcess is collected
        self._readers = [
            threading.Thread(target=drain, args=(self._proc.stdout, self.stderr, self._fatal,
                                                  self._proc), daemon=True),
        ]
        for t in self._readers:
            t.start()

    def command_line(self, req_fd: int, rep_fd: int) -> list[str]:
        """swipl's command line for this host, reading requests from ``req_fd``
        and writing replies to ``rep_fd``."""
        return self._command.argv(req_fd, rep_fd)

    @property
    def pid(self) -> int:
        return self._proc.pid

    # -- the protocol --------------------------------------------------------

    def load(self, *, keep: bool = False) -> BotHello:
        """Ask the host to load the bot; its answer (refused if it dies or
        takes too long). A bot loaded to ``keep`` plays only games begun
        with :meth:`begin_game`."""
        self._kept = keep
        timeout = self.limits.load_seconds + (0.5 if keep else self.limits.grace + 5)
        reply = self._request("load", "keep" if keep else "", timeout)
        if reply is None:
            hello = BotHello(HelloStatus.REFUSED, detail=f"loading took more than {self.limits.load_seconds} s")
        elif isinstance(reply, str):
            hello = BotHello(HelloStatus.REFUSED, detail=f"the bot's process died while loading ({reply})")
        else:
            try:
                hello = _hello(reply)
            except replies.BadReply as exc:
                self.kill()
                self.hello = BotHello(HelloStatus.REFUSED, detail=f"bad reply to loading: {exc}")
                return self.hello
            if hello.ready and hello.game_ai and not self.limits.game_ai:
                hello = game_ai_refusal(hello)
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
        out = reply.get("out", 0)
        out = out if type(out) is int else 0
        while self.stderr.total < out and time.monotonic() < deadline:
            time.sleep(0.005)
        # the game's process ends itself (its parent reports one killed)
        if not self.jail.game_ended(timeout=1.0):
            return False
        self.jail.sweep()
        self.jail.pause()
        return True

    def move(self, state_text: str, last_move: str | None, seconds: float) -> MoveReply:
        """The host's reply for one move; a timeout or a dead process comes
        back as a reply with that verdict."""
        start = time.monotonic()
        last = "none" if last_move is None else f"last({_prolog.atom(last_move)})"
        args = f"{_prolog.atom(state_text)}, {last}, {float(seconds)!r}"
        reply = self._request("move", args, seconds + self.limits.grace + 0.5 * seconds)
        took = (self._arrived if isinstance(reply, dict) else time.monotonic()) - start
        ms = int(round(took * 1000))
        if reply is None:
            return MoveReply(Verdict.TIMEOUT, ms, detail=f"no move within {seconds:g} s: no "
                                                         "reply, the bot's process was killed")
        if isinstance(reply, str):
            return MoveReply(Verdict.CRASHED, ms, detail=reply)
        self.jail.sweep()  # before the opponent's clock starts
        self.jail.pause()
        read = MoveReply.read(reply, ms)
        if seconds > 0 and took > seconds + self.limits.clock_grace:
            return MoveReply(Verdict.TIMEOUT, ms, out=read.out,
                             detail=f"no move within {seconds:g} s: it replied after "
                                    f"{took:.2f} s, past the move time and its grace of "
                                    f"{self.limits.clock_grace:g} s")
        return read

    def _request(self, verb: str, args: str, timeout: float) -> JSONObject | str | None:
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
        assert self._lines is not None
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
            reply = replies.read_reply(got)
        except replies.BadReply as exc:
            self.kill()
            return f"bad reply: {exc}, starting {clean_line(got[:200].decode('utf-8', 'replace'))}"
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
            for t in self._readers:     # the message's last bytes may be in the pipe still
                t.join(timeout=2)
            message = self.stderr.text().rsplit(FATAL.decode(), 1)[-1]
            self.exit_note = "fatal error" + " ".join(message.split())[:200]
        if self.exit_note:
            return f"the bot's process is gone ({self.exit_note})"
        try:
            code = self._proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self._proc.returncode
        self.exit_note = exit_words(code)
        tail = self.stderr.text().strip().splitlines()[-3:]
        if tail:
            self.exit_note += ": " + " / ".join(t[:200] for t in tail)
        return f"the bot's process ended ({self.exit_note})"

    # -- ending --------------------------------------------------------------

    def kill(self) -> None:
        """Kill the whole process group at once (with bubblewrap, the
        sandbox and everything in it goes with it), and every other
        process of the jail."""
        kill_group(self._proc)
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


def game_ai_refusal(hello: BotHello) -> BotHello:
    """The refusal of a bot whose ``hello`` shows calls of the game's own AI."""
    calls = "; ".join(hello.game_ai)
    detail = (f"the bot calls the game's own AI ({calls}): a bot must choose its moves "
              "itself, with the game's rules (valid_moves, move, value, ...); a tournament "
              "may allow it with --allow-game-ai")
    return replace(hello, status=HelloStatus.REFUSED, detail=detail, problems=(detail,))


__all__ = ["BotHello", "BotPlay", "BotProcess", "DEFAULT_LEVEL", "HOST", "Limits"]
