"""What benchmarks ask of Prolog beyond the shipping bridge: ``benchmarks/bench.pl``
(random playouts looped in Prolog; example bots loaded in-process), loaded on
first use into the process's Prolog engine."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Mapping

import pybridge
from pybridge.engine import _prolog

_FILE = Path(__file__).with_name("bench.pl")
_loaded = False
_lock = threading.Lock()


def call(name: str, *args: Any, outputs: tuple[str, ...] = ()) -> Mapping[str, Any] | None:
    """``arena_bench:name(Args..., Outputs...)`` with ``args`` as data."""
    global _loaded
    with _lock:
        if not _loaded:
            _prolog.call(f"use_module({_prolog.atom(_FILE.as_posix())})")
            _loaded = True
    parts = [_prolog.term(a) for a in args] + list(outputs)
    return _prolog.call(f"arena_bench:{name}({', '.join(parts)})")


def random_playouts(state: pybridge.State, n: int) -> tuple[int, float]:
    """Play ``n`` random games to the end inside Prolog: (plies, CPU s)."""
    got = call("playouts", state.game.id, str(state), int(n), outputs=("Plies", "Seconds"))
    assert got is not None
    return int(got["Plies"]), float(got["Seconds"])


def trusted_bot_load(game_id: str, path: str, module: str) -> None:
    """Load the PFL-protocol example bot ``path`` into ``module``, unchecked."""
    call("trusted_bot_load", game_id, path, module)


def trusted_bot_choose(module: str, state: pybridge.State, level: int) -> str | None:
    """The move the bot loaded in ``module`` chooses, or None if it fails."""
    got = call("trusted_bot_choose", module, state.game.id, str(state), int(level), 0.0,
               outputs=("Move",))
    return None if got is None else _prolog.text(got["Move"])
