"""Game option values: text as typed made the type of the option's
default, and a game's range error as one sentence."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from pybridge.errors import OptionError

#: A game option's value: a number or an atom's text (a game's option/3
#: defaults, and what a command line's text becomes).
OptionValue: TypeAlias = int | float | str


@dataclass(frozen=True)
class Option:
    """One option a game accepts."""

    name: str
    default: OptionValue
    help: str


_RANGE = re.compile(r"`between\((-?\d+),(-?\d+)\)' expected, found `(\w+)\((.*)\)'")


def option_message(game_id: str, message: str) -> str:
    """A game's domain_error(between(L, H), Name(Value)) as one sentence."""
    found = _RANGE.search(message)
    if found:
        low, high, name, value = found.groups()
        return f"option {name}={value} of {game_id} is out of range: {low}..{high}"
    return f"bad option for {game_id}: {message.strip()}"


def coerce(game_id: str, option: Option, value: object) -> OptionValue:
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
        if not isinstance(value, (int, float, str)):
            raise TypeError(value)
        return float(value)
    except (TypeError, ValueError):
        raise OptionError(
            f"option {option.name} of {game_id}: expected a number, got {value!r}"
        ) from None


__all__ = ["Option", "OptionValue", "coerce", "option_message"]
