"""What the shell shows: boards, status lines, results. Plain text with ANSI
escapes; colour is removed when the user asked for none."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import TextIO

import pybridge
from pybridge.invocation import command_line
from pybridge.text import clean_display, without_colour
from pybridge.play.match import Match
from pybridge.types import PLAYER_KINDS, PlayerKind, Ply, Result, Verdict, result_text


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


class Printer:
    """Writes the shell's output, with or without colour."""

    def __init__(self, out: TextIO, color: bool) -> None:
        self.out = out
        self.color = color

    def __call__(self, text: str = "", *, end: str = "\n") -> None:
        # whatever reached this text (a log, a folder, a game), the terminal
        # obeys only colours: OSC (title, clipboard), cursor moves and every
        # other control character are shown escaped
        text = clean_display(text, 1 << 20)
        if not self.color:
            text = without_colour(text)
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
    if ply.verdict != Verdict.OK:
        text += f" (referee: {ply.verdict}"
        if ply.raw:
            text += f", it answered {ply.raw!r}"
        text += ", a random move was played instead)"
    return text


def describe_result(match: Match, result: Result) -> str:
    return result_text(result, name=lambda seat: seat_label(match, seat), sentence=True)


#: What each player kind is, at the length a listing of them gives.
KIND_DETAILS: dict[PlayerKind, str] = {
    PlayerKind.HUMAN: "you: type the moves (Tab lists them)",
    PlayerKind.RANDOM: "a random valid move",
    PlayerKind.AI: "the game's own AI at level N (1 and up): 1 random, 2 greedy, 3 and up "
                   "search, longer as N grows; ai:3 is the default second seat",
    PlayerKind.MCTS: "the arena's general AI, for any game, at level N (1 and up): 1 random, "
                     "2 greedy, 3 and up Monte Carlo search of 0.25 s at 3, doubling with "
                     "each level to 16 s at 9 and above",
    PlayerKind.BOT: "a bot file (.pl, .prolog or .pro; it runs in a sandbox), passed "
                    "level N if given",
}

#: The player specs, each with what it is and the range of its level: the
#: kinds of :data:`PLAYER_KINDS`, in its order and its syntax.
PLAYER_SPECS: tuple[tuple[str, str], ...] = tuple(
    (form.syntax, KIND_DETAILS[kind]) for kind, form in PLAYER_KINDS.items())


def players_listing(width: int = 100) -> list[str]:
    """The player specs a seat takes, each with its meaning."""
    lines = textwrap.wrap("Player specs, for --first SPEC and --second SPEC (and players "
                          "SPEC SPEC in the shell):", width)
    for spec, meaning in PLAYER_SPECS:
        lines += textwrap.wrap(meaning, width, initial_indent=f"  {spec:12} ",
                               subsequent_indent=" " * 15, break_on_hyphens=False)
    return lines


def game_summary(game: pybridge.Game) -> str:
    """The game's one-line description: the first line of its rules, if any."""
    rules = game.rules().strip()
    return rules.splitlines()[0].strip() if rules else ""


def games_listing(width: int = 100) -> list[str]:
    """Every game: its id, title and description, its players and options;
    then how to name a game file, and the player specs."""
    lines = [f"Games ({command_line('play', 'GAME')}, or new GAME in the shell):"]
    for game_id in pybridge.games():
        game = pybridge.load_game(game_id)
        first, second = game.players
        summary = game_summary(game)
        lines += textwrap.wrap(f"{game.title}" + (f" — {summary}" if summary else ""), width,
                               initial_indent=f"  {game_id:11} ", subsequent_indent=" " * 14)
        lines.append(f"{'':14}players: {first} (moves first) and {second}")
        for option in game.option_specs:
            lines.append(f"{'':14}option {option.name}={option.default}: {option.help}")
    example = "./nim.pl"
    lines.append("  a game file: name it by its path wherever a game is named, e.g.")
    lines += [f"{'':14}{command_line('play', example)}",
              f"{'':14}{command_line('check-game', example)}",
              f"{'':14}new {example}   (in the shell)"]
    lines.append("")
    return lines + players_listing(width)


def text_width() -> int:
    """Columns for wrapped text: the terminal's, within 40..100."""
    return max(40, min(shutil.get_terminal_size((100, 24)).columns - 1, 100))


def wrapped(text: str, width: int) -> str:
    """``text`` wrapped at word boundaries, later lines indented by two."""
    return "\n".join(textwrap.wrap(text, width, subsequent_indent="    ",
                                   break_on_hyphens=False, break_long_words=False))


#: Up to this many moves, `moves` lists each with its description.
MOVES_LISTED = 40


def moves_summary(described: dict[str, str], player: str, width: int) -> list[str]:
    """Many moves, grouped: the moves whose descriptions begin with the
    same word (Alliances: the colour) on wrapped lines, groups that differ
    only in their moves' common prefix once (Alliances: every colour on
    the same empty cells), then each move whose description says more
    than its first part (after a comma: what the move decides) on a line
    of its own."""
    groups: dict[str, list[str]] = {}
    telling: list[tuple[str, str]] = []
    for move, meaning in described.items():
        head = meaning.split(" ", 1)[0].strip(",") if meaning else ""
        groups.setdefault(head, []).append(move)
        if "," in meaning:
            telling.append((move, meaning))
    lines = [f"{len(described)} valid moves for {player}, grouped (Tab after a few "
             "letters describes each):"]
    # groups whose moves are one prefix (a colour letter) before the same rests
    alike: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for head, moves in groups.items():
        prefix = os.path.commonprefix(moves) if len(moves) > 1 else ""
        alike.setdefault(tuple(m[len(prefix):] for m in moves), []).append((head, prefix))
    for rests, heads in alike.items():
        if len(heads) > 1 and all(prefix for _, prefix in heads):
            prefixes = [p for _, p in heads]
            label = (f"  {', '.join(h for h, _ in heads)} ({len(rests)} each): "
                     f"{', '.join(prefixes[:-1])} or {prefixes[-1]} followed by ")
        else:
            head, prefix = heads[0]
            label = f"  {head} ({len(rests)}): " if head else f"  ({len(rests)}): "
            rests = tuple(prefix + r for r in rests)
            for head, prefix in heads[1:]:
                lines += textwrap.wrap(" ".join(prefix + r for r in rests), width,
                                       initial_indent=f"  {head} ({len(rests)}): ",
                                       subsequent_indent=" " * 4, break_on_hyphens=False)
        lines += textwrap.wrap(" ".join(rests), width, initial_indent=label,
                               subsequent_indent=" " * 4, break_on_hyphens=False)
    if telling:
        lines.append(f"moves that decide something ({len(telling)}):")
        lines += [f"  {move}  {meaning}" for move, meaning in telling]
    return lines
