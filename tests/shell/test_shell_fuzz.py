"""Property tests: nothing typed crashes the shell, and rejected input
leaves the game exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shell.repl import commands
from pybridge.text import without_colour
from shell.repl.loop import Shell
from tests.support.shell_driver import ENTER, drive, quiet_shell

WORDS = [c.name for c in commands.COMMANDS] + ["1", "5", "9", "10", "0", "-1", "x", "o", "ai:3",
                                         "random", "human", "tictactoe", "--first", "=", "'", '"']
CONTROL = [chr(c) for c in range(0, 32) if c not in (3, 4, 10, 13, 26)] + ["\x7f", "\x1b[A", "\x1b[D", "\x1bb"]

lines = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
    st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=4).map(" ".join),
)


def game_snapshot(shell: Shell) -> tuple:
    m = shell.session.match
    return (str(m.state), tuple(m.history), m.result, {k: str(p.spec) for k, p in m.players.items()})


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(line=lines, moves=st.integers(min_value=0, max_value=4))
def test_rejected_lines_change_nothing(in_tmp: Path, line: str, moves: int) -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe --first human --second human")
    for cell in ["5", "1", "9", "3"][:moves]:
        shell.execute(cell)
    before = game_snapshot(shell)
    problem = shell.check(line)
    shell.execute(line)
    out = shell.out.getvalue()
    assert "internal error" not in out
    if problem is not None:
        assert isinstance(problem, str) and problem
        assert shell.session.match is not None and game_snapshot(shell) == before
        assert f"error: {without_colour(problem)}" in out  # without colour, escapes are dropped


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(keys=st.lists(st.one_of(st.sampled_from(CONTROL), st.sampled_from(WORDS), st.text(
    # Ctrl-C, Ctrl-D (at an empty prompt: leave) and Ctrl-Z end or stop the
    # session on purpose: the keys that follow would find no prompt
    alphabet=st.characters(blacklist_characters="\x03\x04\x1a"), max_size=5)), max_size=8))
def test_keys_through_the_prompt_never_crash(in_tmp: Path, keys: list[str]) -> None:
    # Ctrl-G leaves a history search (three times: a key waiting for an
    # argument, as Ctrl-] or Escape, takes the first), Ctrl-C then drops the line
    chunks = ["new tictactoe --second human" + ENTER, "".join(keys), "\x07" * 3, "\x03"]
    t = drive(chunks, timeout=20)
    assert "internal error" not in t.text
    assert "Traceback" not in t.text
