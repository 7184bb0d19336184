"""The arena command as a user runs it: subprocesses and a real terminal."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pexpect
import pytest
from tests.support.cli import ARENA
from tests.support.paths import TESTS
from tests.support.says import says


def arena(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ARENA, *args], input=stdin, capture_output=True, text=True, timeout=120,
        env={**os.environ, "NO_COLOR": "1", **(env or {})},
    )


def test_games_lists_every_game() -> None:
    import pybridge

    done = arena("games")
    assert done.returncode == 0
    for game_id in pybridge.games():
        assert game_id in done.stdout


def test_play_ai_against_ai_to_the_end() -> None:
    # level 3 plays tic-tac-toe perfectly: two of them always draw
    done = arena("play", "tictactoe", "--first", "ai:3", "--second", "ai:3")
    assert done.returncode == 0, done.stderr
    says(done.stdout, "Draw", "board full")
    assert "wins" not in done.stdout
    assert "9. x plays " in done.stdout and "10. " not in done.stdout


def test_play_a_human_game_from_piped_input() -> None:
    # both seats human: x takes 5 9 6 3 and wins on the column 3-6-9
    done = arena("play", "tictactoe", "--second", "human", stdin="5\n1\n9\nzz\n4\n6\n2\n3\n7\n8\n")
    assert done.returncode == 0, done.stderr
    says(done.stdout, "error:", "zz", "not a cell")
    plies = [line.split("> ")[-1] for line in done.stdout.splitlines() if " plays " in line]
    assert plies == ["1. x plays 5", "2. o plays 1", "3. x plays 9", "4. o plays 4", "5. x plays 6",
                     "6. o plays 2", "7. x plays 3"]
    says(done.stdout, "x (human)", "wins", "three in a row")
    assert "Draw" not in done.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "tictactoe", "-o", "size=3"], "unknown option 'size'"),
        (["play", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["play", "tictactoe", "--first", "ai:x"], "bad player spec 'ai:x'"),
        (["play", "tictactoe", "-o", "junk"], "bad option 'junk'"),
        (["play", "tictactoe", "--second", "nope.pl"], "o: no bot file 'nope.pl'"),
        (["play", "connect4", "-o", "width=8", "-o", "width=9"],
         "option width given twice (width=8, width=9)"),
        (["play", "tictactoe", "--second", "ai:1", "--replay", "/proc/x.jsonl"],
         "cannot write the replay log /proc/x.jsonl: No such file or directory"),
    ],
)
def test_bad_arguments_get_one_clear_line(args: list[str], message: str) -> None:
    done = arena(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_resume_elsewhere_says_the_bot_path_is_as_typed(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    done = arena("play", "tictactoe", "--second", "prolog/bots/examples/tictactoe_classic.pl",
                 "--replay", str(log), stdin="5\n")
    assert done.returncode == 1, done.stderr  # left unfinished
    done = subprocess.run([ARENA, "resume", str(log)], input="1\n", capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2
    assert ("o: no bot file 'prolog/bots/examples/tictactoe_classic.pl': a log names a bot "
            "file as it was typed where the game started") in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    done = subprocess.run([ARENA, "resume", str(log), "--second", "ai:1"], input="1\n",
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    assert "Resumed" in done.stdout


def test_without_swi_prolog_it_says_how_to_install_it() -> None:
    env = {"LIBSWIPL_PATH": "/nonexistent/libswipl.so", "SWI_HOME_DIR": "/nonexistent"}
    for args in ((), ("games",), ("play", "tictactoe")):
        done = arena(*args, env=env)
        assert done.returncode == 3
        assert "apt-get install swi-prolog-nox" in done.stderr
        assert "Traceback" not in done.stderr + done.stdout


def terminal(tmp_path: Path, *args: str, color: bool = False) -> pexpect.spawn:
    """arena in a pseudo-terminal, its state in tmp_path."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path), "TERM": "xterm",
           "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1"}
    if color:
        env.pop("NO_COLOR")
    return pexpect.spawn(ARENA, list(args), env=env, encoding="utf-8", timeout=30,
                         dimensions=(50, 120))


def test_tab_in_a_real_terminal_shows_the_completion_menu(tmp_path: Path) -> None:
    child = terminal(tmp_path, color=True)
    try:
        child.expect("arena>")
        child.send("new tictactoe\r")
        child.expect("tictactoe x>")
        child.send("\t")
        child.expect("top left")
        child.expect("centre")
        child.send("\x1b")  # close the menu
        child.send("\x15quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert (tmp_path / "prolog-arena" / "history").read_text().count("new tictactoe") == 1


def test_a_line_typed_during_ai_against_ai_pauses_for_it(tmp_path: Path) -> None:
    child = terminal(tmp_path)
    try:
        child.expect("arena>")
        child.send("delay 1\r")
        child.expect("1 s apart")
        child.send("new connect4 --first ai:1 --second ai:1\r")
        child.expect("2. o plays")
        child.send("history\r")
        child.expect("paused for what you typed; go lets the AIs play on")
        child.expect("1. +x ")  # the history, at the prompt
        child.expect("\\(go lets it move\\)>")
        child.send("quit\r")
        child.expect("arena resume")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_ctrl_c_stops_the_ai_thinking_and_the_shell_goes_on(tmp_path: Path) -> None:
    # trike's level 4 thinks for about 4 s
    child = terminal(tmp_path, "play", "trike", "--first", "ai:4", "--second", "human")
    try:
        child.expect("is thinking")
        child.sendintr()
        child.expect("stopped first \\(ai:4\\)")
        child.expect("trike first \\(go lets it move\\)>")
        child.send("hint 1\r")  # the game and the engine still work
        child.expect("ai:1 would play")
        child.send("movetime 30\r")  # a hint thinks within the move time
        child.expect("so may a built-in AI")
        child.send("hint 5\r")  # trike's level 5 thinks for about 6 s
        child.expect("is thinking")
        child.sendintr()
        child.expect("hint stopped")
        child.expect("trike first \\(go lets it move\\)>")
        child.send("players human human\r")
        child.expect("first: human")
        child.send("c2\r")
        child.expect("1. first plays c2")
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_ctrl_c_stops_a_bot_and_go_restarts_it(tmp_path: Path) -> None:
    bot = TESTS / "bot_files" / "slow_thinker.pl"
    child = terminal(tmp_path, "play", "tictactoe", "--first", str(bot), "--second", "human",
                     "--move-time", "20")
    try:
        child.expect("New game")  # the bot has loaded: now it thinks about its move
        child.expect("is thinking")
        child.sendintr()
        child.expect("stopped x \\(slow_thinker\\)")
        child.expect("go lets it move")
        child.send("go\r")
        child.expect("1. x plays 1")  # a new process for the bot, which moves
        child.expect("tictactoe o>")
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
