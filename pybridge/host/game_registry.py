"""The game hosts of this process: one per game file (by path, content,
dialect and isolation), started and loaded on first use, all ended at exit;
loading a game file is asking its host. A file's new content ends the
host of its old one (a shell reloading a file as it is edited), and at
most MOST run at once (the least recently asked ends first, to start
again when asked)."""

from __future__ import annotations

import atexit
import threading
from collections import OrderedDict

from pybridge.host.game_host import GameHost
from pybridge.host.game_limits import HostLimits
from pybridge.errors import GameFileError
from pybridge.models.gamefile import GameFileRef, adapter_hint, game_id
from pybridge.jail import sandbox
from pybridge.text import clean_line
from pybridge.types import Dialect

#: The limits of the hosts host_for/1 starts.
LIMITS = HostLimits()

#: The most game hosts that run at once.
MOST = 12

_hosts: OrderedDict[tuple[str, str, str, str], GameHost] = OrderedDict()   # last asked last
_hosts_lock = threading.Lock()
_names: dict[tuple[str, str, str], str] = {}
_names_lock = threading.Lock()


def host_for(ref: GameFileRef) -> GameHost:
    """The running host of the game file ``ref`` (started and loaded on
    first use; GameFileError when refused)."""
    isolation = sandbox.current()
    key = (ref.path, ref.sha256, ref.dialect, isolation)
    with _hosts_lock:
        host = _hosts.get(key)
        ended: list[GameHost] = []
        if host is None:
            host = GameHost(ref, isolation=isolation, limits=LIMITS)
            older = [k for k in _hosts if k[0] == ref.path and k[1] != ref.sha256]
            ended = [_hosts.pop(k) for k in older]
            _hosts[key] = host
            while len(_hosts) > MOST:
                ended.append(_hosts.popitem(last=False)[1])
        else:
            _hosts.move_to_end(key)
    for old in ended:
        old.close()
    try:
        host.load()
    except BaseException:
        with _hosts_lock:
            _hosts.pop(key, None)
        host.kill()
        raise
    return host


def started() -> frozenset[tuple[str, str, str, str]]:
    """The keys of the hosts kept now (for close_all's ``keep``)."""
    with _hosts_lock:
        return frozenset(_hosts)


def close_all(keep: frozenset[tuple[str, str, str, str]] = frozenset()) -> None:
    """End every game host this process started, but those of ``keep``."""
    with _hosts_lock:
        ended = [key for key in _hosts if key not in keep]
        hosts = [_hosts.pop(key) for key in ended]
    for host in hosts:
        host.close()


atexit.register(close_all)


def load(ref: GameFileRef) -> tuple[str, str]:
    """(name of the game, dialect in force) of a loaded game file;
    GameFileError names what is refused or missing."""
    base, dialect, missing = load_report(ref)
    if missing:
        # what the reader left out that may be why (prolog/gamefile/read.pl)
        left_out = [w for w in host_for(ref).warnings()
                    if ": syntax error: " in w or " is a fact, not a directive: " in w]
        required = ", ".join(clean_line(r, 100) for r in host_for(ref).hello.get("required", []))
        raise GameFileError(
            f"game file {ref.path} lacks {', '.join(missing)} (required: {required})"
            + "".join(f"; {w}" for w in left_out[:3])
            + adapter_hint(ref.path, missing))
    return base, dialect


def load_report(ref: GameFileRef) -> tuple[str, Dialect, tuple[str, ...]]:
    """(name of the game, dialect in force, required predicates it lacks) of
    a game file, loaded in its host, never in this process; GameFileError
    when it is refused. The name is the file's game id, numbered apart for
    each content and dialect."""
    hello = host_for(ref).hello
    missing = tuple(clean_line(m, 100) for m in hello.get("missing", []))
    dialect = hello.get("dialect", Dialect.AUTO)
    key = (ref.path, ref.sha256, ref.dialect)
    with _names_lock:
        if key not in _names:
            _names[key] = f"{game_id(ref)}#{len(_names) + 1}"
        return _names[key], dialect, missing


__all__ = ["LIMITS", "close_all", "host_for", "load", "load_report"]
