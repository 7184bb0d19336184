"""Hostile game files (tests/hostile/games/) against the game host: the
five routes of the issue on game files, and attacks on the host's
channel, files, signals, output, size, time, terms, operators and
expansion hooks. After each: no marker file outside the jail, no game
host process left, the referee's engine and a built-in game unaffected,
and no raw control sequence in what was shown."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

import pybridge
from pybridge.engine import _prolog
from pybridge.host import game_registry
from pybridge.host.game_limits import HostLimits
from pybridge.jail import sandbox
from pybridge.errors import GameFileError, GameRuleError
from shell.cli.arena import main
from tests.support.course import played
from tests.support.paths import ROOT, TESTS
from tests.support.says import says

GAMES = TESTS / "hostile" / "games"
MARKER = Path("/tmp/arena-gamehost-pwned")
_SGR = re.compile("\x1b\\[[0-9;]*m")


def raw_controls(text: str) -> list[str]:
    """Control characters in ``text`` other than newline, tab and SGR colours."""
    return re.findall("[\x00-\x08\x0b-\x1f\x7f-\x9f]", _SGR.sub("", text))


def host_processes(root: int | None = None) -> list[int]:
    """Game host processes started by this process (or by ``root``) still
    alive (other processes on the machine may run game hosts of their own)."""
    parents: dict[int, int] = {}
    lines: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
            lines[int(entry.name)] = cmdline
    top = os.getpid() if root is None else root

    def mine(pid: int) -> bool:
        while pid > 1:
            if pid == top:
                return True
            pid = parents.get(pid, 0)
        return False

    return [pid for pid, cmdline in lines.items()
            if "--jail" in cmdline and sandbox.GAME_MOUNT in cmdline and mine(pid)]


@pytest.fixture(autouse=True)
def jail(monkeypatch: pytest.MonkeyPatch) -> Iterator[bool]:
    """Each test in the jail; afterwards the checks every attack must pass."""
    monkeypatch.setenv(sandbox.ENV, "bwrap")
    MARKER.unlink(missing_ok=True)
    yield sandbox.bwrap_problem() is None
    game_registry.close_all()
    assert not MARKER.exists(), "a marker file was written outside the jail"
    deadline = time.monotonic() + 5
    while host_processes() and time.monotonic() < deadline:
        time.sleep(0.05)
    left = host_processes()
    assert left == [], ("a game host process was left:", [
        Path(f"/proc/{p}/cmdline").read_bytes()[:300] for p in left])
    # the referee's engine: no game file loaded, its operators untouched
    assert _prolog.call("current_module(M), sub_atom(M, 0, _, _, 'code:')") is None
    assert _prolog.call("module_property(M, file(F)), sub_atom(F, _, _, _, 'hostile/games')") \
        is None
    assert _prolog.call("X = (a-b), Y = (c=d)") == {"X": ("-", ["a", "b"]), "Y": ("=", ["c", "d"])}
    assert str(pybridge.load_game("tictactoe").initial_state().move("5")) == \
        "state([e,e,e,e,x,e,e,e,e],o)"


def load(name: str, jail: bool) -> pybridge.Game | None:
    """The hostile game ``name``; None where bubblewrap cannot run (then a
    game file is refused, saying how to run without it)."""
    if not jail:
        with pytest.raises(sandbox.IsolationError, match="bubblewrap"):
            pybridge.load_game(str(GAMES / name))
        return None
    return pybridge.load_game(str(GAMES / name))


def failure(name: str, jail: bool, kind: type[Exception]) -> str | None:
    """What loading the hostile game ``name`` and asking its first state's
    moves raises (of ``kind``); None where bubblewrap cannot run."""
    if not jail:
        load(name, jail)
        return None
    with pytest.raises(kind) as caught:
        pybridge.load_game(str(GAMES / name)).initial_state().valid_moves()
    return shown(caught)


def shown(exc: pytest.ExceptionInfo[BaseException]) -> str:
    text = str(exc.value)
    assert raw_controls(text) == [], text
    return text


# -- the five routes -----------------------------------------------------------

def test_route1_print_message_format_goal_runs_only_in_the_jail(jail: bool) -> None:
    game = load("route1_print_message.pl", jail)
    if game is None:
        return
    state = game.initial_state()
    assert state.valid_moves() == ["1"]
    assert state.move("1").valid_moves() == ["1"]


def test_route2_a_thrown_format_message_is_translated_only_in_the_jail(jail: bool) -> None:
    game = load("route2_throw_format.pl", jail)
    if game is None:
        return
    with pytest.raises(GameRuleError) as caught:
        game.initial_state().valid_moves()
    says(shown(caught), "route2_throw_format", "valid_moves/2", "threw")


def test_route3_a_log_naming_a_file_that_is_both_bot_and_game(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if load("route3_bot_and_game.pl", jail) is None:
        return
    both = str(GAMES / "route3_bot_and_game.pl")
    log = tmp_path / "game.jsonl"
    assert main(["play", both, "--first", "ai:1", "--second", "ai:1", "--replay", str(log),
                 "--no-color"]) == 0
    header = json.loads(log.read_text().splitlines()[0])
    assert header["game_file"]["path"] == both
    # the crafted log: the same file named again, as the game of another log
    crafted = tmp_path / "crafted.jsonl"
    crafted.write_text(log.read_text())
    assert main(["verify", str(crafted)]) == 0
    assert main(["replay", str(crafted), "--no-color"]) == 0
    out, err = capsys.readouterr()
    assert "valid: route3_bot_and_game" in out and raw_controls(out + err) == []
    # as a bot, the same file is refused by the bot host's own check
    assert main(["check-bot", both, both]) != 0
    out, err = capsys.readouterr()
    assert "verdict:  refused" in out
    says(out, "display_game/1", "print_message/2")


@pytest.mark.slow
def test_route4_a_loop_that_swallows_the_time_limit_is_named_and_killed(
        jail: bool, capsys: pytest.CaptureFixture[str]) -> None:
    game = load("route4_catch_loop.pl", jail)
    if game is None:
        return
    start = time.monotonic()
    with pytest.raises(GameRuleError) as caught:
        game.initial_state().valid_moves()
    # the rule's own clock names it; under load the watchdog outside the
    # host may fire first, naming the rules the host was asked
    named = (r"route4_catch_loop: (\S+/\d, )*valid_moves/2(, \S+/\d)*( or \S+/\d)? "
             r"did not answer within 5 s")
    assert re.search(named, shown(caught)), shown(caught)
    assert main(["check-game", str(GAMES / "route4_catch_loop.pl"), "--games", "2"]) == 1
    out, _ = capsys.readouterr()
    killed = (r"route4_catch_loop: a rule the conformance check called did not answer "
              r"within 5 s \(the game's process was killed\)")     # the watchdog, under load
    assert re.search("valid_moves/2: " + named, out) or re.search(killed, out), out
    assert time.monotonic() - start < 60       # never hangs


def test_a_rule_that_disarms_the_rules_clock_is_named_and_killed(jail: bool) -> None:
    """valid_moves/2 moves its own end far ahead and removes the alarms:
    the watchdog outside the host still ends it, naming the rule."""
    game = load("clock_disarm.pl", jail)
    if game is None:
        return
    start = time.monotonic()
    with pytest.raises(GameRuleError) as caught:
        game.initial_state().valid_moves()
    says(shown(caught), "clock_disarm", "valid_moves/2", "within 5 s")
    assert time.monotonic() - start < 30       # never hangs


def test_a_refused_listed_move_brings_no_escapes_into_the_message(jail: bool) -> None:
    """move/3 refuses a listed move made of terminal escapes: the no-contest
    reason names move/3, escaped and bounded."""
    game = load("refused_escape.pl", jail)
    if game is None:
        return
    state = game.initial_state()
    bad = next(m for m in state.valid_moves() if m != "ok")
    with pytest.raises(GameRuleError) as caught:
        state.move(bad)
    text = shown(caught)
    says(text, "move/3", "failed")
    assert len(text) < 2000, text[:300]


def test_route4_ctrl_c_ends_check_game(jail: bool, tmp_path: Path) -> None:
    if load("route4_catch_loop.pl", jail) is None:
        return
    game_registry.close_all()                        # only the command's host from now on
    proc = subprocess.Popen(
        [sys.executable, "-m", "shell", "check-game", str(GAMES / "route4_catch_loop.pl")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, env={**os.environ, sandbox.ENV: "bwrap"})
    try:
        deadline = time.monotonic() + 60
        while not host_processes(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert host_processes(proc.pid), "the game host never started"
        time.sleep(0.5)                         # inside valid_moves/2's loop now
        hosts = host_processes(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)      # as a terminal's Ctrl-C does
        pressed = time.monotonic()
        proc.communicate(timeout=30)
        assert time.monotonic() - pressed < 5   # a generous bound: it did not hang
        assert proc.returncode == 130
        deadline = time.monotonic() + 5
        while any(Path(f"/proc/{p}").exists() for p in hosts) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(Path(f"/proc/{p}/cmdline").exists()
                       and b"--jail" in Path(f"/proc/{p}/cmdline").read_bytes() for p in hosts)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_route5_an_attribute_goal_runs_only_in_the_jail(jail: bool) -> None:
    try:
        game = load("route5_freeze_attr.pl", jail)
        if game is None:
            return
        state = game.initial_state()
    except GameRuleError as exc:    # game code's own put_attr/3 refuses freeze, naming the rule
        assert "initial_state/2" in str(exc) and "attribute_module" in str(exc), exc
        return
    assert str(state) == "s(0)" and state.valid_moves() == ["1"]
    assert state.move("1").move("1").game_over() == "a"


# -- attacks on the host -------------------------------------------------------

def test_channel_a_forged_reply_kills_the_host_and_says_so(jail: bool) -> None:
    game = load("forged_reply.pl", jail)
    if game is None:
        return
    with pytest.raises(GameRuleError) as caught:
        game.initial_state().valid_moves()
    assert "a reply that answers no request was written" in shown(caught)


def test_channel_forged_rule_notes_cannot_keep_a_request_alive(
        jail: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_registry, "LIMITS", HostLimits(request_seconds=6))
    game = load("note_flood.pl", jail)
    if game is None:
        return
    with pytest.raises(GameRuleError) as caught:
        game.initial_state().valid_moves()
    says(shown(caught), "note_flood", "valid_moves/2", "within 6 s")


def test_files_outside_the_jail_cannot_be_read_or_written(jail: bool) -> None:
    game = load("read_files.pl", jail)
    if game is None:
        return
    bridge = Path(pybridge.__file__).resolve().parent.parent / "prolog" / "bridge.pl"
    before = bridge.read_bytes()
    board = game.initial_state().display()
    assert "root:" not in board and "/etc/passwd: unreadable" in board
    assert raw_controls(board) == []
    # a file the jail cannot open for writing is kept in the game's own
    # memory (a log on the student's desktop): nothing reaches a disk
    assert "wrote /arena/game/pwned.txt" in board
    assert not (GAMES / "pwned.txt").exists() and not Path("/tmp/pwned.txt").exists()
    assert bridge.read_bytes() == before                        # the arena's own files


def test_signals_reach_only_the_jail(jail: bool) -> None:
    game = load("signals.pl", jail)
    if game is None:
        return
    state = game.initial_state()
    try:                                        # kill(-1, 9) reached no one outside; it may
        assert state.valid_moves() == ["1"]     # take down its own jail (the loaded copy
    except GameRuleError as exc:                # the game's process was forked from) first
        assert "valid_moves/2" in str(exc) and "its process" in str(exc), exc
    with pytest.raises(GameRuleError) as caught:
        state.move("1").valid_moves()           # kill(0, 9): its own process group
    assert "valid_moves/2" in shown(caught) and "its process" in str(caught.value)
    assert str(game.initial_state()) == "s(0)"  # a new host for the next request


def test_output_escape_sequences_are_shown_not_obeyed(jail: bool) -> None:
    game = load("escape_output.pl", jail)
    if game is None:
        return
    assert raw_controls(game.title) == [] and "\\x1b]0;owned" in game.title
    board = game.initial_state().display()
    assert "\x1b[31mred 0\x1b[0m" in board      # colours kept
    assert raw_controls(board) == [] and "\\x1b]52;" in board
    assert "[2J" not in board                   # a screen clear is left out, not obeyed
    assert game.file is not None
    assert raw_controls(game_registry.host_for(game.file).output.text()) == []


def test_output_floods_are_bounded(jail: bool) -> None:
    game = load("output_flood.pl", jail)
    if game is None:
        return
    state = game.initial_state()
    board = state.display()
    assert len(board) < 70_000 and "bytes more" in board
    assert game.file is not None
    assert len(game_registry.host_for(game.file).output.text()) < 70 * 1024


def test_a_state_megabytes_long_is_refused(jail: bool) -> None:
    text = failure("huge_state.pl", jail, GameRuleError)
    if text is not None:
        says(text, "huge_state", "state's text", "longer than")


def test_a_million_moves_are_refused(jail: bool) -> None:
    text = failure("huge_moves.pl", jail, GameRuleError)
    if text is not None:
        says(text, "huge_moves", "valid_moves/2", "1,000,000 moves", "100,000")


def test_cyclic_states_and_moves_are_refused(jail: bool) -> None:
    text = failure("cyclic_state.pl", jail, GameRuleError)
    if text is not None:
        says(text, "cyclic_state", "initial_state/2", "cyclic")


def test_a_sleeping_rule_is_stopped_naming_it(jail: bool) -> None:
    text = failure("sleeps.pl", jail, GameRuleError)
    if text is not None:
        says(text, "sleeps", "initial_state/2", "did not")


def test_operators_of_the_file_stay_in_its_own_module(jail: bool) -> None:
    game = load("operators.pl", jail)
    if game is None:
        return
    state = game.initial_state()
    assert str(state) == "===>(a,0)"            # written with standard operators only
    assert game.state_from_text(str(state)) == state
    assert state.move("2").game_over() == "a"


def test_expansion_hooks_are_refused_before_anything_runs(jail: bool) -> None:
    text = failure("term_expansion.pl", jail, GameFileError)
    if text is not None:
        says(text, "term_expansion/2", "load time")
        assert "module user" in text


def test_halt_in_a_rule_is_named_and_the_next_request_gets_a_new_host(jail: bool) -> None:
    game = load("halts.pl", jail)
    if game is None:
        return
    state = game.initial_state()
    with pytest.raises(GameRuleError) as caught:
        state.move("1").valid_moves()
    assert "halts: " in shown(caught) and "valid_moves/2" in str(caught.value)
    assert state.valid_moves() == ["1"]


def test_a_directive_that_halts_refuses_the_file_in_one_line(jail: bool) -> None:
    """`:- bye.` with `bye :- halt(0).`: run in the jail once the file is
    loaded, its halt ends only its own goal; the file is refused with the
    directive named, in one line, not a backtrace."""
    failed = failure("directive_halts.pl", jail, GameFileError)
    if failed is None:
        return
    says(failed, "directive bye", "halt(0)")
    assert "Initialization goal" not in failed and "frames" not in failed, failed


def test_a_directive_that_leaves_a_thread_stealing_requests_is_refused(jail: bool) -> None:
    """A directive starts a thread that reads the host's requests and
    forges winning replies: the load leaves it running, and the file is
    refused with that reason before any game starts (the host could not
    start one: it died with SWI-Prolog's fork error as its last words)."""
    failed = failure("directive_thread.pl", jail, GameFileError)
    if failed is None:
        return
    says(failed, "1 thread(s)", "running")


def test_a_rule_entering_the_toplevel_is_named_and_the_host_goes_on(jail: bool) -> None:
    game = load("toplevel.pl", jail)
    if game is None:
        return
    state = game.initial_state()
    assert state.valid_moves() == ["1", "2", "3"]   # trace/0 does nothing here
    for move, name in (("1", "break"), ("2", "prolog"), ("3", "break")):
        with pytest.raises(GameRuleError) as caught:
            state.move(move).valid_moves()
        text = shown(caught)
        says(text, "toplevel", "valid_moves/2", f"called {name}")
    assert state.valid_moves() == ["1", "2", "3"]


def test_a_loop_ending_in_a_qualified_break_does_not_end_the_host(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not jail:
        return
    game = tmp_path / "loop_break.pl"
    game.write_text((GAMES / "loop_break.pl").read_text())
    main(["check-game", str(game), "--games", "3"])
    out, err = capsys.readouterr()
    assert "its process ended" not in out + err
    assert "adapter proposed in" in out, out + err


def test_a_runaway_stack_is_named(jail: bool) -> None:
    game = load("memory.pl", jail)
    if game is None:
        return
    with pytest.raises(GameRuleError) as caught:
        game.initial_state().valid_moves()
    text = shown(caught)
    # the stack limit, or a time limit first on a busy machine
    assert "memory: valid_moves/2" in text and ("Stack limit" in text or "within 5 s" in text)


def test_a_file_written_without_end_is_bounded_by_the_jail(jail: bool) -> None:
    """A file the jail cannot open is kept in the game's memory: writing to
    it without end meets the jail's memory limit (or the rule's time
    limit), the rule is named, and the game answers the next request."""
    game = load("memory_file_flood.pl", jail)
    if game is None:
        return
    with pytest.raises(GameRuleError) as caught:
        game.initial_state().valid_moves()
    text = shown(caught)
    assert "memory_file_flood: valid_moves/2" in text, text
    assert "Cannot allocate memory" in text or "within 5 s" in text or "its process" in text
    assert str(game.initial_state()) == "s(0)"
    assert not Path("/home/student/Desktop/flood.txt").exists()


def test_crafted_logs_name_files_that_are_not_games(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if load("route1_print_message.pl", jail) is None:
        return
    log = tmp_path / "game.jsonl"
    assert main(["play", str(GAMES / "route1_print_message.pl"), "--first", "ai:1",
                 "--second", "ai:1", "--replay", str(log), "--no-color"]) == 0
    header, *moves = log.read_text().splitlines()
    bot = tmp_path / "bot.pl"                   # a bot file, no game in it
    bot.write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]).\n")
    odd = tmp_path / "odd\x1b]0;x\x07.pl"         # a name with an escape sequence in it
    odd.write_text("x.\n")
    for path, words in ((bot, "lacks players/1"), (odd, "has changed"),
                        (tmp_path, "is missing")):
        record = json.loads(header)
        record["game_file"] = {"path": str(path), "sha256": gamefile_sha(bot)}
        crafted = tmp_path / "crafted.jsonl"
        crafted.write_text("\n".join([json.dumps(record), *moves]) + "\n")
        capsys.readouterr()
        assert main(["verify", str(crafted)]) == 2
        out, err = capsys.readouterr()
        assert words in out + err and raw_controls(out + err) == [], out + err


def gamefile_sha(path: Path) -> str:
    from pybridge.models.gamefile import sha256_of

    return sha256_of(path)


def test_the_shell_goes_on_after_hostile_games(jail: bool) -> None:
    import io

    from tests.support.shell_driver import quiet_shell

    if load("escape_output.pl", jail) is None:
        return
    out = io.StringIO()
    shell = quiet_shell(out=out, color=True)
    shell.execute(f"new {GAMES / 'escape_output.pl'} --first human --second human")
    shell.execute("board")
    shell.execute(f"new {GAMES / 'route4_catch_loop.pl'} --first human --second human")
    shell.execute("new tictactoe --first human --second human")
    shell.execute("5")
    said = out.getvalue()
    assert raw_controls(said) == [], said
    assert "\\x1b]52;" in said                      # the game's OSC, shown escaped
    says(said, "route4_catch_loop", "valid_moves/2", "within 5 s")
    assert shell.session.match is not None
    assert str(shell.session.match.state) == "state([e,e,e,e,x,e,e,e,e],o)"


def test_a_prefix_operator_read_as_an_atom_brings_no_directive_in(jail: bool) -> None:
    """`:- dynamic, Goal.` reads (as SICStus reads it) as a directive: it
    runs in the jail, as one goal, which no file outside can be opened
    from, and the file is refused with its line; `initialization :-
    Goal` is a clause, never run."""
    text = failure("prefix_op_directive.pl", jail, GameFileError)
    assert text is None or ("prefix_op_directive.pl:4" in text and "refused" in text), text
    assert text is None or "open('/tmp/arena-gamehost-pwned',write,_" in text, text   # run, refused by the jail
    assert not MARKER.exists()


def refused_in_time(name: str, capsys: pytest.CaptureFixture[str], *words: str) -> None:
    """check-game of GAMES/name ends within 120 s, refused, its output
    saying each of words and no fatal error."""
    start = time.monotonic()
    assert main(["check-game", str(GAMES / name)]) == 1
    out, _ = capsys.readouterr()
    says(out, *words)
    assert "fatal error" not in out, out
    assert time.monotonic() - start < 120, out


@pytest.mark.slow
def test_a_loop_that_swallows_and_clears_the_arenas_stop_is_bounded(
        jail: bool, short_loop_search: None, capsys: pytest.CaptureFixture[str]) -> None:
    """A game read only through its loop catches every stop the arena
    throws at its reads and tries to clear it: check-game still ends
    within its time, writes no adapter, says why in one line, and its
    host neither runs out of memory nor stays behind."""
    if not jail:
        return
    refused_in_time("loop_clears_its_stop.pl", capsys,
                    "no adapter proposed", "nor could the game be played through its own loop")


def test_a_loop_that_forges_the_arenas_picks_is_bounded(
        jail: bool, capsys: pytest.CaptureFixture[str]) -> None:
    """A game read only through its loop calls the arena's pick itself
    with kinds the loader never writes (a cyclic written/1, a range of
    10^12 numbers): neither is a pick, and check-game ends at once with
    its reason, writing no adapter."""
    if not jail:
        return
    refused_in_time("loop_forged_pick.pl", capsys, "no adapter proposed", "made 0 picks")


def test_clauses_shaped_as_the_readers_file_marks_mark_nothing(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A game file defines '$arena_file_end'/0,1 and '$arena_file'/2, the
    shapes of the reader's marks of where a loaded file begins and ends
    (prolog/gamefile/redefined.pl): they are the game's own clauses, wipe
    none of its rules, and the game conforms."""
    assert main(["check-game", str(GAMES / "forged_file_markers.pl"), "--games", "3"]) == 0
    out, _ = capsys.readouterr()
    says(out, "conforms to the game contract")


def test_calls_that_say_win_bring_nothing_unbounded_or_raw(
        jail: bool, capsys: pytest.CaptureFixture[str]) -> None:
    """A game read only through its loop draws its winner by printWin/1
    given 100,000 escapes, writes 10 kB from a predicate named for a win
    at every turn, and asserts the arena's record of such calls: no
    sentence comes of them, check-game ends in time with its reason, and
    no control character reaches the output."""
    if not jail:
        return
    start = time.monotonic()
    assert main(["check-game", str(GAMES / "loop_win_calls.pl")]) == 1
    out, _ = capsys.readouterr()
    says(out, "no adapter proposed", "no end of the game said")
    assert not raw_controls(out), out
    assert time.monotonic() - start < 120, out



@pytest.mark.slow
def test_a_game_that_says_its_computer_moves_are_picks_gains_no_hold(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game read only through its loop says `arena_loop_chosen` itself,
    and its valid_moves/3, which its computer's moves are picked from,
    lists 200,000 moves at one turn, loops for ever at another and throws
    at a third: check-game ends in time, and a game played from its
    adapter ends with a result that verifies."""
    if not jail:
        return
    game = tmp_path / "loop_chosen_abuse.pl"
    game.write_text((GAMES / "loop_chosen_abuse.pl").read_text())
    start = time.monotonic()
    assert main(["check-game", str(game), "--games", "3"]) == 1
    out, _ = capsys.readouterr()
    adapter = tmp_path / "loop_chosen_abuse-arena.pl"
    says(out, f"adapter proposed in {adapter}")
    played(adapter, tmp_path / "game.jsonl", capsys, players=None)
    assert time.monotonic() - start < 180, out


@pytest.mark.slow
def test_a_game_whose_computer_player_is_built_to_break_its_reading_gains_no_hold(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The arena reads a game's choose_move/4 clauses for the moves its
    computer chooses among. One clause, asserted at load, has a body of
    300,000 nested goals; the one its loop calls lists through a
    valid_moves/3 that throws the arena's own stop at one turn. check-game
    ends in time with its reason, no traceback, no adapter."""
    if not jail:
        return
    game = tmp_path / "loop_chooser_deep.pl"
    game.write_text((GAMES / "loop_chooser_deep.pl").read_text())
    start = time.monotonic()
    assert main(["check-game", str(game), "--games", "3"]) == 1
    out, err = capsys.readouterr()
    says(out, "no adapter proposed", "nor could the game be played through its own loop")
    assert "Traceback" not in out + err
    assert not (tmp_path / "loop_chooser_deep-arena.pl").exists()
    assert time.monotonic() - start < 120, out


@pytest.mark.slow
def test_many_bodies_each_just_small_enough_to_be_read_gain_no_hold(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same computer player, but 40 clauses of 90,000 nested goals,
    each under the size past which the arena reads no body for its calls,
    asserted again at every run: check-game still ends in time with its
    reason, no traceback, no adapter."""
    if not jail:
        return
    text = (GAMES / "loop_chooser_deep.pl").read_text()
    old = ("    nested(300000, valid_moves(S, P, Ms), Body),\n"
           "    assertz((choose_move(S, P, 9, M) :- Body, member(M, Ms))),\n")
    assert text.count(old) == 1
    text = text.replace(old, "    forall(between(1, 40, _),\n"
                             "           ( nested(90000, valid_moves(S, P, Ms), Body),\n"
                             "             assertz((choose_move(S, P, 9, M) :- Body, member(M, Ms))) )),\n")
    game = tmp_path / "loop_chooser_many.pl"
    game.write_text(text)
    start = time.monotonic()
    assert main(["check-game", str(game), "--games", "3"]) == 1
    out, err = capsys.readouterr()
    says(out, "no adapter proposed", "nor could the game be played through its own loop")
    assert "Traceback" not in out + err
    assert not (tmp_path / "loop_chooser_many-arena.pl").exists()
    assert time.monotonic() - start < 120, out


@pytest.mark.slow
def test_a_huge_fact_of_a_game_whose_loop_hands_the_turn_over_costs_no_hang(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game whose move/3 keeps the player and whose loop hands the turn
    over with swap/2, which changes a fact; a dynamic clause asserted at
    load holds 300,000 calls of move/3. Comparing the game's facts once
    took minutes that no time limit stopped (the host was killed at
    120 s, with no reason). Now check-game ends well within that, with no
    traceback, and an adapter it writes plays a game to a result that
    verifies."""
    if not jail:
        return
    game = tmp_path / "switched_hand_over.pl"
    game.write_text((GAMES / "switched_hand_over.pl").read_text())
    start = time.monotonic()
    main(["check-game", str(game), "--games", "3"])
    out, err = capsys.readouterr()
    assert time.monotonic() - start < 90, out
    assert "did not answer within" not in out and "Traceback" not in out + err, out + err
    adapter = tmp_path / "switched_hand_over-arena.pl"
    if adapter.exists():
        says(out, f"adapter proposed in {adapter}")
        played(adapter, tmp_path / "game.jsonl", capsys, players=None)
    else:
        says(out, "no adapter proposed")
