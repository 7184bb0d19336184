"""``arena replay``, ``arena verify`` and ``arena resume``: replay logs from
the command line.

Exit codes of ``verify`` (``replay`` and ``resume`` use the same for a bad
log): 0 every move valid and the result the rules' result, 1 an illegal
move or a wrong result, 2 an unreadable log. Every error names the line.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Callable, Sequence

from pybridge import signing
from pybridge.championship import checkpoint
from pybridge.invocation import command_line
from pybridge.play.players import PlayerSpec
from pybridge.replay import (
    Rebuilt,
    Replay,
    ReplayError,
    ReplayMismatch,
    ReplayWriter,
    check_result,
    positions,
    read_replay,
    rebuild,
    verify,
)
from pybridge.text import clean, clean_line
from pybridge.types import Ply, Verdict, result_text
from pybridge.text import plural

from shell.cli.common import add_shell_options, open_shell
from shell.cli.isolation import add_option as add_isolation_option
from shell.render import BOLD, GREEN, YELLOW, Printer, color_wanted
from shell.repl.session import ShellError

EXIT_MISMATCH = 1
EXIT_UNREADABLE = 2


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help="show a logged game position by position")
    p.add_argument("file", metavar="FILE", help="a replay log (.jsonl)")
    p.add_argument("--step", action="store_true", help="wait for Enter between moves")
    p.add_argument("--html", metavar="OUT.html",
                   help="write the game's page (every board, the moves, #ply=K links) "
                        "instead of printing it")
    add_shell_options(p)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("verify", help="check replay logs against the rules (exit 0 valid, 1 illegal, 2 unreadable)")
    p.add_argument("files", nargs="+", metavar="PATH",
                   help="replay logs (.jsonl) and folders of them (searched below)")
    add_isolation_option(p)
    p.add_argument("--accept-altered", action="store_true",
                   help="a tournament's log whose signature does not match (or that has "
                        "none) is only noted, not counted as a failure (exit 1)")
    p.set_defaults(func=cmd_verify)

    p = sub.add_parser("resume", help="continue an unfinished logged game, appending to its log")
    p.add_argument("file", metavar="FILE", help="a replay log (.jsonl)")
    p.add_argument("--first", metavar="SPEC", help="first seat (default: as logged)")
    p.add_argument("--second", metavar="SPEC", help="second seat (default: as logged)")
    p.add_argument("--move-time", type=float, metavar="S",
                   help="seconds a bot or built-in AI may think per move (default: 1 for a bot, "
                        "a built-in AI its level's own time)")
    p.add_argument("--delay", type=float, metavar="S",
                   help="seconds between AI moves when no human plays (default 0.6 in a terminal, else 0)")
    add_shell_options(p)
    p.set_defaults(func=cmd_resume)


def _checked(file: str, action: Callable[[], int]) -> int:
    """Runs ``action``; a bad log is reported with its exit code."""
    try:
        return action()
    except ReplayError as exc:
        print(f"arena: {clean(exc)}", file=sys.stderr)
        return EXIT_MISMATCH if isinstance(exc, ReplayMismatch) else EXIT_UNREADABLE
    except OSError as exc:
        print(f"arena: {clean_line(file)}: {clean(exc.strerror or exc)}", file=sys.stderr)
        return EXIT_UNREADABLE


def _warn(replay: Replay) -> None:
    for warning in replay.warnings:
        print(f"arena: warning: {clean(warning)}", file=sys.stderr)


def summary(rebuilt: Rebuilt) -> str:
    """One line: the game, its moves and how it stands (what the log says
    cleaned: a forfeit's reason is the log's text)."""
    replay = rebuilt.replay
    n = len(replay.moves)
    head = f"{clean_line(replay.game.id)}, {n} move{'s' * (n != 1)}"
    if replay.result is not None:
        return f"{head}, {clean_line(result_text(replay.result))}"
    result = rebuilt.result
    if result is not None:
        return (f"{head}, over by the rules ({clean_line(result_text(result))}) but its result "
                f"was not logged: {command_line('resume', str(replay.path))} writes it")
    return f"{head}, unfinished: {clean_line(rebuilt.final.current_player)} to move"


# -- verify ---------------------------------------------------------------------


def _tournament_index(path: Path) -> bool:
    """Whether ``path`` is a tournament folder's list of games, not a log."""
    return path.name == checkpoint.GAMES and (path.parent / checkpoint.PLAN).is_file()


def logs_in(paths: Sequence[str]) -> list[str]:
    """The files named, and the ``.jsonl`` logs below the folders named."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            below = sorted(str(p) for p in Path(path).rglob("*.jsonl")
                           if p.is_file() and not _tournament_index(p))
            found += below or [path]
        else:
            found.append(path)
    return found


def _signature(file: str, seals: dict[Path, signing.Seal], accept: bool) -> int:
    """0, or EXIT_MISMATCH for a log of a results folder that its
    signatures do not prove (said on stderr; only noted with ``accept``)."""
    found = signing.folder_of_log(file)
    if found is None:
        return 0
    folder, relative = found
    if folder not in seals:
        seals[folder] = signing.check(folder)
    seal = seals[folder]
    if not seal.doubtful(relative):
        return 0
    kind = "altered" if relative in seal.altered else "unsigned"
    print(f"arena: {clean_line(file)}: {kind}: {clean_line(seal.why(relative))}"
          + (" (accepted: --accept-altered)" if accept else ""), file=sys.stderr)
    return 0 if accept else EXIT_MISMATCH


def cmd_verify(args: argparse.Namespace) -> int:
    files = logs_in(args.files)
    codes = []
    seals: dict[Path, signing.Seal] = {}
    doubtful: list[str] = []
    for file in files:
        def run(file: str = file) -> int:
            if os.path.isdir(file):
                raise OSError(0, "a folder with no .jsonl log in it", file)
            if _tournament_index(Path(file)):
                raise OSError(0, "a tournament's list of games, not a game log: verify its "
                              f"folder ({command_line('verify', os.path.dirname(file) or '.')})",
                              file)
            rebuilt = verify(file)
            _warn(rebuilt.replay)
            code = _signature(file, seals, args.accept_altered)
            if code:
                doubtful.append(file)
            print(f"{clean_line(file)}: {'valid' if code == 0 else 'moves valid'}: "
                  f"{summary(rebuilt)}")
            return code

        codes.append(_checked(file, run))
    if len(files) > 1:
        bad = codes.count(EXIT_MISMATCH)
        unreadable = codes.count(EXIT_UNREADABLE)
        altered = f", {len(doubtful)} altered or unsigned" if doubtful else ""
        print(f"{len(files)} logs: {codes.count(0)} valid, {bad - len(doubtful)} illegal, "
              f"{unreadable} unreadable{altered}")
    if EXIT_UNREADABLE in codes:
        return EXIT_UNREADABLE
    return EXIT_MISMATCH if EXIT_MISMATCH in codes else 0


# -- replay ---------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    if args.html:
        return _checked(args.file, lambda: _replay_html(args.file, args.html))
    say = Printer(sys.stdout, color_wanted(args.no_color))

    def run() -> int:
        replay = read_replay(args.file)
        _warn(replay)
        game = replay.game
        seats = " vs ".join(f"{clean_line(seat, 80)} ({clean_line(spec, 300)})"
                            for seat, spec in replay.header.players.items())
        options = "".join(f" {clean_line(k, 80)}={clean_line(v, 200)}"
                          for k, v in game.options.items())
        started = (f", started {clean_line(replay.header.started, 80)}"
                   if replay.header.started else "")
        say(say.style(BOLD, f"{clean_line(game.title)}{options}: {seats}{started}"))
        waiting = args.step
        found = []
        for position in positions(replay):
            logged = position.logged
            if logged is not None:
                if waiting:
                    waiting = _wait(say)
                say(say.style(GREEN, f"{logged.ply.number}. {describe_ply(logged.ply)}"))
                if position.note:
                    say(say.style(BOLD, f"   {position.note}"))
            last = logged.ply.move if logged else None
            say(position.state.display(color=say.color, last_move=last).rstrip())
            found.append(position)
        rebuilt = Rebuilt(replay, tuple(found))
        check_result(replay, rebuilt.final)
        say(say.style(BOLD if rebuilt.result else YELLOW, summary(rebuilt)))
        return 0

    return _checked(args.file, run)


def _replay_html(file: str, out: str) -> int:
    from urllib.parse import quote

    from pybridge.report.gamepage import log_html
    from pybridge.safeio import write_atomically

    replay = read_replay(file)
    _warn(replay)
    rebuilt = rebuild(replay)
    folder = os.path.dirname(os.path.abspath(out))
    write_atomically(out, log_html(rebuilt, quote(os.path.relpath(os.path.abspath(file), folder))))
    print(f"{out}: the page of {summary(rebuilt)}")
    return 0


def describe_ply(ply: Ply) -> str:
    text = f"{clean_line(ply.player)} plays {clean_line(ply.move)}" + (
        f" ({ply.ms} ms)" if ply.ms else "")
    if ply.verdict is not Verdict.OK:
        answered = f", it answered {clean_line(repr(ply.raw))}" if ply.raw is not None else ""
        text += f" (referee: {ply.verdict}{answered}; a random move was played instead)"
    return text


def _wait(say: Printer) -> bool:
    """Waits for Enter; False once the input is over or says q (no more waits)."""
    say(say.style(YELLOW, "(Enter: next move, q: to the end) "), end="")
    line = sys.stdin.readline()
    if not line:
        say()
        return False
    return line.strip().lower() not in ("q", "quit")


# -- resume ---------------------------------------------------------------------


def cmd_resume(args: argparse.Namespace) -> int:
    def run() -> int:
        replay = read_replay(args.file)
        _warn(replay)
        rebuild(replay)
        if replay.result is not None:
            raise ValueError(
                f"{args.file}: nothing to resume, the game is over: {result_text(replay.result)}")
        writer = ReplayWriter.append(args.file)  # holds the log from here on
        try:
            if (writer.plies, writer.over) != (len(replay.moves), False):
                raise ValueError(f"{args.file} changed while it was read: try again")
            return _resume(args, replay, writer)
        finally:
            writer.close()

    return _checked(args.file, run)


def _resume(args: argparse.Namespace, replay: Replay, writer: ReplayWriter) -> int:
    game = replay.game
    specs = (args.first or replay.specs[0], args.second or replay.specs[1])
    for spec in specs:
        PlayerSpec.parse(spec)  # a bad one is said before anything else
    from shell.cli.isolation import apply

    isolation = apply(args, specs)
    if isolation:
        print(isolation)
    shell = open_shell(args, move_time=args.move_time, single_game=True, delay=args.delay)
    shell.say.note(f"resuming {args.file} after {plural(len(replay.moves), 'move')}")
    # the log goes on in the same file, not in a new one
    try:
        shell.start_game(game, specs, state=replay.initial_state(), history=replay.plies,
                         log=False, heading="Resumed")
    except ShellError as exc:
        if "no bot file" not in str(exc):
            raise
        raise ShellError(f"{exc}: a log names a bot file as it was typed where the game "
                         "started; resume from there, or seat another player with "
                         "--first/--second SPEC") from None
    session = shell.session
    match = session.match
    assert match is not None
    seats = {seat: str(match.players[seat].spec) for seat in game.players}
    if seats != dict(replay.players):
        writer.players(seats)
    session.add_recorder(writer)
    if match.result is not None:  # over before its result was written
        writer.result(match.result)
    shell.run()
    return 0 if session.last_result is not None else 1
