"""The first hour of a new user: commands that work when copied, a
tournament resumed from its folder alone, games and players listed, and
the shell's small trips (issue 38)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

import pybridge
from pybridge import invocation
from pybridge.invocation import command_line
from shell.cli.arena import main
from tests.support.cli import ARENA
from tests.support.shell_driver import ENTER, completions, drive, quiet_shell
from tests.support.paths import ROOT
from tests.support.says import says


@pytest.fixture
def fresh_program(monkeypatch: pytest.MonkeyPatch):
    invocation.program.cache_clear()
    yield monkeypatch
    invocation.program.cache_clear()


# -- commands that work when copied ---------------------------------------------------


def test_arena_is_named_by_its_path_where_the_path_does_not_find_it(fresh_program) -> None:
    fresh_program.setenv("PATH", "/nonexistent")
    fresh_program.setattr(sys, "argv", [str(ARENA)])
    assert command_line("resume", "/tmp/a b.jsonl") == f"{ARENA} resume '/tmp/a b.jsonl'"


def test_arena_is_arena_where_the_path_finds_this_program(fresh_program, tmp_path: Path) -> None:
    (tmp_path / "arena").symlink_to(ARENA)
    fresh_program.setenv("PATH", str(tmp_path))
    fresh_program.setattr(sys, "argv", [str(ARENA)])
    assert command_line("tournament", "--resume", "--out", "r") == "arena tournament --resume --out r"


def test_another_arena_on_the_path_is_not_this_one(fresh_program, tmp_path: Path) -> None:
    other = tmp_path / "arena"
    other.write_text("#!/bin/sh\n")
    other.chmod(0o755)
    fresh_program.setenv("PATH", str(tmp_path))
    fresh_program.setattr(sys, "argv", [str(ARENA)])
    assert command_line("verify", "x").startswith(f"{ARENA} ")


def test_inside_the_shell_a_log_is_loaded(fresh_program) -> None:
    assert command_line("resume", "g.jsonl", in_shell=True) == "load g.jsonl"
    assert command_line("check-game", "g.pl", in_shell=True).endswith("check-game g.pl")


def test_the_adapter_hint_names_arena_as_it_can_be_typed(fresh_program) -> None:
    from pybridge.models.gamefile import adapter_hint

    fresh_program.setenv("PATH", "/nonexistent")
    fresh_program.setattr(sys, "argv", [str(ARENA)])
    hint = adapter_hint("/tmp/a b/game.pl", ("players/1", "current_player/2"))
    assert f"needs an adapter: {ARENA} check-game '/tmp/a b/game.pl' proposes one" in hint


def test_arena_games_names_arena_as_it_can_be_typed(fresh_program) -> None:
    from shell.render import games_listing

    fresh_program.setenv("PATH", "/nonexistent")
    fresh_program.setattr(sys, "argv", [str(ARENA)])
    listing = games_listing()
    assert listing[0] == f"Games ({ARENA} play GAME, or new GAME in the shell):"
    assert f"{ARENA} play ./nim.pl" in "\n".join(listing)


def test_the_printed_resume_command_runs_as_copied(tmp_path: Path, fresh_program) -> None:
    # Ctrl-C in the shell keeps the log and names the command: run it as a shell would
    import shlex
    import subprocess

    fresh_program.setenv("PATH", "/nonexistent")
    shell = quiet_shell(log_dir=tmp_path)
    shell.execute("new tictactoe --first human --second human")
    shell.execute("5")
    shell.close()
    said = shell.out.getvalue().splitlines()
    line = said[said.index("unfinished game kept in its replay log; to go on with it:") + 1]
    words = shlex.split(line.strip()) + ["--first", "ai:1", "--second", "ai:1", "--no-color"]
    done = subprocess.run(words, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PATH": "/usr/bin:/bin"}, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert "wins" in done.stdout or "Draw" in done.stdout


# -- a tournament resumed from its folder ---------------------------------------------


def test_a_tournament_resumes_from_its_folder_alone(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t"
    assert main(["tournament", "tictactoe", "random", "ai:1", "--out", str(out),
                 "--games-per-pair", "2", "--move-time", "0.5", "--seed", "7"]) == 0
    capsys.readouterr()
    lines = (out / "games.jsonl").read_text().splitlines()
    (out / json.loads(lines[-1])["replay"]).unlink()  # as if Ctrl-C came before its end
    (out / "games.jsonl").write_text(lines[0] + "\n")
    assert main(["tournament", "--resume", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    says(said, "resumed", "1 finished game", "1 game to play")
    assert said.index("resumed:") < said.index("game 2/2")
    says(said, "0.5 s", "move")  # the recorded settings, not the defaults
    doc = json.loads((out / "standings.json").read_text())
    assert doc["complete"] is True and doc["settings"]["seed"] == 7


def test_a_tournament_without_game_and_entrants_says_how_to_resume(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament"]) == 2
    assert "--resume --out DIR alone" in capsys.readouterr().err


def test_resume_from_a_folder_that_records_nothing_says_so(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("mine\n")
    assert main(["tournament", "--resume", "--out", str(tmp_path)]) == 2
    assert "records no tournament" in capsys.readouterr().err


def test_the_last_progress_counts_nothing_running(tmp_path: Path) -> None:
    from pybridge.championship.tournament import Referee, Settings, Transport, Watchers, run_tournament

    seen = []
    run_tournament("tictactoe", ["random", "ai:1"], out=tmp_path / "t",
                   settings=Settings(referee=Referee(move_time=0.5), transport=Transport(jobs=2)), watch=Watchers(progress=seen.append))
    last = seen[-1]
    assert (last.done, last.total, last.running) == (2, 2, 0)
    assert all(p.running <= p.total - p.done for p in seen)


# -- games and players listed -----------------------------------------------------------


def test_arena_games_describes_each_game_and_every_player_spec(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    text = capsys.readouterr().out
    for game_id in pybridge.games():
        assert re.search(rf"^  {game_id} +\S.* — \S", text, re.MULTILINE), game_id
    says(text, "players:", "first", "moves first", "second")
    says(text, "width=7", "4..12")
    for spec in ("human", "random", "ai:N", "mcts:N", "bot.pl[:N]"):
        assert re.search(rf"^  {re.escape(spec)} ", text, re.MULTILINE), spec
    # mcts:N takes any N >= 1 (check-games runs up to mcts:20); 9 and above think alike
    from pybridge.play.players import PlayerSpec

    assert PlayerSpec.parse("mcts:12").level == 12
    assert "(1 to 9)" not in text and "16 s at 9 and above" in " ".join(text.split())


def test_help_players_lists_the_specs() -> None:
    shell = quiet_shell()
    shell.execute("help players")
    text = shell.out.getvalue()
    assert "mcts:N" in text and "bot.pl[:N]" in text
    assert "16 s at 9 and above" in " ".join(text.split())


# -- the shell's small trips ------------------------------------------------------------


def test_tab_after_a_seat_flag_offers_the_general_ai_and_the_game_s_bots() -> None:
    shell = quiet_shell()
    offered = completions(shell, "new connect4 --second ")
    assert {"mcts:3", "ai:3", "human"} <= set(offered)
    names = {Path(p).name for p in offered}
    assert "c4_course_ai.pl" in names and "greedy.pl" in names
    assert not {n for n in names if n.startswith(("alliances_", "trike_", "sliding_"))}
    shell.execute("new alliances --first human --second human")
    names = {Path(p).name for p in completions(shell, "players p2 ")}
    assert "alliances_course_hard.pl" in names and "c4_course_ai.pl" not in names


def test_hidden_folders_are_offered_only_after_a_dot(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (".git", ".venv", "games"):
        (tmp_path / name).mkdir()
    (tmp_path / "nim.pl").write_text("players([a, b]).\n")
    monkeypatch.chdir(tmp_path)
    shell = quiet_shell()
    offered = set(completions(shell, "new ./"))
    assert {"./games", "./nim.pl"} <= offered and not {"./.git", "./.venv"} & offered
    assert {"./.git", "./.venv"} <= set(completions(shell, "new ./."))
    assert ".git" not in completions(shell, "load ")


def test_moves_in_alliances_fit_on_a_screen() -> None:
    shell = quiet_shell()
    shell.execute("new alliances --first human --second human")
    before = len(shell.out.getvalue())
    shell.execute("moves")
    lines = shell.out.getvalue()[before:].splitlines()
    assert lines[0].startswith("363 valid moves for p1")
    assert len(lines) <= 12, lines
    assert "green, orange, purple (121 each)" in lines[1]


def test_two_words_are_reported_as_two_words() -> None:
    t = drive(["new connect4 --first human --second human" + ENTER, "4 5" + ENTER])
    assert t.refused and t.refused[0].startswith("'4 5' is 2 words")
    assert "45" not in t.refused[0]


def test_a_term_with_spaces_is_still_read_as_a_move() -> None:
    shell = quiet_shell()
    shell.execute("new sliding --first human --second human")
    assert shell.check("[1, 5]") != "'[1, 5]' is 2 words"


def test_hint_lines_wrap_at_word_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    shell = quiet_shell()
    shell.execute("new connect4 --first human --second human")
    before = len(shell.out.getvalue())
    shell.execute("hint 2")
    lines = shell.out.getvalue()[before:].splitlines()
    assert len(lines) >= 2 and all(len(line) <= 59 for line in lines), lines
    words = " ".join(line.strip() for line in lines).split()
    assert "value/3:" in words  # no word cut in two


def test_a_refusal_wraps_at_word_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    """prompt_toolkit's toolbar wraps a long reason at any character; the
    validator wraps it at spaces to the terminal's width first."""
    from prompt_toolkit.document import Document
    from prompt_toolkit.validation import ValidationError

    from shell.repl.lines import LineValidator

    monkeypatch.setenv("COLUMNS", "60")
    reason = "'clearOa9' is not a move: type a colour letter (O orange, P purple, G green)"
    with pytest.raises(ValidationError) as refused:
        LineValidator(lambda text: reason).validate(Document("clearOa9"))
    lines = refused.value.message.splitlines()
    assert len(lines) >= 2 and all(len(line) <= 59 for line in lines), lines
    assert " ".join(line.strip() for line in lines) == reason + " (Ctrl-U clears the line)"


def test_trike_says_who_owns_which_colour_after_the_swap() -> None:
    shell = quiet_shell()
    shell.execute("new trike size=4 --first human --second human")
    shell.execute("b1")
    shell.execute("swap")
    text = shell.out.getvalue()
    assert "2. second plays swap\n   second swaps (pie rule): second now owns black" in text
    assert "second plays ● black, first plays ○ white (swapped)" in text


def test_a_long_refusal_wraps_instead_of_being_cut() -> None:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.layout import Window, walk
    from prompt_toolkit.output import DummyOutput

    from shell.repl.loop import wrap_refusals

    def toolbars(session: PromptSession[str]) -> list[Window]:
        return [c for c in walk(session.layout.container) if isinstance(c, Window)
                and "ValidationToolbar" in getattr(getattr(c.content, "text", None),
                                                   "__qualname__", "")]

    with create_pipe_input() as pipe:
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        [window] = toolbars(session)
        assert not window.wrap_lines()
        wrap_refusals(session)
        assert window.wrap_lines() and window.preferred_height(20, 10).max > 1


def test_make_install_links_arena_and_says_how_to_reach_it(tmp_path: Path) -> None:
    import subprocess

    root = ROOT
    done = subprocess.run(["make", "-s", "install", f"PREFIX={tmp_path}"], cwd=root,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stdout + done.stderr
    link = tmp_path / "bin" / "arena"
    assert link.is_symlink() and link.resolve() == (root / ".venv" / "bin" / "arena").resolve()
    assert f"{tmp_path}/bin is not on your PATH" in done.stdout
    assert ". .venv/bin/activate" in done.stdout
    games = subprocess.run([str(link), "games"], capture_output=True, text=True, timeout=120)
    assert games.returncode == 0 and "tictactoe" in games.stdout
