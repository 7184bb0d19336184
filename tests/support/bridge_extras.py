"""What tests ask of Prolog beyond the shipping bridge: ``tests/support/bridge_test.pl``,
loaded on first use into the process's Prolog engine."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Mapping

import pybridge
from pybridge.engine import _prolog

_FILE = Path(__file__).with_name("bridge_test.pl")
_loaded = False
_lock = threading.Lock()


def call(name: str, *args: Any, outputs: list[str]) -> Mapping[str, Any] | None:
    """``arena_bridge_test:name(Args..., Outputs...)`` with ``args`` as data."""
    global _loaded
    with _lock:
        if not _loaded:
            _prolog.call(f"use_module({_prolog.atom(_FILE.as_posix())})")
            _loaded = True
    parts = [_prolog.term(a) for a in args] + outputs
    return _prolog.call(f"arena_bridge_test:{name}({', '.join(parts)})")


def successors(state: pybridge.State) -> dict[str, pybridge.State]:
    """Every valid move's text with the state it leads to."""
    got = call("successors", state.game.id, str(state), outputs=["Pairs"])
    assert got is not None
    return {_prolog.text(m): pybridge.State(state.game, _prolog.text(s))
            for m, s in got["Pairs"]}


def perft(state: pybridge.State, depth: int) -> int:
    """The number of move paths of exactly ``depth`` plies from ``state``."""
    got = call("perft", state.game.id, str(state), int(depth), outputs=["Count"])
    assert got is not None
    return int(got["Count"])


def raw_value(state: pybridge.State, player: str) -> Any:
    """value/3 of the game as Prolog gives it (PrologValueError unless a number)."""
    got = call("raw_value", state.game.id, str(state), player, outputs=["Value"])
    assert got is not None
    return got["Value"]
