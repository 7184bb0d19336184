"""No jail, no foreign code: without bubblewrap (or with --isolation none)
the arena runs only code the user declares their own (--trust-code, named
in the logs and standings it makes), never submission folders or logs
handed in; its messages say how to get the jail, never to drop it; and
the isolation option means the same before and after the subcommand."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from pybridge.jail import sandbox
from shell.cli.arena import build_parser
from tests.support.cli import ARENA
from tests.support.processes import needs_bwrap
from tests.support.paths import ROOT

GREEDY = ROOT / "prolog" / "bots" / "examples" / "greedy.pl"
TINY = """\
players([a, b]).
initial_state(_, s(a, 0)).
current_player(s(P, _), P).
valid_moves(s(_, N), []) :- N >= 2, !.
valid_moves(_, [go]).
move(s(a, N), go, s(b, N1)) :- N1 is N + 1.
move(s(b, N), go, s(a, N1)) :- N1 is N + 1.
game_over(s(_, N), draw) :- N >= 2.
"""


def arena(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The arena as a user starts it: nothing declared trusted beforehand."""
    env = {k: v for k, v in os.environ.items() if k not in (sandbox.TRUST_ENV, sandbox.ENV)}
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=180,
                          env={**env, "NO_COLOR": "1"}, cwd=cwd or ROOT, check=False)


@pytest.fixture()
def untrusted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sandbox.TRUST_ENV, raising=False)


def test_without_the_jail_a_bot_needs_trust_code() -> None:
    refused = arena("--isolation", "none", "play", "tictactoe", "--first", str(GREEDY),
                    "--second", "random")
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "--trust-code" in refused.stderr and "need the jail" in refused.stderr
    ran = arena("--isolation", "none", "--trust-code", "play", "tictactoe",
                "--first", str(GREEDY), "--second", "random")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "isolation: none" in ran.stdout and "--trust-code" in ran.stdout


def test_without_the_jail_a_game_file_needs_trust_code(tmp_path: Path) -> None:
    (tmp_path / "tiny.pl").write_text(TINY)
    log = tmp_path / "g.jsonl"
    refused = arena("--isolation", "none", "play", str(tmp_path / "tiny.pl"), "--first", "random",
                    "--second", "random", "--replay", str(log))
    assert refused.returncode == 2, refused.stderr
    assert "--trust-code" in refused.stderr, refused.stderr
    assert not log.exists()
    ran = arena("play", "--isolation", "none", "--trust-code", str(tmp_path / "tiny.pl"),
                "--first", "random", "--second", "random", "--replay", str(log))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    header = json.loads(log.read_text().splitlines()[0])
    assert header["trust_code"] is True


@pytest.mark.parametrize("command", [["verify"], ["replay"], ["resume"]])
def test_a_log_naming_a_game_file_needs_the_jail(command: list[str], tmp_path: Path) -> None:
    (tmp_path / "tiny.pl").write_text(TINY)
    log = tmp_path / "g.jsonl"
    header = {"type": "header", "format": "prolog-arena-replay", "version": 1, "game": "tiny",
              "options": {}, "players": {"a": "random", "b": "random"},
              "game_file": {"path": str(tmp_path / "tiny.pl"), "sha256": "0" * 64}}
    log.write_text(json.dumps(header) + "\n")
    run = arena("--isolation", "none", "--trust-code", *command, str(log))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "only inside the jail" in run.stderr and "apt-get install bubblewrap" in run.stderr


def test_a_folder_of_submissions_needs_the_jail(tmp_path: Path) -> None:
    for name in ("alice", "bob"):
        (tmp_path / "subs" / name).mkdir(parents=True)
        shutil.copy(GREEDY, tmp_path / "subs" / name / "bot.pl")
    run = arena("--isolation", "none", "--trust-code", "tournament", "tictactoe",
                str(tmp_path / "subs"), "--out", str(tmp_path / "out"))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "a folder of submissions" in run.stderr and "only inside the jail" in run.stderr
    assert not (tmp_path / "out").exists()


def test_trusted_standings_say_so(tmp_path: Path) -> None:
    run = arena("tournament", "tictactoe", str(GREEDY), "random", "--isolation", "none",
                "--trust-code", "--out", str(tmp_path / "out"))
    assert run.returncode == 0, run.stdout + run.stderr
    standings = json.loads((tmp_path / "out" / "standings.json").read_text())
    assert standings["isolation"] == "none" and standings["trust_code"] is True
    header = json.loads(next((tmp_path / "out" / "replays").glob("*.jsonl")).read_text()
                        .splitlines()[0])
    assert header["trust_code"] is True
    assert "declared every bot and game file their own" in (tmp_path / "out" / "report.md").read_text()


def test_the_isolation_option_means_the_same_before_and_after_the_subcommand() -> None:
    parser = build_parser()
    for argv in (["--isolation", "none", "--trust-code", "play", "tictactoe"],
                 ["play", "--isolation", "none", "--trust-code", "tictactoe"],
                 ["--isolation", "none", "--trust-code", "check-bot", "tictactoe", "b.pl"],
                 ["--isolation", "none", "--trust-code", "verify", "x.jsonl"],
                 ["--isolation", "none", "--trust-code", "tournament", "tictactoe", "random"]):
        args = parser.parse_args(argv)
        assert (args.isolation, args.trust_code) == ("none", True), argv
    assert parser.parse_args(["--no-color", "play", "tictactoe"]).no_color is True
    assert parser.parse_args(["play", "tictactoe"]).isolation is None


def test_a_top_level_isolation_reaches_the_subcommand() -> None:
    run = arena("--isolation", "none", "--trust-code", "check-bot", "tictactoe", str(GREEDY),
                "--games", "1")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "isolation: none" in run.stdout


def test_messages_without_bubblewrap_say_how_to_get_the_jail(monkeypatch: pytest.MonkeyPatch,
                                                            untrusted: None) -> None:
    real_which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name: None if name == "bwrap" else real_which(name))
    sandbox._probe.cache_clear()
    try:
        problem = sandbox.bwrap_problem()
        assert problem is not None
        for words in ("apt-get install bubblewrap", "kernel.unprivileged_userns_clone=1", "root"):
            assert words in problem
        with pytest.raises(sandbox.IsolationError) as caught:
            sandbox.check("bwrap")
        with pytest.raises(sandbox.IsolationError) as untrusted_none:
            sandbox.check("none")
        for text in (str(caught.value), str(untrusted_none.value), sandbox.GET_THE_JAIL):
            assert "--isolation none" not in text and "without it" not in text, text
    finally:
        sandbox._probe.cache_clear()


def test_trust_code_where_bubblewrap_cannot_run_runs_without_the_jail_saying_so(
        monkeypatch: pytest.MonkeyPatch, untrusted: None) -> None:
    import argparse

    from shell.cli.isolation import put_in_force

    monkeypatch.setattr(sandbox, "_probe", lambda: "bubblewrap is not installed")
    monkeypatch.setenv(sandbox.ENV, "bwrap")
    assert put_in_force(argparse.Namespace(isolation=None, trust_code=False)) is None
    assert sandbox.current() == "bwrap"
    note = put_in_force(argparse.Namespace(isolation=None, trust_code=True))
    assert note is not None and "without the jail" in note
    assert sandbox.current() == "none" and sandbox.code_trusted()


def test_the_shell_needs_trust_code_for_isolation_none(untrusted: None) -> None:
    from shell.repl.game_commands import ISOLATION, isolation_args, run_isolation

    assert isolation_args(ISOLATION, ["none"]) is None  # said by the command itself
    assert isolation_args(ISOLATION, ["bwrap", "trust-code"]) is not None
    with pytest.raises(sandbox.IsolationError, match="trust-code"):
        run_isolation(None, ["none"])  # type: ignore[arg-type]
    assert not sandbox.code_trusted()
