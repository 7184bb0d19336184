"""A game file's own process (``prolog/gamehost.pl``) and the engine that
asks it: every game file's code runs there, never in the referee's engine.

The host is started like a bot host (:mod:`pybridge.host.bot_host`): inside
bubblewrap unless the isolation is ``none``, under ``prlimit``, in a
session of its own, with the protocol on two pipes of its own and the
game's own output drained into a bounded buffer. Every request carries a
nonce and has a wall-clock limit kept here, outside the host: before
each call of one of the game's rules the host notes which (``{"rule":
"valid_moves/2","limit":5}``), and when no answer comes in time the
host is killed and the rule named ("valid_moves/2 did not answer within
5 s"). The next request starts a new host. Texts that come back are
bounded and checked here: a move, player or winner holding a control
character is a broken rule, the game's printed board is cleaned
(:func:`pybridge.text.clean_display`); :mod:`pybridge.host.game_engine` asks.
"""

from __future__ import annotations

import logging
import os
import queue
import secrets
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

from pybridge.engine import _prolog
from pybridge.models import sources as gamesources
from pybridge.host import saved_state
from pybridge.host.game_limits import HostLimits
from pybridge.jail import processes as jail
from pybridge.jail import sandbox
from pybridge.engine._prolog import PROLOG_DIR
from pybridge.jail.launch import HostFiles, start_host
from pybridge.host.swipl import host_prefix
from pybridge.host import game_replies
from pybridge.host.game_replies import GameHello, Reply
from pybridge.jail import replies
from pybridge.jail.replies import BadReply, read_reply
from pybridge.jail.spawn import Replies, Tail, drain, exit_words, reap, signal_swipl
from pybridge.errors import ArenaError, GameFileError, GameRuleError, Interrupted
from pybridge.models.gamefile import GameFileRef, game_id, unchanged
from pybridge.text import clean, clean_line

log = logging.getLogger(__name__)

HOST = PROLOG_DIR / "gamehost.pl"


class GameHost:
    """One process with one game file loaded. Requests are served one at a
    time (a lock); a host that died or was killed is started again on
    the next request."""

    def __init__(self, ref: GameFileRef, *, isolation: sandbox.Isolation | None = None,
                 limits: HostLimits = HostLimits()) -> None:
        self.ref = ref
        self.id = game_id(ref)
        self.isolation = isolation or sandbox.current()
        self.jailed = self.isolation == sandbox.Isolation.BWRAP
        self.limits = limits
        self.output = Tail(limits.output_bytes)
        self.hello: GameHello = {}
        #: The time limit of one rule call, as the host's load reply gives it.
        self.rule_seconds = 0.0
        self.info: Reply = {}          # read by HostEngine.describe
        self.kept = False
        self.starts = 0
        self._seed: int | None = None
        self._lock = threading.RLock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._requests: IO[bytes] | None = None
        self._replies: IO[bytes] | None = None
        self._lines: Replies | None = None
        self._readers: list[threading.Thread] = []
        self._dir = ""
        self._fatal = threading.Event()
        self.jail: jail.Jail | None = None
        real_dir = str(Path(ref.path).parent)
        self._inside = (f"{sandbox.GAME_MOUNT}/{Path(ref.path).name}"
                        if self.jailed else ref.path)
        self._paths = ((sandbox.GAME_MOUNT + "/", real_dir + "/"),
                       (sandbox.GAME_MOUNT, real_dir)) if self.jailed else ()

    # -- the process ---------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The host's process id (bubblewrap's, when jailed), if running."""
        return None if self._proc is None else self._proc.pid

    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def _spawn(self) -> None:
        sandbox.check(self.isolation)
        unchanged(self.ref.path, self.ref.sha256, since="it was loaded")
        try:
            game_files = gamesources.files(self.ref.path)
        except gamesources.GameSourcesError as exc:
            raise GameFileError(f"game file {self.ref.path}: {exc}") from None
        root = str(gamesources.folder(self.ref.path, game_files))
        if self.jailed:
            self._inside = f"{sandbox.GAME_MOUNT}/{next(iter(game_files))}"
            self._paths = ((sandbox.GAME_MOUNT + "/", root + "/"), (sandbox.GAME_MOUNT, root))
        try:
            self.jail = jail.Jail(memory_bytes=(self.limits.memory_mb + 32) * 1024 * 1024,
                                  bwrap=self.jailed)
        except OSError as exc:
            raise ArenaError(f"cannot start the host of game {self.id}: {exc}") from None
        prolog = Path(sandbox.PROLOG_MOUNT) if self.jailed else PROLOG_DIR
        seed = int.from_bytes(os.urandom(4), "big") if self._seed is None else self._seed
        state = saved_state.path("gamehost")
        host = host_prefix(state, prolog / "gamehost.pl", jailed=self.jailed)

        def command(req_fd: int, rep_fd: int) -> list[str]:
            return host + [
                "--in-fd", str(req_fd), "--out-fd", str(rep_fd),
                "--stack-mb", str(self.limits.stack_mb), "--seed", str(seed), "--name", self.id,
                "--dialect", self.ref.dialect,
                "--jail", "true" if self.jailed else "false", self._inside]

        if not self.jailed:
            self._dir = tempfile.mkdtemp(prefix="arena-game-")
        try:
            started = start_host(
                command, isolation=self.isolation, its_jail=self.jail, limits=sandbox.RLimits(
                    self.limits.memory_mb * 1024 * 1024, self.limits.cpu_seconds,
                    self.limits.open_files, self.jail.nproc),
                files=HostFiles(prolog_dir=PROLOG_DIR, main_file=Path(self.ref.path),
                                game_files=game_files, state=state),
                env={"ARENA_GAME_ROOT": sandbox.GAME_MOUNT if self.jailed else root},
                workdir=self._dir, what=f"swipl for game {self.id}")
        except BaseException:
            self.jail.close()
            raise
        proc = self._proc = started.proc
        self._requests, self._replies = started.requests, started.replies
        self._lines = Replies(started.replies)
        self._fatal = threading.Event()
        assert proc.stdout is not None
        self._readers = [threading.Thread(target=drain, daemon=True,
                                          args=(proc.stdout, self.output, self._fatal, proc))]
        for t in self._readers:
            t.start()
        self.starts += 1

    def load(self) -> None:
        """Start the host and load the game unless it is loaded;
        GameFileError if refused."""
        with self._lock:
            if not self.hello:
                self._start()

    def _start(self) -> None:
        """Start the host and load the game; GameFileError if refused."""
        self._spawn()
        try:
            reply = self._exchange("load", [], rule="loading the game file",
                                   limit=self.limits.load_seconds, cap=self.limits.load_seconds)
        except GameRuleError as exc:
            raise GameFileError(f"game file {self.ref.path} could not be loaded: "
                                f"{exc.message.removeprefix(self.id + ': ')}") from None
        if "error" in reply:
            self.kill()
            kind, message = self._error(reply)
            raise GameFileError(f"game file {self.ref.path} refused:\n{message}")
        if reply.get("ok") is not True:
            self.kill()
            raise GameFileError(f"game file {self.ref.path} could not be loaded")
        try:
            self.hello = game_replies.hello(reply)
            self.rule_seconds = float(replies.integer(reply, "rule_seconds", -1))
            if not 0 < self.rule_seconds <= self.limits.request_seconds:
                raise BadReply("a load reply without a time limit of a rule up to "
                               f"{self.limits.request_seconds:g} s")
        except BadReply as exc:
            self.kill()
            raise GameFileError(f"game file {self.ref.path} could not be loaded: the game's "
                                f"process gave {exc}") from None
        self.kept = False
        if not self.hello["missing"]:
            # kept: the loaded file forks a fresh copy for every game
            self.kept = self._fork()
            info = self._exchange("info", [], rule="title/1, players/1 or option/3",
                                  limit=self.rule_seconds,
                                  cap=self.limits.request_seconds)
            if info.get("ok") is not True:
                self.kill()
                kind, message = self._error(info)
                raise _prolog.error_for(kind, message)
            self.info = info
        if self._seed is not None:
            self._exchange("seed", [str(self._seed)], rule="seed", limit=5, cap=5)

    def _fork(self) -> bool:
        """Ask the loaded host for a copy of itself that serves from now on;
        False when it cannot fork (it then serves itself)."""
        reply = self._exchange("fork", [], rule="starting a game", limit=5, cap=5)
        forked = reply.get("ok") is True and reply.get("forked") is True
        if self.jail is not None:
            if forked:
                self.jail.game_started()    # the copy ran nothing of the game yet
            self.jail.found_host()
            self.jail.sweep()
        return forked

    def begin_game(self) -> None:
        """A fresh copy of the loaded game for the game about to begin (what
        the last game asserted is gone); a host that cannot fork goes on
        as it is."""
        with self._lock:
            if not self.kept or not self.running():
                return
            try:
                ended = self._exchange("end", [], rule="ending a game", limit=5, cap=5)
                if self.jail is not None and not self.jail.game_ended(timeout=1.0):
                    self.kill()
                    return
                if ended.get("ended") is not True or not self._fork():
                    self.kill()
                    return
                if self._seed is not None:
                    self._exchange("seed", [str(self._seed)], rule="seed", limit=5, cap=5)
            except GameRuleError:
                self.kill()             # started again by the next request

    def kill(self) -> None:
        """Kill the host and everything in its process group, and reap it."""
        proc = self._proc
        if proc is None:
            return
        self._proc = None
        its_jail, self.jail = self.jail, None
        assert its_jail is not None     # made with the process
        reap(proc, self._dir, tuple(p for p in (self._requests, self._replies) if p is not None),
             its_jail)
        self._dir = ""
        for t in self._readers:
            t.join(timeout=2)

    def close(self) -> None:
        """End the host: end of input first, then SIGKILL."""
        with self._lock:
            proc = self._proc
            if proc is not None and proc.poll() is None:
                try:
                    if self._requests is not None:
                        self._requests.close()
                    proc.wait(timeout=0.5)
                except (OSError, subprocess.TimeoutExpired):
                    pass
            self.kill()

    # -- requests ------------------------------------------------------------

    def request(self, verb: str, args: list[str], *, rule: str, limit: float | None = None,
                cap: float | None = None) -> Reply | None:
        """The answer to ``verb(Nonce, Args...)`` (``args`` are Prolog
        source texts made by :func:`pybridge.engine._prolog.term`): a dict, or
        None when the question failed. A Prolog error raises the
        exception :func:`pybridge.engine._prolog.error_for` gives; a late answer
        kills the host and raises GameRuleError naming the rule."""
        with self._lock:
            if not self.running():
                if self._proc is not None:
                    self.kill()
                self._start()
            reply = self._exchange(
                verb, args, rule=rule,
                limit=self.rule_seconds if limit is None else limit,
                cap=self.limits.request_seconds if cap is None else cap)
        if reply.get("ok") is True:
            return reply
        if reply.get("fail") is True:
            return None
        kind, message = self._error(reply)
        raise _prolog.error_for(kind, message)

    def _error(self, reply: Reply) -> tuple[str, str]:
        error = reply.get("error")
        if not isinstance(error, dict):
            return "game_rule", f"{self.id}: the game's process gave no answer"
        message = self.text(str(error.get("message", "")))
        kind = clean_line(error.get("kind", "other"), 40)
        if kind == "game_rule" and not message.startswith(f"{self.id}:"):
            message = f"{self.id}: {message}"
        return kind, message

    def text(self, text: str) -> str:
        """A text of the host's: jail paths as the user knows them, bounded,
        control characters escaped (newlines kept)."""
        for inside, outside in self._paths:
            text = text.replace(inside, outside)
        text = text.replace(f"{self.id}#game", self.id)     # the host's module of the game
        return clean(text, self.limits.text_bytes)

    def _exchange(self, verb: str, args: list[str], *, rule: str, limit: float,
                  cap: float) -> Reply:
        assert self._proc is not None and self._lines is not None and self._requests is not None
        nonce = secrets.token_hex(8)
        line = f"{verb}('{nonce}'{''.join(', ' + a for a in args)}).\n"
        log.debug("game %s < %s", self.id, line[:500].rstrip())
        try:
            self._requests.write(line.encode("utf-8"))
            self._requests.flush()
        except (OSError, ValueError):
            raise self._gone(rule) from None
        start = time.monotonic()
        hard = start + cap + self.limits.grace
        deadline = min(hard, start + limit + self.limits.grace)
        asked = 0.0                     # when the host was asked which rule it runs
        while True:
            try:
                _, got = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                if not asked and self._ask_rule():
                    asked = time.monotonic()
                    deadline = asked + 1.5  # a host starved of CPU answers late
                    continue
                raise self._late(rule, cap if time.monotonic() >= hard else limit) from None
            except KeyboardInterrupt:
                self.kill()  # an answer may still come: the process is useless
                raise Interrupted() from None
            if got is None:
                raise self._gone(rule)
            log.debug("game %s > %s", self.id, got[:500].decode("utf-8", "replace").rstrip())
            try:
                reply = read_reply(got)
            except BadReply as exc:
                self.kill()
                raise GameRuleError("game_rule", f"{self.id}: {rule}: the game's process wrote "
                                    f"{exc} on its reply channel, starting "
                                    f"{clean_line(got[:100].decode('utf-8', 'replace'))} (it was killed)") from None
            if "nonce" not in reply and reply.get("child") == "gone":
                raise self._gone(rule)
            if "nonce" not in reply and isinstance(reply.get("rule"), str):
                rule = clean_line(reply["rule"], 80)
                note = reply.get("limit")
                if (isinstance(note, (int, float)) and not isinstance(note, bool)
                        and 0 < note < 1e6):
                    limit = float(note)
                if asked:               # the rule that was late: done waiting
                    raise self._late(rule, cap if time.monotonic() >= hard else limit)
                deadline = min(hard, time.monotonic() + limit + self.limits.grace)
                continue
            if reply.get("nonce") != nonce:
                self.kill()
                raise GameRuleError("game_rule", f"{self.id}: a reply that answers no request "
                                    "was written on the game's reply channel (it was killed)")
            if self.jail is not None and verb != "fork":
                self.jail.found_host()  # nothing of the game's runs between requests
                self.jail.sweep()
            return reply

    def _late(self, rule: str, seconds: float) -> GameRuleError:
        self.kill()
        return GameRuleError("game_rule", f"{self.id}: {rule} did not answer within "
                             f"{seconds:g} s (the game's process was killed)")

    def _ask_rule(self) -> bool:
        """Send SIGUSR1 to the host's swipl, which answers with a note naming
        the rule it runs; False when there is no such process."""
        proc = self._proc
        return proc is not None and signal_swipl(proc, self.jailed, signal.SIGUSR1)

    def _gone(self, rule: str) -> GameRuleError:
        proc = self._proc
        note = "its process is gone"
        if proc is not None:
            try:
                code = proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
            if self._fatal.is_set():
                note = "its process hit a fatal error (out of memory, or a process it started)"
            elif code is not None:
                note = f"its process ended ({exit_words(code)})"
        self.kill()
        tail = self.output.text().strip().splitlines()[-2:]
        said = (": " + " / ".join(clean_line(t, 200) for t in tail)) if tail else ""
        return GameRuleError("game_rule", f"{self.id}: {rule}: {note}{said}")

    def warnings(self) -> tuple[str, ...]:
        """What loading left out: the file's own entry points (not run),
        clauses with a syntax error, files it loads that are not there."""
        return tuple(gamesources.above(self.text(str(w))) for w in self.hello.get("warnings", []))

    def seed(self, seed: int) -> None:
        self._seed = int(seed) & 0x7FFFFFFF
        self.request("seed", [str(self._seed)], rule="seed")


__all__ = ["GameHost"]
