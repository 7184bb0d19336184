"""Bots use the rules, not the game's AI: a bot calling the game's own
choose_move (qualified, unqualified, through a meta-call), a search
shipped with the game (prolog/ai/) or a game predicate that reaches one
is refused with the reason unless --allow-game-ai; a tournament that
allows it names who used it in standings.json."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from pybridge.bots.player import Limits, check_bot
from tests.support.cli import ARENA
from tests.support.corpus import EXAMPLES, HOSTILE, expectation
from tests.support.says import says

ATTACKS = sorted((HOSTILE / "game_ai").glob("*.pl"))


def game_of(path: Path) -> str:
    return "tictactoe" if "tictactoe" in path.read_text() else "connect4"


def test_the_corpus_covers_the_ways_in() -> None:
    assert {p.stem for p in ATTACKS} >= {"qualified", "unqualified", "search_module", "solver",
                                          "meta_call"}


@pytest.mark.parametrize("path", ATTACKS, ids=lambda p: p.stem)
def test_a_bot_calling_the_game_ai_is_refused_with_the_reason(path: Path) -> None:
    verdict, words = expectation(path)
    assert verdict == "refused"
    hello = check_bot(game_of(path), str(path)).hello
    assert not hello.ready, hello
    assert "the game's own AI" in hello.detail and "--allow-game-ai" in hello.detail
    for word in words:
        assert word in hello.detail, (word, hello.detail)


@pytest.mark.parametrize("path", ATTACKS, ids=lambda p: p.stem)
def test_allowed_the_bot_loads_and_says_what_it_calls(path: Path) -> None:
    hello = check_bot(game_of(path), str(path), limits=Limits(game_ai=True)).hello
    assert hello.ready, hello
    assert hello.game_ai and all(" calls " in c for c in hello.game_ai)


@pytest.mark.parametrize("name, game", [("minimax.pl", "connect4"), ("greedy.pl", "tictactoe"),
                                        ("c4_course_ai.pl", "connect4"),
                                        ("trike_course_ai.pl", "trike")])
def test_bots_with_searches_of_their_own_are_not_flagged(name: str, game: str) -> None:
    hello = check_bot(game, str(EXAMPLES / name)).hello
    assert hello.ready and hello.game_ai == (), hello


def test_check_bot_cli_refuses_unless_allowed() -> None:
    bot = str(HOSTILE / "game_ai" / "qualified.pl")
    refused = subprocess.run([ARENA, "check-bot", "connect4", bot, "--games", "0"],
                             capture_output=True, text=True, timeout=120, check=False)
    assert refused.returncode == 1, refused.stdout
    assert "connect4:choose_move/3" in refused.stdout, refused.stdout
    allowed = subprocess.run([ARENA, "check-bot", "connect4", bot, "--games", "0",
                              "--allow-game-ai"],
                             capture_output=True, text=True, timeout=120, check=False)
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr
    says(allowed.stdout, "game AI", "choose_move/3", "connect4:choose_move/3")


@pytest.mark.parametrize("allow", [False, True])
def test_a_tournament_refuses_or_names_the_bot(allow: bool, tmp_path: Path) -> None:
    bot = str(HOSTILE / "game_ai" / "solver.pl")
    run = subprocess.run([ARENA, "tournament", "tictactoe", bot, str(EXAMPLES / "greedy.pl"),
                          "--games-per-pair", "2", "--out", str(tmp_path / "out"),
                          *(["--allow-game-ai"] if allow else [])],
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    standings = json.loads((tmp_path / "out" / "standings.json").read_text())
    assert standings["settings"]["allow_game_ai"] is allow
    if allow:
        assert standings["game_ai"] == {"solver": ["choose_move/3 calls tictactoe:solved_outcome/2"]}
        report = (tmp_path / "out" / "report.md").read_text()
        says(report, "solver", "game's own AI")
    else:
        assert "game_ai" not in standings
        says(run.stdout, "refused", "solver", "game's own AI")


def test_a_bot_calling_a_game_files_ai_is_refused(tmp_path: Path) -> None:
    from pybridge.games.game import load_game_file

    game = tmp_path / "tiny.pl"
    game.write_text("players([a, b]).\ninitial_state(_, s(a)).\ncurrent_player(s(P), P).\n"
                    "valid_moves(s(a), [go]).\nvalid_moves(s(b), []).\n"
                    "move(s(a), go, s(b)).\ngame_over(s(b), a).\n")
    bot = tmp_path / "bot.pl"
    bot.write_text("choose_move(S, M) :- choose_move(S, 2, M).\n")
    ref = load_game_file(str(game)).file
    hello = check_bot("tiny", str(bot), game_file=ref).hello
    assert not hello.ready and "arena_file_game_proxy:choose_move/3" in hello.detail, hello
