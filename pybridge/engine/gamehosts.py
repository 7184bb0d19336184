"""The game hosts of this process: one per game file (by path, content,
dialect and isolation), started and loaded on first use, all ended at exit."""

from __future__ import annotations

import atexit
import threading

from pybridge.engine.gamehost import GameHost
from pybridge.engine.hostlimits import HostLimits
from pybridge.games.gamefile import GameFileRef
from pybridge.jail import sandbox
from pybridge.text import clean_line

#: The limits of the hosts host_for/1 starts.
LIMITS = HostLimits()

_hosts: dict[tuple[str, str, str, str], GameHost] = {}
_hosts_lock = threading.Lock()


def host_for(ref: GameFileRef) -> GameHost:
    """The running host of the game file ``ref`` (started and loaded on
    first use; GameFileError when refused)."""
    isolation = sandbox.current()
    key = (ref.path, ref.sha256, ref.dialect, isolation)
    with _hosts_lock:
        host = _hosts.get(key)
        if host is None:
            host = GameHost(ref, isolation=isolation, limits=LIMITS)
            _hosts[key] = host
    with host._lock:
        if not host.hello:
            try:
                host._start()
            except BaseException:
                with _hosts_lock:
                    _hosts.pop(key, None)
                host.kill()
                raise
    return host


def close_all() -> None:
    """End every game host this process started."""
    with _hosts_lock:
        hosts = list(_hosts.values())
        _hosts.clear()
    for host in hosts:
        host.close()


atexit.register(close_all)


def load_report(ref: GameFileRef) -> tuple[str, tuple[str, ...]]:
    """(dialect in force, required predicates it lacks) of a game file,
    loaded in its host; GameFileError when it is refused."""
    hello = host_for(ref).hello
    missing = tuple(clean_line(m, 100) for m in hello.get("missing", []))
    return clean_line(hello.get("dialect", ""), 20), missing


__all__ = ["LIMITS", "close_all", "host_for", "load_report"]
