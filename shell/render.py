"""What the shell shows: boards, status lines, results. Plain text with ANSI
escapes; colour is removed when the user asked for none."""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

import pybridge
from pybridge.play.match import Match
from pybridge.types import Ply, Result, result_text

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")

BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RED = "\x1b[31m"
GREEN = "\x1b[32m"
YELLOW = "\x1b[33m"
CYAN = "\x1b[36m"
RESET = "\x1b[0m"


def color_wanted(no_color_flag: bool, stream: TextIO | None = None) -> bool:
    """Colour unless --no-color, NO_COLOR (any value) or a dumb terminal."""
    if no_color_flag or "NO_COLOR" in os.environ:
        return False
    if os.environ.get("TERM") == "dumb":
        return False
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


class Printer:
    """Writes the shell's output, with or without colour."""

    def __init__(self, out: TextIO, color: bool) -> None:
        self.out = out
        self.color = color

    def __call__(self, text: str = "", *, end: str = "\n") -> None:
        if not self.color:
            text = strip_ansi(text)
        self.out.write(text + end)
        self.out.flush()

    def style(self, code: str, text: str) -> str:
        return f"{code}{text}{RESET}" if self.color else text

    def error(self, text: str) -> None:
        self(self.style(RED, f"error: {text}"))

    def note(self, text: str) -> None:
        self(self.style(DIM, text))


def seat_label(match: Match, seat: str) -> str:
    player = match.players[seat]
    return f"{seat} ({player.spec.name})"


def status_line(match: Match) -> str:
    """Whose turn, who plays, move number: one line."""
    first, second = match.game.players
    who = f"{seat_label(match, first)} vs {seat_label(match, second)}"
    ply = len(match.history) + 1
    if match.result is not None:
        turn = "game over"
    else:
        turn = f"{match.state.current_player} to move"
    return f"{match.game.title} · {who} · move {ply} · {turn}"


def describe_ply(match: Match, ply: Ply) -> str:
    text = f"{ply.player} plays {ply.move}"
    if ply.verdict != "ok":
        text += f" (referee: {ply.verdict}"
        if ply.raw:
            text += f", it answered {ply.raw!r}"
        text += ", a random move was played instead)"
    return text


def describe_result(match: Match, result: Result) -> str:
    return result_text(result, name=lambda seat: seat_label(match, seat), sentence=True)


def games_listing() -> list[str]:
    """Every game: its id, title and players, then its options."""
    lines = []
    for game_id in pybridge.games():
        game = pybridge.load_game(game_id)
        lines.append(f"{game_id:10} {game.title} — players {' '.join(game.players)} (first moves first)")
        for option in game.option_specs:
            lines.append(f"{'':10}   {option.name}={option.default}: {option.help}")
    lines.append("a game file: name it by its path wherever a game is named "
                 "(new ./nim.pl, arena play ./nim.pl, arena check-game ./nim.pl)")
    return lines
