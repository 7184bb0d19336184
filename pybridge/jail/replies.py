"""The one reader of what a host (a bot host or a game host) writes on
its reply pipe: a line of at most :data:`MAX_LINE` bytes, UTF-8, a JSON
object nesting at most :data:`MAX_DEPTH` deep, checked before Python's
JSON decoder sees it (a 100,000-deep array would raise RecursionError
there). Anything else raises :class:`BadReply` saying what was wrong:
the host's fault, never the referee's crash. The typed getters
(:func:`text`, :func:`integer`, :func:`texts`) refuse a field of the
wrong type the same way."""

from __future__ import annotations

import json
import re
from typing import Mapping, NoReturn

from pybridge.types import JSON, JSONObject

#: The longest reply line read (the reader thread's chunk).
MAX_LINE = 1 << 20
#: How deeply arrays and objects may nest in a reply.
MAX_DEPTH = 32

# a whole JSON string, a bracket, or a quote that opens a string never closed
_TOKENS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]|"', re.DOTALL)


class BadReply(ValueError):
    """A host's reply that is not what the protocol allows; the message
    says what was wrong with it."""


def nesting(data: bytes, deepest: int = MAX_DEPTH) -> int:
    """How deeply brackets nest in ``data`` outside JSON strings, counted
    up to ``deepest + 1`` at most (one pass, no recursion)."""
    depth = top = 0
    for token in _TOKENS.finditer(data):
        t = token.group()
        if t in (b"[", b"{"):
            depth += 1
            if depth > top:
                top = depth
                if top > deepest:
                    break
        elif t in (b"]", b"}"):
            depth -= 1
        elif t == b'"':
            break               # an unclosed string: the decoder refuses it
    return top


def json_value(data: bytes | str, *, limit: int = MAX_LINE, depth: int = MAX_DEPTH) -> JSON:
    """The JSON value in ``data``; BadReply when it is longer than
    ``limit`` bytes, not UTF-8, nests deeper than ``depth`` or is not JSON."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > limit:
        raise BadReply(f"a reply longer than {limit} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadReply(f"a reply that is not UTF-8 ({exc.reason} at byte {exc.start})") from None
    if raw.count(b"[") + raw.count(b"{") > depth and nesting(raw, depth) > depth:
        raise BadReply(f"a reply whose arrays or objects nest deeper than {depth}")
    try:
        value: JSON = json.loads(text, parse_constant=_no_constant)
        return value
    except RecursionError:      # not reached after the check above; kept as a wall
        raise BadReply(f"a reply whose arrays or objects nest deeper than {depth}") from None
    except ValueError as exc:
        raise BadReply(f"a reply that is not JSON ({exc})") from None


def read_reply(line: bytes) -> JSONObject:
    """A host's reply line (as the reader thread got it) as the JSON object
    it must be; BadReply saying why not."""
    if len(line) >= MAX_LINE and not line.endswith(b"\n"):
        raise BadReply(f"a reply line longer than {MAX_LINE} bytes")
    reply = json_value(line.rstrip(b"\r\n"))
    if not isinstance(reply, dict):
        raise BadReply(f"a reply that is a JSON {type(reply).__name__}, not an object")
    return reply


def text(reply: Mapping[str, object], key: str, default: str = "") -> str:
    """Field ``key`` of ``reply``, a string (``default`` when absent)."""
    value = reply.get(key, default)
    if not isinstance(value, str):
        raise BadReply(f"a reply whose {key!r} is a {type(value).__name__}, not a string")
    return value


def integer(reply: Mapping[str, object], key: str, default: int = 0) -> int:
    """Field ``key`` of ``reply``, an integer (``default`` when absent)."""
    value = reply.get(key, default)
    if type(value) is not int:
        raise BadReply(f"a reply whose {key!r} is a {type(value).__name__}, not an integer")
    return value


def texts(reply: Mapping[str, object], key: str) -> tuple[str, ...]:
    """Field ``key`` of ``reply``, a list of strings (empty when absent)."""
    value = reply.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadReply(f"a reply whose {key!r} is not a list of strings")
    return tuple(value)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


__all__ = ["BadReply", "MAX_DEPTH", "MAX_LINE", "integer", "json_value", "nesting", "read_reply",
           "text", "texts"]
