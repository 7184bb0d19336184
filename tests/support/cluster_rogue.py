"""A rogue Dask worker, as a `dask worker --preload` module: it replaces
the arena's task with its own, chosen by ARENA_ROGUE:

- ``winner``: plays the game, then rewrites its log's result so that the
  other seat wins (a forged winner);
- ``moves``: plays the game, then makes its second move the first one
  again (an illegal move);
- ``pickle``: answers with an object whose unpickling creates the file
  ARENA_ROGUE_MARKER, and sends it pickled whatever the client asked for.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
from typing import Any

import distributed.protocol.serialize  # noqa: F401  (the package's name is its function)

from pybridge.championship import shipment

serialize_module = sys.modules["distributed.protocol.serialize"]

MODE = os.environ.get("ARENA_ROGUE", "")
MARKER = os.environ.get("ARENA_ROGUE_MARKER", "/nonexistent/marker")
# dask may import a preload twice: keep the arena's own task, not ours
honest_task = vars(shipment).setdefault("honest_shipped_task", shipment.shipped_task)


class Hostile:
    """Unpickled, it creates the marker file."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (pathlib.Path.touch, (pathlib.Path(MARKER),))


def _forged_log(log: bytes) -> bytes:
    lines = [json.loads(line) for line in log.decode().splitlines()]
    if MODE == "winner":
        head, result = lines[0], lines[-1]
        seats = list(head["players"])
        result["winner"] = seats[1] if result.get("winner") == seats[0] else seats[0]
        result["reason"] = "win"
        result.pop("forfeit", None)
    else:
        moves = [r for r in lines if r.get("type") == "move"]
        moves[1]["move"] = moves[0]["move"]  # onto a taken cell
    return b"".join(json.dumps(r).encode() + b"\n" for r in lines)


def rogue_task(*args: Any) -> Any:
    if MODE == "pickle":
        return Hostile()
    found = honest_task(*args)
    return {**found, "log": _forged_log(found["log"])}


shipment.shipped_task = rogue_task  # the task the client names

if MODE == "pickle":
    honest_serialize = vars(serialize_module).setdefault("honest_serialize",
                                                         serialize_module.serialize)

    def pickling_serialize(x: Any, serializers: Any = None, *args: Any, **kwargs: Any) -> Any:
        # the client asks for msgpack; a rogue worker sends a pickle anyway
        if isinstance(x, Hostile) or (isinstance(x, serialize_module.Serialize)
                                      and isinstance(x.data, Hostile)):
            serializers = ("pickle",)
        return honest_serialize(x, serializers, *args, **kwargs)

    serialize_module.serialize = pickling_serialize
