"""The commands about replay logs: save the game, load one to go on with
it, watch one."""

from __future__ import annotations

from pybridge.replay import Rebuilt
from pybridge.invocation import command_line
from pybridge.text import clean, plural
from shell.repl.command import FILE, PLY, Command, Host, exactly_one
from shell.repl.replay_viewer import view_replay
from shell.repl.session import read_log


def run_save(host: Host, args: list[str]) -> None:
    path = host.session.save(args[0])
    assert host.session.match is not None
    host.say.note(f"saved {plural(len(host.session.match.history), 'move')} to {path} "
                  f"({command_line('resume', str(path), in_shell=True)} continues it)")


def _read(host: Host, name: str) -> Rebuilt:
    rebuilt = read_log(name)
    for warning in rebuilt.replay.warnings:
        host.say.note(f"warning: {clean(warning)}")
    return rebuilt


def run_load(host: Host, args: list[str]) -> None:
    replay = _read(host, args[0]).replay
    session = host.session
    host.keep_open()
    host.start_game(replay.game, replay.specs, state=replay.initial_state(),
                    history=replay.plies, heading=f"Loaded {args[0]} ({plural(len(replay.plies), 'move')})")
    if session.match is not None and session.match.result is None and replay.result is not None:
        # a recorded forfeit: the rules alone do not end the game
        session.conclude(replay.result)
        host.announce(replay.result)
    if session.ai_to_move():
        session.pause()
        host.say.note("the AI waits: go lets it move, players changes seats")


def run_replay(host: Host, args: list[str]) -> None:
    rebuilt = _read(host, args[0])
    view_replay(host.say, host.read_plain, args[0], rebuilt, int(args[1]) if len(args) > 1 else 0)


def replay_args(command: Command, args: list[str]) -> str | None:
    if not 1 <= len(args) <= 2 or (len(args) == 2 and not args[1].isdigit()):
        return f"usage: {command.usage}"
    return None


SAVE = Command(
    "save", "save FILE", "save the game as a replay log", run_save,
    "Writes the game so far (moves, undos are not kept) to FILE in the\n"
    "replay format; `load FILE` continues it.", (FILE,),
    needs_game=True, no_game="no game to save", check_args=exactly_one,
)
LOAD = Command(
    "load", "load FILE", "continue a game from a replay log", run_load,
    "Loads the replay log FILE and continues the game from its last\n"
    "move; the seats are those of the log unless changed with `players`.",
    (FILE,), check_args=exactly_one,
)
REPLAY = Command(
    "replay", "replay FILE [PLY]", "watch a recorded game", run_replay,
    "Shows a replay log position by position: Enter or `n` steps\n"
    "forward, `p` back, a number jumps to that ply, `q` leaves.",
    (FILE, PLY), check_args=replay_args,
)
