"""Bots that try to escape: the attacks in tests/hostile/escape (each
file's first line says the verdict it must get) under both layers alone
and together (the Prolog checks with isolation none, and bubblewrap on
top), the namespaces of a running host, and what a bot that did escape
the Prolog checks could still reach inside bubblewrap."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pybridge
from pybridge.jail import sandbox
from pybridge.bots.player import BotPlayer, BotProcess, Limits
from pybridge.play.match import Match
from pybridge.types import Result
from pybridge.play.players import PlayerSpec
from pybridge.bots.seating import make_player
from pybridge.text import clean, clean_display

from tests.support.corpus import expectation
from tests.support.processes import alive, descendants, needs_bwrap
from tests.support.paths import TESTS

HERE = TESTS
ESCAPE = HERE / "hostile" / "escape"
EXAMPLES = HERE.parent / "prolog" / "bots" / "examples"
LIMITS = Limits(stack_mb=64, grace=0.5)
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")

ATTACKS = sorted(ESCAPE.glob("*.pl"))


pytestmark = pytest.mark.usefixtures("no_escape_marker")


def test_the_corpus_covers_the_four_routes_and_more() -> None:
    names = {p.stem for p in ATTACKS}
    assert {"route1_print_message", "route2_throw_format", "route3_portray_goal",
            "route4_attr_portray"} <= names
    assert len(names) >= 19


@pytest.mark.parametrize("isolation", [
    pytest.param("bwrap", marks=needs_bwrap), "none"])
@pytest.mark.parametrize("path", ATTACKS, ids=lambda p: p.stem)
def test_attack_gets_its_verdict_and_harms_nothing(path: Path, isolation: str,
                                                   ttt: pybridge.Game) -> None:
    verdict, words = expectation(path)
    bot = BotPlayer(PlayerSpec.parse(str(path)), move_time=2.0, limits=LIMITS,
                    isolation=isolation)
    opponent = make_player("random")
    match = Match(ttt, {"x": bot, "o": opponent}, move_time=2.0)
    try:
        out = match.step()
        assert bot.process is not None
        pid = bot.process.pid
        tree = descendants(pid) | {pid}
        assert isinstance(out, Result), f"{path.name} played {out}"
        assert out.forfeit == verdict, out
        assert out.winner == "o", out
        for word in words:
            assert word.lower() in out.reason.lower(), f"{word!r} not in {out.reason!r}"
        assert len(out.reason) < 5000, f"{len(out.reason)} characters of reason"
        ply = match.history[-1] if match.history else None
        for text in (out.reason, bot.output, ply.detail if ply else "", ply.raw if ply else ""):
            assert not RAW_CONTROL.search((text or "").replace("\n", "").replace("\t", "")), \
                repr(text)[:300]
    finally:
        match.close()
    assert bot.process is None
    time.sleep(0.05)
    left = [p for p in tree if alive(p)]
    assert not left, f"processes left behind: {left}"
    # the referee goes on: another game in this process, the opponent unharmed
    with Match(ttt, {"x": make_player("random"), "o": opponent}) as again:
        assert again.run().forfeit is None


@needs_bwrap
def test_a_running_host_has_namespaces_of_its_own(ttt: pybridge.Game) -> None:
    with BotProcess(EXAMPLES / "greedy.pl", "tictactoe", "first", limits=LIMITS) as proc:
        assert proc.load().ready
        hosts = [p for p in descendants(proc.pid)
                 if "--in-fd" in Path(f"/proc/{p}/cmdline").read_bytes().decode(errors="replace")]
        assert hosts, "no host process found under bwrap"
        host = hosts[0]
        for ns in ("pid", "net", "ipc", "uts", "mnt", "user"):
            ours = os.readlink(f"/proc/self/ns/{ns}")
            theirs = os.readlink(f"/proc/{host}/ns/{ns}")
            assert ours != theirs, f"the host shares the {ns} namespace"
        status = Path(f"/proc/{host}/status").read_text()
        assert re.search(r"^CapEff:\s*0+$", status, re.M), status
        assert os.readlink(f"/proc/{host}/cwd") == "/tmp"
        root = sorted(p.name for p in Path(f"/proc/{host}/root").iterdir())
        assert "work" not in root and "root" not in root and "home" not in root, root
        assert sorted(p.name for p in Path(f"/proc/{host}/root/tmp").iterdir()) == []
        bot = Path(f"/proc/{host}/root/arena/bot")
        assert [p.name for p in bot.iterdir()] == ["greedy.pl"]


ESCAPED = r"""
:- initialization(main, main).
try(Name, Goal) :-
    (   catch(Goal, E, (print_message(silent, E), fail))
    ->  format("~w: yes~n", [Name])
    ;   format("~w: no~n", [Name])
    ).
main :-
    try(read_passwd, read_file_to_string('/etc/passwd', _, [])),
    try(read_project, exists_directory('/work')),
    try(see_referee, ( expand_file_name('/proc/*/cmdline', Fs), member(F, Fs),
                       read_file_to_string(F, S, []),
                       ( sub_string(S, 0, _, _, "sleep") ; sub_string(S, _, _, _, "python") ) )),
    try(see_other_pids, ( expand_file_name('/proc/[0-9]*', Ps), length(Ps, N), N > 4 )),
    try(kill_referee, ( getenv('REFEREE', P), atom_number(P, Pid), process_kill(Pid, stop) )),
    try(write_rules, open('/arena/prolog/arena.pl', append, _)),
    try(write_bot, open('/arena/bot/greedy.pl', write, _)),
    try(connect_out, ( getenv('PORT', Port0), atom_number(Port0, Port),
                       tcp_connect('127.0.0.1':Port, St, []), close(St) )),
    try(run_shell, shell('true')),
    try(daemon, ( process_create(path(swipl), ['-g', 'sleep(30)', '-t', halt, '--', 'arena-daemon'],
                                 [detached(true), process(_)]) )),
    sleep(0.3),
    halt.
"""


@needs_bwrap
def test_an_escaped_bot_reaches_nothing(tmp_path: Path) -> None:
    """Prolog with every library, run inside the bot's bubblewrap view: what
    a bot that beat the Prolog checks would have."""
    script = tmp_path / "escaped.pl"
    script.write_text(ESCAPED)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        command = [os.path.realpath(shutil.which("swipl") or "swipl"), "-q", "-f", "none",
                   f"{sandbox.BOT_MOUNT}/escaped.pl"]
        argv = sandbox.bwrap_argv(command, prolog_dir=HERE.parent / "prolog", bot=script)
        argv[argv.index("--clearenv") + 1:argv.index("--clearenv") + 1] = [
            "--setenv", "PORT", str(port), "--setenv", "REFEREE", str(sleeper.pid)]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        answers = dict(re.findall(r"^(\w+): (yes|no)$", done.stdout, re.M))
        assert set(answers) == {"read_passwd", "read_project", "see_referee", "see_other_pids",
                                "kill_referee", "write_rules", "write_bot", "connect_out",
                                "run_shell", "daemon"}, done.stdout + done.stderr
        assert {k for k, v in answers.items() if v == "yes"} <= {"daemon"}, answers
        time.sleep(0.3)
        daemons = [p for p in Path("/proc").iterdir() if p.name.isdigit()
                   and b"arena-daemon" in _cmdline(p)]
        assert daemons == [], "a process started in the sandbox outlived it"
        assert sleeper.poll() is None
        assert Path(f"/proc/{sleeper.pid}/stat").read_text().split()[2] != "T"
        server.settimeout(0.1)
        with pytest.raises(TimeoutError):
            server.accept()
    finally:
        sleeper.kill()
        sleeper.wait()
        server.close()


def _cmdline(proc: Path) -> bytes:
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""


def test_bot_text_is_cleaned_and_bounded() -> None:
    text = "\x1b]52;c;cHduZWQ=\x07\x1b[2J" + "x" * 5000 + "\u202e"
    out = clean(text, 100)
    assert "\x1b" not in out and "\x07" not in out and "\\x1b" in out
    assert out.endswith("bytes more") and len(out) < 200
    assert clean("a\nb\tc") == "a\nb\tc"


def test_a_games_board_keeps_its_colours_and_leaves_its_screen_clears_out() -> None:
    """A course game clears the console before each board: the clear and
    the cursor's placing are left out, colours kept, and anything else
    (a title, the clipboard, a cursor moved up over the shell's lines)
    shown escaped, never obeyed."""
    board = clean_display("\x1b[H\x1b[2J\x1b[31mX\x1b[0m|O\n\x1b]0;t\x07\x1b[3A")
    assert board == "\x1b[31mX\x1b[0m|O\n\\x1b]0;t\\x07\\x1b[3A"


def test_without_bubblewrap_bots_are_refused_with_the_fix(monkeypatch) -> None:
    monkeypatch.setattr(sandbox, "_probe", lambda: "bubblewrap is not installed: install it")
    with pytest.raises(sandbox.IsolationError, match="install"):
        BotProcess(EXAMPLES / "greedy.pl", "tictactoe", "first")
    with BotProcess(EXAMPLES / "greedy.pl", "tictactoe", "first", isolation="none") as proc:
        assert proc.load().ready


def test_a_bot_file_linking_outside_its_folder_is_refused(tmp_path: Path) -> None:
    from pybridge.bots.player import BotError, bot_path

    secret = tmp_path / "instructor" / "grades.csv"
    secret.parent.mkdir()
    secret.write_text("alice,10\n")
    folder = tmp_path / "submissions" / "mallory"
    folder.mkdir(parents=True)
    (folder / "bot.pl").symlink_to(secret)
    with pytest.raises(BotError, match="symbolic link to a file outside its folder"):
        bot_path(str(folder / "bot.pl"))
    (folder / "real.pl").write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]).\n")
    (folder / "alias.pl").symlink_to(folder / "real.pl")
    assert bot_path(str(folder / "alias.pl")) == (folder / "real.pl").resolve()


def test_a_bot_file_named_with_control_sequences_is_shown_escaped(tmp_path: Path) -> None:
    """A student names the file so that listings clear the screen or set the
    terminal's title."""
    bot = tmp_path / "\x1b]0;pwned\x07\x1b[2Jbot.pl"
    bot.write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]).\n")
    run = subprocess.run([sys.executable, "-m", "shell.cli.arena", "check-bot", "tictactoe", str(bot),
                          "--games", "2"], capture_output=True, text=True, timeout=120,
                         cwd=HERE.parent)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "\x1b" not in run.stdout + run.stderr and "\\x1b]0;pwned" in run.stdout
