"""The shell's replay viewer: a recorded game shown position by position,
at a prompt of its own."""

from __future__ import annotations

from typing import Callable

from pybridge.replay import Rebuilt, describe_result
from pybridge.text import clean, clean_line, plural

from shell.render import BOLD, GREEN, Printer


def view_replay(say: Printer, read: Callable[[str], str], name: str, rebuilt: Rebuilt,
                at: int = 0) -> None:
    """Show ``rebuilt`` (read from ``name``) from ply ``at``; each answer
    read with ``read`` steps, jumps or leaves. End of input leaves too."""
    positions = rebuilt.positions
    replay = rebuilt.replay
    last = len(positions) - 1
    at = min(at, last)
    seats = " vs ".join(f"{clean_line(seat, 80)} ({clean_line(spec, 300)})"
                        for seat, spec in replay.players.items())
    say(say.style(BOLD, f"Replay of {clean_line(name, 300)}: {clean_line(replay.game.title)}, "
                        f"{seats}, {plural(last, 'move')}"))
    while True:
        position = positions[at]
        move = position.logged.ply if position.logged else None
        heading = f"ply {at}/{last}" + (f": {move.player} played {clean_line(move.move)}"
                                        if move else ": start")
        say(say.style(GREEN, heading))
        if position.note:
            say(say.style(BOLD, f"   {position.note}"))
        say(position.state.display(color=say.color, last_move=move.move if move else None).rstrip())
        if at == last and rebuilt.result is not None:
            say(say.style(BOLD, clean(describe_result(rebuilt.result))))
        try:
            answer = read(f"replay {at}/{last} (Enter next, p back, N jump, q quit)> ")
        except (EOFError, KeyboardInterrupt):
            break
        answer = answer.strip().lower()
        if answer in ("q", "quit"):
            break
        if answer in ("", "n", "next"):
            if at == last:
                say.note("that was the last position (q leaves the replay)")
            at = min(at + 1, last)
        elif answer in ("p", "prev", "back"):
            at = max(at - 1, 0)
        elif answer.isdigit():
            at = min(int(answer), last)
        else:
            say.error(f"{answer!r}: Enter steps forward, p back, a number jumps, q leaves")
    say.note("left the replay")
