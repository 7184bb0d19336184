"""Operating-system isolation for bot processes, with bubblewrap.

A bot host runs inside ``bwrap`` with its own user, pid, network, IPC,
UTS, cgroup and mount namespaces, no capabilities, a new session, and a
file system made of read-only binds of only what it needs: the swipl
binary and the shared libraries it and SWI-Prolog's foreign libraries
link, SWI-Prolog's home, the project's Prolog files, the bot file and
the game file with the files it loads (each file alone, never its
folder). Nothing is writable: ``/tmp`` (its working directory) and
``/dev`` are read-only. It dies with the process that started it, and
with it every process it started (the pid namespace goes when its first
process ends). :mod:`pybridge.jail.processes` bounds its processes and memory
together and kills any process but the host between moves.

``isolation`` is ``"bwrap"`` or ``"none"``. :func:`check` says once, with
the way to get the jail, why bubblewrap cannot be used here; without the
jail only code the user declared their own (:func:`trust_code`) runs, and
submission folders and handed-in logs never (:func:`require_jail`).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Mapping, Sequence

from pybridge.jail import cgroups
from pybridge.errors import ArenaError
from pybridge.types import Isolation

MODES = tuple(Isolation)

#: Where things appear inside the sandbox.
PROLOG_MOUNT = "/arena/prolog"
BOT_MOUNT = "/arena/bot"
GAME_MOUNT = "/arena/game"
STATE_MOUNT = "/arena/host.state"
HOME = "/tmp"


class IsolationError(ArenaError, RuntimeError):
    """Bubblewrap cannot run here: the message names the fix."""


@dataclass(frozen=True)
class RLimits:
    """rlimits set by ``prlimit`` on the host before it starts."""

    memory_bytes: int
    cpu_seconds: int
    open_files: int
    processes: int | None = None  # RLIMIT_NPROC, where no pids cgroup bounds them


def _swipl() -> str:
    return shutil.which("swipl") or "swipl"


@functools.lru_cache(maxsize=1)
def _runtime() -> dict[str, str]:
    out = subprocess.run([_swipl(), "--dump-runtime-variables"], capture_output=True,
                         text=True, timeout=30, check=False).stdout
    return dict(re.findall(r'^(\w+)="([^"]*)";', out, re.M))


def _ldd(paths: Sequence[str]) -> set[str]:
    """The shared libraries ``paths`` load, the dynamic loader included."""
    found: set[str] = set()
    for chunk in range(0, len(paths), 50):
        out = subprocess.run(["ldd", *paths[chunk:chunk + 50]], capture_output=True,
                             text=True, timeout=60, check=False).stdout
        for line in out.splitlines():
            m = re.search(r"(?:=>\s*)?(/\S+)\s+\(0x", line)
            if m:
                found.add(m.group(1))
    return found


@functools.lru_cache(maxsize=1)
def system_binds() -> tuple[str, ...]:
    """Paths the host needs from the system, bound read-only at the same
    place: the binaries, SWI-Prolog's home, and their shared libraries."""
    swipl = os.path.realpath(_swipl())
    prlimit = os.path.realpath(shutil.which("prlimit") or "/usr/bin/prlimit")
    home = _runtime().get("PLBASE", "/usr/lib/swi-prolog")
    objects = [swipl, prlimit]
    for root, _, files in os.walk(home):
        objects += [os.path.join(root, f) for f in files if f.endswith(".so")]
    paths = {swipl, _swipl(), prlimit, home} | _ldd(objects)
    for extra in ("/usr/lib/locale/C.utf8", "/etc/ld.so.cache"):
        if os.path.exists(extra):
            paths.add(extra)
    return tuple(sorted(paths))


def bwrap_argv(command: Sequence[str], *, prolog_dir: Path, bot: Path,
               game_files: Mapping[str, Path] | None = None,
               env: dict[str, str] | None = None,
               bot_name: str | None = None, state: Path | None = None,
               copied: Callable[[Path], int] | None = None) -> list[str]:
    """``command`` (paths as seen inside) wrapped in bubblewrap. Each of
    ``game_files`` (path relative to the game's folder -> the file) is
    bound read-only at that path under GAME_MOUNT (never a whole
    folder), the host's saved
    ``state`` at STATE_MOUNT; ``env`` adds variables to the otherwise
    cleared environment. With ``copied`` (a file -> a descriptor open on
    it that the command inherits), bubblewrap copies the bot, the state
    and the game's files from those descriptors instead of binding their
    paths (a bubblewrap started under a user of its own may not reach
    them)."""
    argv = [shutil.which("bwrap") or "bwrap",
            "--unshare-all", "--unshare-user", "--disable-userns",
            "--uid", "65534", "--gid", "65534", "--hostname", "arena-bot",
            "--cap-drop", "ALL", "--die-with-parent", "--new-session",
            "--clearenv", "--setenv", "PATH", "/usr/bin:/bin",
            "--setenv", "LANG", "C.UTF-8", "--setenv", "HOME", HOME,
            "--proc", "/proc", "--dev", "/dev", "--remount-ro", "/dev",
            "--dir", HOME, "--dir", "/arena"]
    for path in system_binds():
        real = os.path.realpath(path)
        argv += ["--ro-bind", real, path]
    for link, target in (("/lib", "usr/lib"), ("/lib64", "usr/lib64"), ("/bin", "usr/bin")):
        if os.path.islink(link) and not any(p.startswith(link + "/") for p in system_binds()):
            argv += ["--symlink", target, link]
    def bind(source: Path, dest: str) -> list[str]:
        if copied is None:
            return ["--ro-bind", str(source), dest]
        parents = [str(p) for p in reversed(Path(dest).parents) if str(p) not in ("/", "/arena")]
        return [*sum((["--dir", p] for p in parents), []),
                "--ro-bind-data", str(copied(source)), dest]

    argv += ["--ro-bind", str(prolog_dir), PROLOG_MOUNT,
             *bind(bot, f"{BOT_MOUNT}/{bot_name or bot.name}")]
    for rel, source in sorted((game_files or {}).items()):
        argv += bind(source, f"{GAME_MOUNT}/{rel}")
    if state is not None:
        argv += bind(state, STATE_MOUNT)
    for name, value in (env or {}).items():
        argv += ["--setenv", name, value]
    argv += ["--remount-ro", "/", "--chdir", HOME, "--", *command]
    return argv


def limited(command: Sequence[str], limits: RLimits) -> list[str]:
    """``command`` run under ``prlimit``, so that the limits hold from its
    first instruction and for everything it starts."""
    nproc = [] if limits.processes is None else [f"--nproc={limits.processes}"]
    return [shutil.which("prlimit") or "prlimit",
            f"--as={limits.memory_bytes}", f"--cpu={limits.cpu_seconds}:{limits.cpu_seconds + 1}",
            "--fsize=0", f"--nofile={limits.open_files}", "--core=0", *nproc, "--", *command]


#: How to get the jail where bubblewrap cannot run; never "run without it".
GET_THE_JAIL = ("to get the jail: install bubblewrap (Debian: apt-get install bubblewrap, or "
                "make setup), and let users create user namespaces (sysctl "
                "kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0), or run "
                "the arena as root")


@functools.lru_cache(maxsize=1)
def _probe() -> str | None:
    """None when bubblewrap works here, else why not and how to get it."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return f"bubblewrap is not installed, so bots and game files have no jail; {GET_THE_JAIL}"
    try:
        done = subprocess.run(
            [bwrap, "--unshare-all", "--unshare-user", "--die-with-parent", "--new-session",
             *sum((["--ro-bind", p, p] for p in system_binds()), []),
             "--proc", "/proc", "--dev", "/dev", "--", os.path.realpath(_swipl()),
             "-f", "none", "-q", "-g", "halt"],
            capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap cannot run ({exc}); {GET_THE_JAIL}"
    if done.returncode != 0:
        why = " ".join(done.stderr.split())[:200] or f"exit status {done.returncode}"
        return (f"bubblewrap cannot create a jail here ({why}): user namespaces may be "
                f"disabled; {GET_THE_JAIL}")
    return None


def bwrap_problem() -> str | None:
    """None when bubblewrap works here, else why not and how to get it."""
    return _probe()


#: Without the jail, code runs only where the user declared it their own.
TRUST_ENV = "ARENA_TRUST_CODE"

NOT_TRUSTED = ("without the jail (isolation none) the arena runs only code you declare your "
               "own: add --trust-code (in the shell: isolation none trust-code) when every bot "
               "and game file named is yours; submission folders and handed-in logs need "
               "the jail")


def trust_code(trusted: bool = True) -> None:
    """Declare (or take back) that every bot and game file run from now on,
    here and in worker processes, is the user's own."""
    if trusted:
        os.environ[TRUST_ENV] = "1"
    else:
        os.environ.pop(TRUST_ENV, None)


def code_trusted() -> bool:
    """The user declared the code run here their own (``--trust-code``)."""
    return os.environ.get(TRUST_ENV) == "1"


def check(mode: Isolation) -> None:
    """Raise IsolationError when ``mode`` cannot be used here: bubblewrap
    that cannot run, or no jail for code not declared the user's own."""
    if mode not in MODES:
        raise ValueError(f"unknown isolation {mode!r}: use bwrap or none")
    if mode == Isolation.BWRAP:
        problem = _probe()
        if problem is not None:
            raise IsolationError(problem)
    elif not code_trusted():
        raise IsolationError(NOT_TRUSTED)


_OWN_LOGS: contextvars.ContextVar[bool] = contextvars.ContextVar("own_logs", default=False)


@contextlib.contextmanager
def own_logs() -> Iterator[None]:
    """Within: the logs read are the ones this command has just written
    (a tournament's report of its own games), not handed in."""
    token = _OWN_LOGS.set(True)
    try:
        yield
    finally:
        _OWN_LOGS.reset(token)


def require_jail_for_log() -> None:
    """Raise IsolationError unless a log naming a game file may be read
    here: inside the jail, or a log this command wrote itself."""
    if not _OWN_LOGS.get():
        require_jail("a log naming a game file (its rules replay its moves)")


def require_jail(what: str) -> None:
    """Raise IsolationError unless the jail is in force: ``what`` (a
    submission folder, a handed-in log) is never the user's own code."""
    if current() != Isolation.BWRAP:
        raise IsolationError(f"{what} runs only inside the jail (isolation bwrap), "
                             f"--trust-code or not; {GET_THE_JAIL}")


ENV = "ARENA_ISOLATION"


def use(mode: Isolation) -> None:
    """Make ``mode`` the isolation of every bot process started from now
    on, in this process and in worker processes it starts."""
    if mode not in MODES:
        raise ValueError(f"unknown isolation {mode!r}: use bwrap or none")
    os.environ[ENV] = str(mode)


def current() -> Isolation:
    """The isolation in force: bwrap unless :func:`use` said otherwise (a
    user without bubblewrap must say ``none`` explicitly)."""
    mode = os.environ.get(ENV, Isolation.BWRAP)
    return Isolation(mode) if mode in MODES else Isolation.BWRAP


def describe(mode: Isolation) -> str:
    """One line naming the isolation in force, for outputs."""
    if mode == Isolation.BWRAP:
        return ("isolation: bwrap (own pid, network, IPC and mount namespaces; "
                "read-only view of SWI-Prolog, the rules, the bot and the game's files, "
                f"nothing writable; {cgroups.describe()} per jail)")
    trusted = ", code declared the user's own (--trust-code)" if code_trusted() else ""
    return ("isolation: none (bots and game files run with this user's rights, no jail"
            f"{trusted}; {cgroups.describe()} per bot)")


__all__ = ["GET_THE_JAIL", "Isolation", "IsolationError", "MODES", "RLimits", "TRUST_ENV",
           "bwrap_argv", "bwrap_problem", "check", "code_trusted", "current", "describe", "limited",
           "own_logs", "require_jail", "require_jail_for_log", "system_binds", "trust_code", "use"]
