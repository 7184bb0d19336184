"""The saved states both hosts start from: the bot host
(``prolog/bots/host.pl`` with every built-in game and the game-file
loader) and the game host (``prolog/gamehost.pl``), each compiled once
(``swipl -c``), so that a host process starts without compiling its
libraries (a bot host in about 50 ms instead of 200).

The state is kept in a cache folder under a name made of a digest of
every Prolog file of the project and of the swipl binary, so a changed
file or another SWI-Prolog gets a new state and a stale one is never
used. Processes that need it at once build it once (a file lock). If it
cannot be built, the hosts start from source.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import logging
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Literal

from pybridge.engine.resources import prolog_dir

log = logging.getLogger(__name__)

#: Set to a folder to keep states there, or to "off" to start bots from source.
ENV = "ARENA_HOST_STATE"

#: States of other versions are removed once this old (seconds).
_STALE = 7 * 24 * 3600


def _swipl() -> str:
    return os.path.realpath(shutil.which("swipl") or "swipl")


def digest(prolog: Path | None = None) -> str:
    """A digest of every Prolog file under ``prolog`` and of swipl."""
    prolog = prolog or prolog_dir()
    h = hashlib.sha256()
    swipl = _swipl()
    try:
        st = os.stat(swipl)
        h.update(f"{swipl}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    except OSError:
        h.update(swipl.encode())
    for path in sorted(prolog.rglob("*.pl")):
        h.update(str(path.relative_to(prolog)).encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def _folder() -> Path | None:
    """The cache folder, created private to this user; None if none can be."""
    chosen = os.environ.get(ENV, "")
    if chosen:
        candidates = [Path(chosen)]
    else:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        candidates = [Path(xdg) / "prolog-arena",
                      Path(tempfile.gettempdir()) / f"prolog-arena-{os.getuid()}"]
    for folder in candidates:
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            st = folder.stat()
            if st.st_uid == os.getuid() and not st.st_mode & 0o022 and os.access(folder, os.W_OK):
                return folder
        except OSError:
            continue
    return None


#: The kinds of host: a bot host, a game file's host.
HostKind = Literal["host", "gamehost"]
#: What each kind of host's saved state compiles (relative to prolog/).
KINDS: dict[HostKind, tuple[str, ...]] = {"host": ("bots/host.pl", "file_game.pl", "games/*.pl"),
         "gamehost": ("gamehost.pl",)}


def _build(target: Path, prolog: Path, kind: HostKind = "host") -> None:
    """Compiles the host of ``kind`` (a bot host: with the games) into
    ``target``, atomically."""
    sources = [p for pattern in KINDS[kind] for p in sorted(prolog.glob(pattern))]
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        done = subprocess.run(
            [_swipl(), "-f", "none", "-q", "--no-packs", "-o", tmp, "-c", *map(str, sources)],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300, check=False)
        if done.returncode != 0 or os.path.getsize(tmp) == 0:
            raise OSError(" ".join(done.stderr.split())[:300] or f"exit status {done.returncode}")
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _remove_stale(folder: Path, keep: Path) -> None:
    """Removes the states of other versions not used for a week (another
    checkout may still use a recent one: each use touches its state)."""
    now = time.time()
    for old in folder.glob("*host-*.state"):
        try:
            if old != keep and now - old.stat().st_mtime > _STALE:
                old.unlink()
        except OSError:
            pass


@functools.lru_cache(maxsize=None)
def _where(kind: HostKind = "host") -> tuple[Path, Path] | None:
    """(the state's path, the Prolog folder), or None when bots start
    from source (turned off, or no folder to keep it in)."""
    if os.environ.get(ENV) == "off":
        return None
    prolog = prolog_dir()
    folder = _folder()
    if folder is None:
        log.info("no folder to keep the bot host's saved state in: bots start from source")
        return None
    return folder / f"{kind}-{digest(prolog)}.state", prolog


_failed: set[Path] = set()  # states that could not be built here
_used: set[Path] = set()  # states this process has touched


def path(kind: HostKind = "host") -> Path | None:
    """The saved state for this project and swipl, built if missing (also
    when removed while in use); None when bots must start from source.
    ``kind`` is ``host`` (a bot host) or ``gamehost`` (a game file's host)."""
    where = _where(kind)
    if where is None:
        return None
    target, prolog = where
    if target.is_file():
        if target not in _used:
            _used.add(target)
            try:
                os.utime(target)  # in use: not stale for another checkout
            except OSError:
                pass
        return target
    if target in _failed:
        return None
    try:
        with open(target.parent / "host.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not target.is_file():
                _build(target, prolog, kind)
                _remove_stale(target.parent, target)
    except (OSError, subprocess.SubprocessError) as exc:
        _failed.add(target)
        log.warning("cannot build the bot host's saved state (%s): bots start from source", exc)
        return None
    _used.add(target)
    return target


def reset() -> None:
    """Forget what was found (after the environment changed)."""
    _where.cache_clear()
    _failed.clear()
    _used.clear()


__all__ = ["ENV", "KINDS", "digest", "path", "reset"]
