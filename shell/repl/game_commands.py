"""The commands about the game being played: looking at it, taking moves
back, hints, seats, and how the AIs play."""

from __future__ import annotations

import textwrap

from pybridge.defaults import MOVE_TIME
from pybridge.jail import sandbox
from pybridge.types import Isolation, spec_forms
from pybridge.games.analysis import outcome_text
from pybridge.errors import Interrupted
from pybridge.play.players import PlayerSpec

from shell.repl.command import (
    COUNT, ISOLATION_MODE, LEVEL, SEAT, SECONDS, SPEC, Command, Host, no_args, optional_count,
)
from shell.render import BOLD, MOVES_LISTED, moves_summary, text_width, wrapped
from shell.repl.session import Session, ShellError


def _playing(session: Session) -> bool:
    return not session.over()


# -- looking at the game ---------------------------------------------------------


def run_moves(host: Host, args: list[str]) -> None:
    match = host.session.match
    assert match is not None
    if match.result is not None:
        host.say("The game is over: no moves.")
        return
    described = match.state.move_descriptions()
    player = match.state.current_player
    n = len(described)
    if n <= MOVES_LISTED:
        host.say(f"{n} valid move{'s' * (n != 1)} for {player}:")
        width = max(len(m) for m in described)
        for move, meaning in described.items():
            host.say(f"  {move.ljust(width)}  {meaning}".rstrip())
        return
    for line in moves_summary(described, player, text_width()):
        host.say(line)


def run_board(host: Host, args: list[str]) -> None:
    host.show_board()


def run_rules(host: Host, args: list[str]) -> None:
    match = host.session.match
    assert match is not None
    host.say(host.say.style(BOLD, match.game.title))
    text = match.game.rules() or "(this game has no rules text)"
    width = text_width()
    host.say("\n".join(textwrap.fill(paragraph, width) if paragraph else ""
                       for paragraph in text.splitlines()))


def run_history(host: Host, args: list[str]) -> None:
    assert host.session.match is not None
    plies = host.session.match.history
    if not plies:
        host.say("No moves yet.")
        return
    for ply in plies:
        host.say(f"  {ply.number:3}. {ply.player:>6} {ply.move}"
                 + (f"  ({ply.ms} ms)" if ply.ms else ""))


# -- moves taken back and given back -----------------------------------------------


def run_undo(host: Host, args: list[str]) -> None:
    session = host.session
    n = session.undo(int(args[0]) if args else None)
    if n == 0:
        raise ShellError("nothing to undo")
    host.say.note(f"took back {n} move{'s' * (n != 1)}")
    host.show_board()
    if session.paused and session.ai_to_move():
        host.say.note("the AI waits: go lets it move")


def run_redo(host: Host, args: list[str]) -> None:
    session = host.session
    n = session.redo(int(args[0]) if args else None)
    if n == 0:
        raise ShellError("nothing to redo")
    host.say.note(f"replayed {n} move{'s' * (n != 1)}")
    host.show_board()
    assert session.match is not None
    if session.match.result is not None:
        host.announce(session.match.result)


def run_hint(host: Host, args: list[str]) -> None:
    """One recommendation, the level's own move within the move time (1 s
    where none is set), and why: the outcome with perfect play or the
    game's value/3 after it, and what the level could not finish."""
    assert host.session.match is not None
    level = int(args[0]) if args else 3
    state = host.session.match.state
    seconds = host.session.move_time or MOVE_TIME
    try:
        with host.thinking(f"ai:{level}"):
            move, note = state.choose(level, seconds=seconds)
    except (KeyboardInterrupt, Interrupted):
        host.say()
        host.say.note("hint stopped")
        return
    after = state.move(move)
    player = state.current_player
    meaning = state.move_descriptions().get(move, "")
    outcome = outcome_text(after)
    if outcome is not None:
        judged = f"; with perfect play after it: {outcome}"
    else:
        try:
            judged = (f"; value for {player} after it: {after.value(player):g} (the game's "
                      f"own estimate, value/3: higher is better for {player}, 0 is even)")
        except ValueError:  # a game file without value/3
            judged = f"; the level's pick in {seconds:g} s"
    width = text_width()
    host.say(wrapped(f"ai:{level} would play {host.say.style(BOLD, move)}"
                     + (f" ({meaning})" if meaning else "") + judged, width))
    if note:
        host.say(wrapped(f"  {note}", width))


def hint_state(command: Command, session: Session, args: list[str]) -> str | None:
    return "the game is over: no move to hint" if session.over() else None


# -- seats and AI play -------------------------------------------------------------


def run_players(host: Host, args: list[str]) -> None:
    match = host.session.match
    if match is None:
        host.say("No game. Seats are chosen with new GAME --first SPEC --second SPEC.")
        return
    if args and match.result is not None:
        raise ShellError("the game is over: undo takes moves back (then players can change "
                         "seats), new starts another")
    if args:
        seats = match.game.players
        if args[0] in seats:
            changes = {args[0]: args[1]}
        else:
            try:
                PlayerSpec.parse(args[0])
            except ValueError:
                raise ShellError(
                    f"{args[0]!r} is neither a seat of {match.game.id} ({', '.join(seats)}) "
                    f"nor a player spec ({spec_forms()})") from None
            changes = dict(zip(seats, args))
        host.session.change_seats(changes)
    for seat in match.game.players:
        host.say(f"  {seat}: {match.players[seat].spec}")


def players_args(command: Command, args: list[str]) -> str | None:
    return f"usage: {command.usage}" if len(args) > 2 else None


def players_state(command: Command, session: Session, args: list[str]) -> str | None:
    if args and session.match is None:
        return "no game yet: start one with new GAME ... --first SPEC --second SPEC"
    if len(args) == 1:
        return f"usage: {command.usage} (both seats' specs, or a seat and a spec)"
    return None


def run_go(host: Host, args: list[str]) -> None:
    if not host.session.ai_to_move():
        raise ShellError("no AI is waiting to move")
    host.session.go()


def run_movetime(host: Host, args: list[str]) -> None:
    if args:
        host.session.set_move_time(float(args[0]))
    seconds = host.session.move_time
    if seconds is None:
        host.say.note(f"a bot may think {MOVE_TIME:g} s a move, a built-in AI its level's "
                      "time (movetime SECONDS sets one for both)")
    else:
        host.say.note(f"a bot may think {seconds:g} s a move, and so may a built-in AI")


def movetime_args(command: Command, args: list[str]) -> str | None:
    try:
        if len(args) > 1 or (args and not 0 < float(args[0]) <= 3600):
            raise ValueError
    except ValueError:
        return f"usage: {command.usage} (seconds above 0, at most 3600, e.g. 5)"
    return None


def run_isolation(host: Host, args: list[str]) -> None:
    if args:
        mode = Isolation(args[0])
        if mode is Isolation.BWRAP:
            sandbox.check(mode)  # IsolationError names the fix
        elif args[1:] != ["trust-code"]:
            raise sandbox.IsolationError(sandbox.NOT_TRUSTED)
        else:
            sandbox.trust_code()
        sandbox.use(mode)
        host.say.note("from the next bot process on:")
    host.say.note(sandbox.describe(sandbox.current()))


def isolation_args(command: Command, args: list[str]) -> str | None:
    if (len(args) > 2 or (args and args[0] not in sandbox.MODES)
            or args[1:] not in ([], ["trust-code"]) or args == ["bwrap", "trust-code"]):
        return f"usage: {command.usage} (bwrap, or none trust-code for your own code only)"
    return None


def run_delay(host: Host, args: list[str]) -> None:
    host.session.delay = float(args[0])
    host.say.note(f"AI moves now {host.session.delay:g} s apart when no human plays")


def delay_args(command: Command, args: list[str]) -> str | None:
    try:
        if len(args) != 1 or float(args[0]) < 0:
            raise ValueError
    except ValueError:
        return f"usage: {command.usage} (seconds >= 0, e.g. 0.5)"
    return None


def run_step(host: Host, args: list[str]) -> None:
    on = host.session.toggle_step()
    host.say.note("step mode on: Enter plays one AI move" if on else "step mode off")


MOVES = Command(
    "moves", "moves", "list the valid moves, with what each does", run_moves,
    needs_game=True, check_args=no_args, useful=_playing,
)
HINT = Command(
    "hint", "hint [LEVEL]", "show the move the AI would play here", run_hint,
    "Asks the game's AI at LEVEL (default 3) for a move in the current\n"
    "position, within the move time (1 s where none is set), and shows it\n"
    "with its value for you. It does not play it.",
    (LEVEL,), needs_game=True, no_game="no game yet: start one with new GAME",
    check_args=optional_count("LEVEL a level from 1, e.g. 3"), check_state=hint_state,
    useful=_playing,
)
UNDO = Command(
    "undo", "undo [N]", "take back moves", run_undo,
    "Without N: back to your previous turn (taking back the AI's reply\n"
    "too). With N: exactly N moves. Undone moves can be redone.",
    (COUNT,), needs_game=True, no_game="no game to undo in",
    check_args=optional_count("N a number of moves, 1 or more"),
    useful=lambda session: bool(session.match and session.match.history),
)
REDO = Command(
    "redo", "redo [N]", "replay undone moves", run_redo,
    "Without N: up to your next turn (the AI's reply as it was played).\n"
    "With N: exactly N moves.",
    (COUNT,), needs_game=True, no_game="no game to redo in",
    check_args=optional_count("N a number of moves, 1 or more"),
    useful=lambda session: bool(session.match and session.match.can_redo() > 0),
)
HISTORY = Command(
    "history", "history", "list the moves played so far", run_history,
    needs_game=True, check_args=no_args,
)
BOARD = Command(
    "board", "board", "show the board again", run_board, needs_game=True, check_args=no_args,
)
PLAYERS = Command(
    "players", "players [SPEC SPEC | SEAT SPEC]", "show or change who plays", run_players,
    "Without arguments: who sits where. `players human ai:2` sets both\n"
    "seats (first, second); `players o ai:4` sets one seat. Takes effect\n"
    "at once, mid-game.",
    (SEAT, SPEC), check_args=players_args, check_state=players_state,
    useful=lambda session: session.match is not None and not session.over(),
)
GO = Command(
    "go", "go", "let a stopped AI move again", run_go,
    "After Ctrl-C stopped an AI's thinking, the game waits; `go` lets\n"
    "the AI think again.",
    needs_game=True, check_args=no_args,
    useful=lambda session: not session.over() and session.ai_to_move(),
)
DELAY = Command(
    "delay", "delay SECONDS", "pause between AI moves (AI vs AI)", run_delay,
    "Seconds to wait after each AI move when no human plays, so the game\n"
    "can be watched; 0 plays at full speed. `step` instead waits for Enter.",
    (SECONDS,), check_args=delay_args,
)
MOVETIME = Command(
    "movetime", "movetime [SECONDS]", "how long a bot or built-in AI may think per move",
    run_movetime,
    "Seconds a bot file or built-in AI may take for one move (as arena play\n"
    "--move-time). A slower bot loses the game; a built-in AI keeps within\n"
    "it (cut short, it plays a random valid move and says so). Unset, a bot\n"
    "has 1 s and a built-in AI its level's time. Without SECONDS: says it.",
    (SECONDS,), check_args=movetime_args,
)
ISOLATION = Command(
    "isolation", "isolation [bwrap|none trust-code]", "how bot files are isolated",
    run_isolation,
    "bwrap (the default): every bot process runs in a bubblewrap jail\n"
    "(own namespaces, a read-only view of SWI-Prolog, the rules and the\n"
    "bot). none trust-code: no jail, for bots and game files that are\n"
    "your own only (as arena --trust-code); others' code needs the jail:\n"
    "install bubblewrap and allow user namespaces. Without an argument:\n"
    "says which is in force.",
    (ISOLATION_MODE,), check_args=isolation_args,
)
STEP = Command(
    "step", "step", "AI vs AI: play one move at a time", run_step,
    "Toggles step mode: with no human seat, each Enter plays one move.",
    check_args=no_args,
)
RULES = Command(
    "rules", "rules", "the rules and move notation of this game", run_rules,
    needs_game=True, check_args=no_args,
)
