"""A typed line, read once (:func:`read_line`): a command with fitting
arguments, or a valid move of the human to move, or why it cannot run.
The validator asks this before Enter is accepted, so that a refused line
stays to be fixed; the loop runs the same reading."""

from __future__ import annotations

import difflib
import shlex
from dataclasses import dataclass
from typing import Callable

from prompt_toolkit.document import Document
from prompt_toolkit.validation import ValidationError, Validator

from pybridge.errors import ArenaError
from pybridge.games.notation import TypedMove
from pybridge.text import first_control

from shell.repl import commands
from shell.repl.command import Command
from shell.render import seat_label, text_width, wrapped
from shell.repl.session import Session


@dataclass(frozen=True)
class ReadLine:
    """What a typed line is: a ``command`` with its ``args``, or a ``move``
    to play (as read at the position); ``problem`` says why it cannot run.
    An empty line is none of these."""

    command: Command | None = None
    args: tuple[str, ...] = ()
    move: TypedMove | None = None
    problem: str | None = None


def read_line(line: str, session: Session) -> ReadLine:
    """``line`` read against the session: once, for the check and the run."""
    line = line.strip()
    if not line:
        return ReadLine()
    control = first_control(line)
    if control is not None:
        return ReadLine(problem=f"that line has a control character ({control!r}): "
                                "type a move or a command (help lists them)")
    try:
        words = shlex.split(line)
    except ValueError as exc:
        return ReadLine(problem=f"cannot read that line: {exc}")
    if not words:
        return ReadLine()
    command = commands.lookup(words[0])
    if command is not None:
        return ReadLine(command, tuple(words[1:]), problem=command.problem(session, words[1:]))
    move, problem = read_move(line, session)
    return ReadLine(move=move, problem=problem)


def read_move(text: str, session: Session) -> tuple[TypedMove | None, str | None]:
    """``text`` read as a move of the human to move, and why it is not one
    they may play (None when it is)."""
    match = session.match
    word = text.split()[0]
    if match is None:
        close = difflib.get_close_matches(word, list(commands.BY_NAME), n=1)
        hint = f" — did you mean {close[0]}?" if close else ""
        return None, (f"{word!r} is not a command{hint} (no game yet: new GAME starts one; "
                      "help lists commands)")
    if match.result is not None:
        return None, "the game is over: new starts another, undo takes moves back"
    seat = match.state.current_player
    if not match.players[seat].is_human:
        if session.paused:
            return None, f"it is {seat_label(match, seat)}'s turn, stopped: go lets it move"
        return None, f"it is {seat_label(match, seat)}'s turn"
    move = session.read_move(text)
    reason = move.problem
    words = text.split()
    if reason is not None and len(words) > 1 and not any(c in text for c in "[](),"):
        # not a move, nor a term written with spaces: words the game would run together
        return move, (f"{text.strip()!r} is {len(words)} words: type one move at a time "
                      "(Tab lists them) or a command")
    if reason is not None:
        close = difflib.get_close_matches(word, list(commands.BY_NAME), n=1, cutoff=0.75)
        if close:
            reason += f" — or did you mean the command {close[0]}?"
    return move, reason


#: Said after every refusal: the line stays to be edited, and what is typed
#: next is added to it.
CLEAR_HINT = " (Ctrl-U clears the line)"


class LineValidator(Validator):
    """Refuses a line before Enter is accepted, saying why ``check`` gives
    and how to clear it."""

    def __init__(self, check: Callable[[str], str | None]) -> None:
        self.check = check

    def validate(self, document: Document) -> None:
        try:
            problem = self.check(document.text)
        except ArenaError as exc:
            problem = str(exc)
        if problem:
            # wrapped here at spaces: prompt_toolkit's toolbar would cut words
            width = text_width()
            message = "\n".join(wrapped(part, width)
                                for part in (problem + CLEAR_HINT).splitlines())
            raise ValidationError(message=message,
                                  cursor_position=len(document.text))
