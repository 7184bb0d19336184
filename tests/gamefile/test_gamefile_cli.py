"""Game files from the command line and the shell: played, logged,
verified, resumed, checked, and run in a tournament with bot files."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from tests.support.cli import run
from tests.support.shell_driver import ENTER, TAB, drive, quiet_shell
from tests.support.paths import ROOT, TESTS
from tests.support.says import says

NIM = ROOT / "examples" / "games" / "nim.pl"
HEXAPAWN = ROOT / "examples" / "games" / "hexapawn" / "hexapawn.pl"
FILES = TESTS / "gamefiles"
FIRST_BOT = "choose_move(State, _Level, Move) :-\n    valid_moves(State, [Move|_]).\n"


def test_play_logs_the_game_file_and_verify_loads_it(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "nim.jsonl"
    code, out, err = run(["play", str(NIM), "--first", "ai:3", "--second", "ai:1",
                          "--replay", str(log), "--no-color"], capsys)
    assert code == 0, err
    assert "first (ai:3) wins" in out           # 3-4-5 is won for the first player
    header = json.loads(log.read_text().splitlines()[0])
    assert header["game"] == "nim"
    assert header["game_file"]["path"] == str(NIM)
    assert len(header["game_file"]["sha256"]) == 64
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0 and "valid: nim" in out, err


def test_verify_and_replay_say_when_the_file_changed_or_is_gone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "nim.pl"
    shutil.copy(NIM, copy)
    log = tmp_path / "game.jsonl"
    assert run(["play", str(copy), "--first", "ai:2", "--second", "ai:2",
                "--replay", str(log), "--no-color"], capsys)[0] == 0
    copy.write_text(copy.read_text() + "\n% changed\n")
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 2 and "has changed since the game was played" in err
    copy.unlink()
    code, out, err = run(["replay", str(log)], capsys)
    assert code == 2 and f"the game file {copy} this log was played with is missing" in err


def test_resume_goes_on_with_a_file_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "hex.jsonl"
    assert run(["play", str(HEXAPAWN), "--first", "ai:1", "--second", "ai:1",
                "--replay", str(log), "--no-color"], capsys)[0] == 0
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:3]) + "\n")           # header and two moves
    code, out, err = run(["resume", str(log), "--no-color", "--first", "ai:3",
                          "--second", "ai:3"], capsys)
    assert code == 0, err
    assert "resuming" in out and "after 2 moves" in out and "(ai:3) wins" in out
    assert len(log.read_text().splitlines()) > 4          # moves and a result appended
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0 and "valid: hexapawn" in out


def test_submission_with_config_plays_ai_against_ai(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["play", str(HEXAPAWN), "--config", "config(human, human)",
                          "--first", "ai:2", "--second", "ai:3", "--no-color"], capsys)
    assert code == 0, err
    assert "black (ai:3) wins" in out and "Player white to move" in out


def test_check_game_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check-game", str(NIM), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out
    code, out, err = run(["check-game", str(FILES / "broken.pl"), "--games", "3", "--seed", "1"],
                         capsys)
    assert code == 1
    assert re.search(r"valid_moves/2: lists this move more than once( \(seen \d+ times\))? in state s\(0,a\) with move 2", out)
    code, out, err = run(["check-game", str(FILES / "load_directive.pl")], capsys)
    assert code == 2, out + err   # its shell ran in the jail, and failed
    says(out, "load_directive.pl", "could not be loaded")


def test_check_game_names_a_game_over_before_its_first_move(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check-game", str(FILES / "over_at_start.pl"), "--games", "2"], capsys)
    assert code == 1, out + err
    assert "game_over/2: holds in the first state (winner white): the game ends before its " \
           "first move" in out, out


def test_a_listed_move_that_move_refuses_is_a_no_contest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """move/3 failing for a move valid_moves/2 lists is the rules' fault:
    the game ends as a no-contest naming move/3 (it ended arena play as
    an illegal move, the log unfinished), and the log verifies."""
    log = tmp_path / "game.jsonl"
    for _ in range(20):                 # random players: until one takes 3
        log.unlink(missing_ok=True)
        code, out, err = run(["play", str(FILES / "refuses_listed.pl"), "--first", "random",
                              "--second", "random", "--delay", "0", "--no-color",
                              "--replay", str(log)], capsys)
        assert code == 0, out + err
        if json.loads(log.read_text().splitlines()[-1]).get("termination") == "broken_rule":
            break
    says(out, "move/3", "failed", "for 3", "valid_moves/2")
    code, verified, err = run(["verify", str(log)], capsys)
    assert code == 0 and "no contest" in verified, verified + err


def test_an_own_level_that_answers_an_unlisted_move_plays_a_valid_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The game's choose_move/3 answers 99, never listed: its levels play
    random valid moves, each said in a warning, and the game ends."""
    log = tmp_path / "game.jsonl"
    code, out, err = run(["play", str(FILES / "own_level_unlisted.pl"), "--first", "random",
                          "--second", "ai:2", "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert code == 0, out + err
    assert "the game's own choose_move at level 2 gave 99, not a valid move: a random valid " \
           "move instead" in out, out
    assert json.loads(log.read_text().splitlines()[-1])["winner"] in ("a", "b")


def test_valid_moves_failing_once_the_game_is_over_ends_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2 fails where game_over/2 holds: a game ends there with
    its winner (the last move was refused as illegal), and check-game
    says what to give there."""
    log = tmp_path / "game.jsonl"
    code, out, err = run(["play", str(FILES / "moves_fail_when_over.pl"), "--first", "random",
                          "--second", "random", "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert code == 0, out + err
    assert json.loads(log.read_text().splitlines()[-1])["winner"] in ("a", "b")
    code, verified, err = run(["verify", str(log)], capsys)
    assert code == 0 and "valid" in verified, verified + err
    code, out, err = run(["check-game", str(FILES / "moves_fail_when_over.pl"), "--games", "2"],
                         capsys)
    says(out, "valid_moves/2", "failed", "game_over/2")


def test_check_game_passes_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check-game", str(NIM), "-o", "heaps=1-1", "--games", "2"], capsys)
    assert code == 0, out + err


def test_tournament_and_check_bot_with_a_bot_file(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bot = tmp_path / "first_move.pl"
    bot.write_text(FIRST_BOT)
    code, out, err = run(["check-bot", str(NIM), str(bot), "--isolation", "bwrap"], capsys)
    assert code == 0 and "verdict:  ok" in out, out + err
    results = tmp_path / "results"
    code, out, err = run(["tournament", str(NIM), str(bot), "ai:3", "--games-per-pair", "2",
                          "--out", str(results)], capsys)
    assert code == 0, err
    standings = json.loads((results / "standings.json").read_text())
    rows = {b["name"]: b for b in standings["bots"]}
    assert rows["ai:3"]["won"] == 2 and rows["first_move"]["forfeits"] == 0
    logs = sorted((results / "replays").glob("*.jsonl"))
    assert logs and all(json.loads(p.read_text().splitlines()[0])["game_file"]["path"] == str(NIM)
                        for p in logs)


def test_games_says_how_to_load_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["games"], capsys)
    assert code == 0 and "new ./nim.pl" in out


def test_shell_new_file_with_completion(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(NIM.parent)
    shell = quiet_shell()
    doc = Document("new ni", 6)
    found = {c.text for c in shell.completer().get_completions(doc, CompleteEvent(completion_requested=True))}
    assert "nim.pl" in found
    shell.execute("new ./nim.pl --first human --second human")
    doc = Document("take(3,", 7)
    moves = {c.text for c in shell.completer().get_completions(doc, CompleteEvent(completion_requested=True))}
    assert moves == {"take(3,1)", "take(3,2)", "take(3,3)", "take(3,4)", "take(3,5)"}
    shell.execute("take(3,5)")
    assert str(shell.session.match.state) == "nim([3,4,0],second)"


def test_shell_typed_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(NIM.parent)
    t = drive(["new ./nim.p" + TAB, " --first human --second ai:3", ENTER, "take(1,2)", ENTER])
    assert "New game: nim heaps=3-4-5" in t and "1. first plays take(1,2)" in t


def test_hint_for_a_game_file_without_value() -> None:
    out = io.StringIO()
    shell = quiet_shell(out=out)
    shell.execute(f"new {ROOT / 'examples' / 'games' / 'connect4.pl'} --first human --second human")
    shell.execute("hint 1")
    said = out.getvalue()
    assert "ai:1 would play" in said and "value for" not in said and "error" not in said


def test_games_in_one_session_draw_their_own_random_moves(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each game is a copy of the loaded game host: copies must not share
    its random state, or every random game of a session is the same."""
    game = tmp_path / "connect4.pl"     # a host of its own: no earlier test seeded it
    shutil.copy(ROOT / "examples" / "games" / "connect4.pl", game)
    games = []
    for n in range(2):
        log = tmp_path / f"game{n}.jsonl"
        code, out, err = run(["play", str(game),
                              "--first", "random", "--second", "random", "--delay", "0",
                              "--no-color", "--replay", str(log)], capsys)
        assert code == 0, out + err
        games.append([r["move"] for r in map(json.loads, log.read_text().splitlines())
                      if r["type"] == "move"])
    assert games[0] != games[1]
