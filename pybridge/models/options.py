"""Game option values: text as typed made the type of the option's
default, and a game's range error as one sentence."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pybridge.errors import OptionError


@dataclass(frozen=True)
class Option:
    """One option a game accepts."""

    name: str
    default: Any
    help: str


_RANGE = re.compile(r"`between\((-?\d+),(-?\d+)\)' expected, found `(\w+)\((.*)\)'")


def option_message(game_id: str, message: str) -> str:
    """A game's domain_error(between(L, H), Name(Value)) as one sentence."""
    found = _RANGE.search(message)
    if found:
        low, high, name, value = found.groups()
        return f"option {name}={value} of {game_id} is out of range: {low}..{high}"
    return f"bad option for {game_id}: {message.strip()}"


def coerce(game_id: str, option: Option, value: Any) -> Any:
    """An option value as the type of its default (text from a command line
    becomes a number where the default is one)."""
    default = option.default
    if isinstance(default, bool) or not isinstance(default, (int, float)):
        if isinstance(value, str):
            return value
        raise OptionError(f"option {option.name} of {game_id}: expected text, got {value!r}")
    if isinstance(value, bool):
        raise OptionError(f"option {option.name} of {game_id}: expected a number, got {value!r}")
    if isinstance(default, int):
        if isinstance(value, int):
            return value
        if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d+\s*", value):
            return int(value)
        raise OptionError(
            f"option {option.name} of {game_id}: expected a whole number, got {value!r}"
        )
    try:
        return float(value)
    except (TypeError, ValueError):
        raise OptionError(
            f"option {option.name} of {game_id}: expected a number, got {value!r}"
        ) from None


__all__ = ["Option", "coerce", "option_message"]
