"""Text that comes from a bot is data: shown and stored only after
:func:`clean` has replaced its control characters and bounded its size."""

from __future__ import annotations

import re

#: The default bound of one detail (an error, a move's text, a name).
DETAIL_LIMIT = 2048

# C0 and C1 controls, DEL, and the Unicode controls that reorder or hide
# text (bidirectional overrides and isolates, zero-width joiners aside).
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROLS_NO_LINES = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


#: Characters past the limit kept rather than cut ("… 8 bytes more").
SLACK = 24


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: object, limit: int = DETAIL_LIMIT, *, lines: bool = True) -> str:
    """``text`` with every control character written as a visible escape
    (``\\x1b``); newline and tab are kept when ``lines``. Cut to about
    ``limit`` characters, saying how many bytes were left off."""
    s = text if isinstance(text, str) else str(text)
    extra = ""
    if len(s) > limit + SLACK:            # a cut is worth its marker
        rest = s[limit:]
        s = s[:limit]
        extra = f"… {len(rest.encode('utf-8', 'replace'))} bytes more"
    s = (_CONTROLS if lines else _CONTROLS_NO_LINES).sub(_escape, s)
    return s + extra


def clean_line(text: object, limit: int = DETAIL_LIMIT) -> str:
    """:func:`clean` for a one-line field: newlines and tabs escaped too."""
    return clean(text, limit, lines=False)


#: SGR (colour and style) sequences: ESC [ digits and semicolons m.
_SGR = re.compile("\x1b\\[[0-9;]{0,32}m")


#: Screen clears and cursor placings (ESC [ ... J, K, H or f): a course
#: game's "clear the console" before each board.
_CLEARS = re.compile("\x1b\\[[0-9;]{0,32}[JKHf]")


def clean_display(text: object, limit: int = 64 * 1024) -> str:
    """Text a game printed for a person (a board): SGR colour sequences
    kept, screen clears and cursor placings left out, every other control
    character written as a visible escape (so OSC and cursor moves are
    shown, never obeyed); newline and tab kept. Cut to about ``limit``
    characters."""
    s = text if isinstance(text, str) else str(text)
    extra = ""
    if len(s) > limit + SLACK:
        extra = f"… {len(s[limit:].encode('utf-8', 'replace'))} bytes more"
        s = s[:limit]
    s = _CLEARS.sub("", s)
    parts: list[str] = []
    last = 0
    for m in _SGR.finditer(s):
        parts.append(_CONTROLS.sub(_escape, s[last:m.start()]))
        parts.append(m.group())
        last = m.end()
    parts.append(_CONTROLS.sub(_escape, s[last:]))
    return "".join(parts) + extra


#: Escape sequences of the CSI kind (colours, styles, cursor moves).
_CSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def without_colour(text: str) -> str:
    """``text`` with its CSI escape sequences (colours, styles) removed:
    what a plain terminal shows, and what counts for its width."""
    return _CSI.sub("", text)


def has_controls(text: str) -> bool:
    """Whether ``text`` holds a control character (newline and tab too)."""
    return first_control(text) is not None


def first_control(text: str) -> str | None:
    """The first control character of ``text`` (newline and tab too), if any."""
    found = _CONTROLS_NO_LINES.search(text)
    return None if found is None else found.group()


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun`` as a person writes them: ``1 game``, ``2 games``,
    ``1 ply``, ``3 plies`` (``many``: the plural when not noun + s)."""
    irregular = {"ply": "plies", "reply": "replies", "entry": "entries"}
    word = noun if count == 1 else (many or irregular.get(noun) or noun + "s")
    return f"{count:,} {word}" if abs(count) >= 10_000 else f"{count} {word}"


__all__ = ["DETAIL_LIMIT", "clean", "clean_display", "clean_line", "first_control", "has_controls",
           "plural", "without_colour"]

