"""The shell, driven through prompt_toolkit's pipe input."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import pybridge
from shell.repl.loop import Shell
from tests.support.shell_driver import CTRL_U, ENTER, TAB, completions, drive, quiet_shell

from tests.support.paths import ROOT, TESTS
from tests.support.says import says

GAMEFILES = TESTS / "gamefiles"


def test_whole_game_against_ai3_ends_in_a_result() -> None:
    # x types 1 to 9 in turn. Level 3 plays perfectly, quickest win first:
    # 5 is its only answer to 1 that does not lose, 3 its only block of
    # 1-2-3, and after x's 4 it wins at once with 7 (3-5-7).
    moves = [str(c) + ENTER for c in range(1, 10)]
    t = drive(["new tictactoe --first human --second ai:3" + ENTER]
              + [f"{CTRL_U}{m}" for m in moves])
    assert "New game: Tic-tac-toe" in t
    plies = ["1. x plays 1", "2. o plays 5", "3. x plays 2", "4. o plays 3", "5. x plays 4",
             "6. o plays 7"]
    played = [line for line in t.text.splitlines() if re.match(r"\d+\. [xo] plays ", line)]
    assert played == plies
    result = t.shell.session.last_result
    assert result is not None and result.winner == "o"
    says(t.text, "o (ai:3)", "wins", result.reason)
    assert "Draw" not in t
    over = "the game is over: new starts another, undo takes moves back"
    assert t.refused == ["cell 3 is occupied by o"] + [over] * 5  # 3, then 5 to 9


def test_tab_completes_a_command_and_a_game() -> None:
    t = drive(["new tic" + TAB, ENTER])
    assert "New game: Tic-tac-toe" in t


def test_tab_completes_moves_with_descriptions() -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe")
    found = completions(shell, "")
    assert found["5"] == "centre" and found["1"] == "top left"
    assert "new" in found and "hint" in found
    assert "undo" not in found and "redo" not in found  # nothing to take back yet
    shell.execute("5")
    shell.advance()
    after = completions(shell, "")
    assert "5" not in after and "undo" in after
    assert set(after) >= set(shell.session.match.state.valid_moves())


def test_completion_offers_only_commands_that_apply() -> None:
    shell = quiet_shell()
    assert {"new", "games", "help", "load", "quit"} <= set(completions(shell, ""))
    assert not {"moves", "undo", "hint", "board"} & set(completions(shell, ""))
    shell.execute("new tictactoe --first human --second human")
    for move in ["1", "4", "2", "5", "3"]:
        shell.execute(move)
    over = set(completions(shell, ""))
    assert {"undo", "new", "save", "history"} <= over
    assert not {"moves", "hint", "redo", "go", "players"} & over
    shell.execute("undo")
    assert "redo" in completions(shell, "")


def test_completion_of_command_arguments() -> None:
    shell = quiet_shell()
    assert set(completions(shell, "new ")) == set(pybridge.games())
    assert "tictactoe" in completions(shell, "new t")
    assert {"--first", "--second"} <= set(completions(shell, "new tictactoe -"))
    specs = completions(shell, "new tictactoe --first ")
    assert {"human", "random", "ai:3"} <= set(specs)
    assert "hint" in completions(shell, "help h")


def test_rejected_moves_say_why_and_change_nothing() -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe --second human")
    shell.execute("5")
    before = shell.session.match.state
    assert shell.check("5") == "cell 5 is occupied by x"
    assert "not a cell" in shell.check("10")
    assert "not a cell" in shell.check("zz")
    says(shell.check("hlep"), "did you mean", "help")
    for bad in ("5", "10", "zz", "x", "", "new nosuchgame", "undo many"):
        shell.execute(bad)
    assert shell.session.match.state == before
    out = shell.out.getvalue()
    says(out, "error:", "cell 5", "occupied")
    says(out, "unknown game", "'nosuchgame'")


def test_rejected_move_in_the_prompt_stays_until_fixed() -> None:
    t = drive(["new tictactoe --second human" + ENTER, "5" + ENTER, "5" + ENTER,
               CTRL_U + "1" + ENTER])
    # the second 5 was refused before Enter; the line was then fixed to 1
    assert "1. x plays 5" in t and "2. o plays 1" in t
    assert "o plays 5" not in t


def test_undo_and_redo() -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe --first human --second ai:3")
    shell.execute("5")
    shell.advance()
    assert len(shell.session.match.history) == 2
    shell.execute("undo")  # back to the human's turn: both moves
    match = shell.session.match
    assert match.history == [] and match.state == match.initial_state
    shell.execute("redo 2")
    assert len(shell.session.match.history) == 2
    shell.execute("undo 1")
    assert len(shell.session.match.history) == 1 and shell.session.paused
    shell.execute("undo 5")
    assert shell.session.match.history == []
    shell.execute("undo")
    assert "nothing to undo" in shell.out.getvalue()


def test_redo_gives_back_what_undo_took_and_a_move_wakes_the_ai() -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe --first human --second ai:2")
    shell.execute("5")
    shell.advance()
    before = [p.move for p in shell.session.match.history]
    shell.execute("undo")
    shell.execute("redo")  # the AI's reply too, not a new one
    assert [p.move for p in shell.session.match.history] == before
    shell.execute("undo 1")
    assert shell.session.paused
    shell.execute("undo")
    shell.execute("1" if before[0] != "1" else "2")
    assert not shell.session.paused
    shell.advance()
    assert len(shell.session.match.history) == 2
    shell.execute("redo")
    assert "nothing to redo" in shell.out.getvalue()


def test_players_cannot_change_after_the_result(tmp_path) -> None:
    from pybridge.replay import verify

    shell = logging_shell(tmp_path)
    shell.execute("new tictactoe --first human --second human")
    for move in ["1", "4", "2", "5", "3"]:
        shell.execute(move)
    assert shell.session.match.result is not None
    shell.execute("players o ai:1")
    says(shell.out.getvalue(), "game is over", "undo")
    assert str(shell.session.match.players["o"].spec) == "human"
    shell.execute("undo")
    shell.execute("players o ai:1")
    assert str(shell.session.match.players["o"].spec) == "ai:1"
    shell.close()
    assert verify(shell.session.log_path).replay.players["o"] == "ai:1"


def test_a_single_game_shell_goes_on_after_a_new_game() -> None:
    """arena play/resume end with their game; a game started with new in
    it ends like any other, at the prompt."""
    shell = quiet_shell(single_game=True)
    shell.execute("new tictactoe --first random --second random")
    shell.advance()
    assert shell.session.match.result is not None and not shell.done


def test_players_change_mid_game_and_hint() -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe --second human")
    shell.execute("players o ai:2")
    assert str(shell.session.match.players["o"].spec) == "ai:2"
    shell.execute("hint 3")
    assert "ai:3 would play" in shell.out.getvalue()
    shell.execute("players random random")
    shell.advance()
    assert shell.session.match.result is not None


def test_nothing_typed_crashes_the_shell() -> None:
    t = drive(["\x00\x01\x02" + ENTER,  # editing keys: the line stays empty
               "\x1b[200~5\x00\x01\x1b[201~" + ENTER,  # pasted, they reach the line
               CTRL_U + "'unbalanced" + ENTER, CTRL_U + "help nosuch" + ENTER,
               CTRL_U + "new" + ENTER, CTRL_U + "new tictactoe width=3" + ENTER,
               CTRL_U + "quit" + ENTER])
    games = ", ".join(pybridge.games())
    assert t.refused == [
        "that line has a control character ('\\x00'): type a move or a command (help lists them)",
        "cannot read that line: No closing quotation",
        "no command 'nosuch': help lists them",
        f"which game? usage: new GAME [NAME=VALUE ...] [--first SPEC] [--second SPEC] (games: {games})",
    ]
    # the option is checked by the game, once the line is run
    assert t.text.splitlines()[1:] == ["error: unknown option 'width' for tictactoe (options: none)"]
    assert t.shell.done and t.shell.session.match is None


def logging_shell(tmp: "Path") -> Shell:
    return quiet_shell(log_dir=tmp / "logs")


def test_every_game_is_logged_and_the_log_verifies(tmp_path) -> None:
    from pybridge.replay import verify

    shell = logging_shell(tmp_path)
    shell.execute("new tictactoe --first human --second human")
    for move in ["5", "1", "9"]:
        shell.execute(move)
    shell.execute("undo 1")
    shell.execute("players human ai:3")
    shell.execute("3")
    shell.advance()
    shell.execute("players human human")
    for move in ["7", "2", "4", "6", "8"]:
        if shell.session.match.result is None and shell.check(move) is None:
            shell.execute(move)
    logs = list((tmp_path / "logs").glob("*-tictactoe.jsonl"))
    assert len(logs) == 1 == len([shell.session.log_path])
    rebuilt = verify(logs[0])
    assert rebuilt.final == shell.session.match.state
    assert [p.move for p in rebuilt.replay.plies] == [p.move for p in shell.session.match.history]
    assert rebuilt.replay.undos == 1
    if shell.session.match.result is not None:
        says(shell.out.getvalue(), "replay log", logs[0])


def test_leaving_an_unfinished_game_says_where_it_is_kept(tmp_path) -> None:
    from shell.cli.arena import main

    shell = logging_shell(tmp_path)
    from pybridge.invocation import command_line

    shell.execute("new connect4 --first human --second human")
    shell.execute("new tictactoe --first human --second human")
    assert "unfinished game kept" not in shell.out.getvalue()
    shell.execute("5")
    first = shell.session.log_path
    shell.execute("new tictactoe --first human --second human")  # inside: the shell's load
    assert f"to go on with it:\n  load {first}\n" in shell.out.getvalue()
    shell.execute("5")
    shell.execute("1")
    shell.close()  # leaving: the arena's resume, as this terminal runs it
    log = shell.session.log_path
    assert ("unfinished game kept in its replay log; to go on with it:\n"
            f"  {command_line('resume', str(log))}\n") in shell.out.getvalue()
    # the named command does go on with the game
    assert main(["resume", str(log), "--first", "ai:3", "--second", "ai:3", "--no-color"]) == 0
    assert verify_result(log) is not None


def verify_result(path):
    from pybridge.replay import verify

    return verify(path).replay.result


def test_save_load_round_trip(tmp_path) -> None:
    shell = logging_shell(tmp_path)
    shell.execute("new tictactoe --first human --second human")
    for move in ["5", "1", "9"]:
        shell.execute(move)
    saved = tmp_path / "mine.jsonl"
    shell.execute(f"save {saved}")
    state, history = shell.session.match.state, shell.session.match.history
    shell.execute(f"save {saved}")
    says(shell.out.getvalue(), saved.name, "exists")
    shell.execute("new tictactoe")
    shell.execute(f"load {saved}")
    assert shell.session.match.state == state and shell.session.match.history == history
    assert str(shell.session.match.players["o"].spec) == "human"
    shell.execute("3")  # the game goes on
    assert len(shell.session.match.history) == 4
    for bad in (tmp_path / "nothing.jsonl", tmp_path):
        shell.execute(f"load {bad}")
    broken = tmp_path / "broken.jsonl"
    broken.write_text(saved.read_text().replace('"move":"9"', '"move":"5"'))
    shell.execute(f"load {broken}")
    out = shell.out.getvalue()
    assert "no file" in out and "is a folder" in out
    says(out, "broken.jsonl:4", "not a valid replay log")
    assert len(shell.session.match.history) == 4  # failed loads left the game alone


def test_replay_command_steps_back_and_forth(tmp_path) -> None:
    saved = tmp_path / "g.jsonl"
    t = drive(["new tictactoe --first human --second human" + ENTER, "5" + ENTER, "1" + ENTER,
               "9" + ENTER, f"save {saved}" + ENTER, f"replay {saved}" + ENTER, ENTER, ENTER,
               "p" + ENTER, "3" + ENTER, "zz" + ENTER, "q" + ENTER, "history" + ENTER])
    assert "ply 0/3: start" in t and "ply 1/3: x played 5" in t
    assert "ply 2/3: o played 1" in t and "ply 3/3: x played 9" in t
    assert "Enter steps forward" in t  # the answer to zz
    assert "left the replay" in t
    assert t.text.rindex("  3.      x 9") > t.text.index("left the replay")


def test_a_whole_game_of_every_game_through_the_prompt(game_id: str) -> None:
    """Type a whole game against random, one valid move at a time, using Tab
    on the first move and undo/redo once, as a user would."""
    import random

    rng = random.Random(game_id)
    box: dict[str, Shell] = {}

    def keys():
        yield f"new {game_id} --first human --second random" + ENTER
        shell = box["shell"]
        first = True
        while shell.session.match is not None and shell.session.match.result is None:
            moves = shell.session.match.state.valid_moves()
            if first:
                yield TAB  # the menu opens with every move
                yield CTRL_U
                first = False
            yield rng.choice(moves) + ENTER
            if len(shell.session.match.history) == 4:
                yield "undo" + ENTER
                yield "redo" + ENTER

    t = drive(keys(), setup=lambda s: box.setdefault("shell", s), timeout=120)
    assert t.shell.session.last_result is not None  # the game ended with a result
    says(t.text, "took back", "2 moves")
    says(t.text, "replayed", "2 moves")
    assert f"{t.shell.session.last_result.reason}" in t.text


def test_option_values_complete_from_the_range_the_game_names() -> None:
    shell = quiet_shell()
    game = next(g for g in pybridge.games() if pybridge.load_game(g).option_specs)
    option = pybridge.load_game(game).option_specs[0]
    offered = completions(shell, f"new {game} {option.name}=")
    assert f"{option.name}={option.default}" in offered
    assert list(offered)[0] == f"{option.name}={option.default}"
    names = completions(shell, f"new {game} ")
    assert f"{option.name}=" in names


def test_the_options_of_a_game_file_edited_since_the_last_tab_are_its_new_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = tmp_path / "heaps.pl"
    nim = (ROOT / "examples" / "games" / "nim.pl").read_text()
    game.write_text(nim)
    shell = quiet_shell()
    assert "heaps=" in completions(shell, "new heaps.pl ")
    assert "rounds=" not in completions(shell, "new heaps.pl ")
    game.write_text(nim.replace("option(heaps,", 'option(rounds, 1, "games in a row").\n'
                                                  "option(heaps,"))
    os.utime(game, ns=(game.stat().st_atime_ns, game.stat().st_mtime_ns + 10**9))
    assert "rounds=" in completions(shell, "new heaps.pl ")


def test_a_control_character_is_named_not_passed_on() -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe --first human --second human")
    for line in ["\x00", "5\x00", "\x1b[A"]:
        assert "control character" in shell.check(line)
        shell.execute(line)
    assert shell.session.match.history == []
    assert "\x1b" not in shell.out.getvalue() and "\x00" not in shell.out.getvalue()


def test_rules_are_wrapped_at_word_boundaries(game_id: str) -> None:
    shell = quiet_shell()
    shell.execute(f"new {game_id}")
    start = len(shell.out.getvalue())
    shell.execute("rules")
    lines = shell.out.getvalue()[start:].splitlines()
    assert len(lines) > 2 and all(len(line) <= 100 for line in lines)
    words = shell.session.match.game.rules().split()
    assert " ".join(lines[1:]).split() == words  # nothing lost or split


def test_a_bot_that_cannot_play_is_refused_before_it_takes_the_seat() -> None:
    here = TESTS
    shell = quiet_shell()
    shell.execute(f"new tictactoe --second {here / 'hostile' / 'shell_call.pl'}")
    assert shell.session.match is None
    says(shell.out.getvalue(), "error:", "o:", "shell_call", "refused", "line 3", "choose_move/3",
         "shell/1")
    shell.execute("new tictactoe --second human")
    shell.execute("5")
    shell.execute(f"players o {here / 'bot_files' / 'classic_x_only.pl'}")
    says(shell.out.getvalue(), "error:", "o:", "classic_x_only", "refused", "second (o)")
    assert str(shell.session.match.players["o"].spec) == "human" and shell.session.match.result is None


def test_a_classic_bot_takes_a_seat_mid_game_only_if_it_would_have_played_so() -> None:
    bot = TESTS.parent / "prolog" / "bots" / "examples" / "tictactoe_classic.pl"
    shell = quiet_shell()
    shell.execute("new tictactoe --first human --second human")
    for move in ["1", "2", "9"]:  # it would have answered 1 with 5
        shell.execute(move)
    shell.execute(f"players o {bot}")
    says(shell.out.getvalue(), "error:", "o:", "tictactoe_classic", "refused", "own board")
    says(shell.out.getvalue(), "move 2", "chose 5", "has 2")
    assert str(shell.session.match.players["o"].spec) == "human" and shell.session.match.result is None
    shell.execute("undo 2")
    shell.execute("5")
    shell.execute("9")
    shell.execute(f"players o {bot}")
    assert str(shell.session.match.players["o"].spec) == str(bot)
    shell.advance()
    assert len(shell.session.match.history) == 4 and shell.session.match.history[-1].verdict == "ok"


def test_what_a_bot_prints_is_shown_after_its_move() -> None:
    bot = TESTS / "bot_files" / "talker.pl"
    shell = quiet_shell()
    shell.execute(f"new tictactoe --first {bot} --second human")
    shell.advance()
    out = shell.out.getvalue()
    assert "  | thinking about 9 moves\n  | chose(1)\n1. x plays 1" in out


def test_movetime_gives_a_slow_bot_its_time() -> None:
    slow = TESTS / "bot_files" / "slow_thinker.pl"  # about 2 s a move
    shell = quiet_shell()
    shell.execute(f"new tictactoe --first human --second {slow}")
    shell.execute("5")
    shell.advance()
    assert shell.session.match.result is not None and shell.session.match.result.forfeit == "timeout"
    shell.execute("movetime 5")
    shell.execute("undo")  # back before the forfeit
    shell.execute("5")
    shell.advance()  # the bot moves, with 5 s
    assert shell.session.match.result is None and len(shell.session.match.history) == 2
    says(shell.out.getvalue(), "bot", "5 s a move")


def test_bot_files_complete_by_relative_path(tmp_path, monkeypatch) -> None:
    (tmp_path / "mine.pl").write_text("choose_move(_, _, _) :- fail.\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "deep.pl").write_text("choose_move(_, _, _) :- fail.\n")
    (tmp_path / "sub" / "notes.txt").write_text("not a bot\n")
    monkeypatch.chdir(tmp_path)
    shell = quiet_shell()
    assert "mine.pl" in completions(shell, "new tictactoe --second mi")
    assert set(completions(shell, "new tictactoe --second ./")) >= {"./mine.pl", "./sub"}
    assert list(completions(shell, "new tictactoe --second sub/")) == ["sub/deep.pl"]


def test_step_mode_plays_one_move_per_enter_even_after_a_pause() -> None:
    shell = quiet_shell()
    shell.execute("new tictactoe --first ai:1 --second ai:1")
    shell.session.pause()  # as after Ctrl-C
    shell.execute("step")
    shell.execute("")
    assert len(shell.session.match.history) == 1
    shell.execute("")
    assert len(shell.session.match.history) == 2


def test_a_typed_move_whose_rule_never_returns_is_refused_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a half-finished game: move/3 loops on a listed move. Typed at the
    # prompt, it is refused naming the rule (the check and the play read
    # the line once), the shell and the game stay as they were, and the
    # next move plays in a new host
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    shell = quiet_shell()
    shell.execute(f"new {GAMEFILES / 'loop_on_move.pl'} --first human --second human")
    match = shell.session.match
    assert match is not None
    before = (str(match.state), tuple(match.history))
    problem = shell.check("3")
    assert problem is not None and "move/3" in problem
    shell.execute("3")
    out = shell.out.getvalue()
    assert f"error: {problem}" in out and "internal error" not in out
    assert (str(match.state), tuple(match.history)) == before
    shell.execute("1")
    assert [p.move for p in match.history] == ["1"]
