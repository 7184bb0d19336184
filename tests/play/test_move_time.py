"""Built-in AIs keep within the move time: the general AI searches for a
share of it, a game file's own level is cut at it and replaced by a
random valid move with a warning, never a forfeit. Bounds here are loose
(a loaded machine is slow); the benchmark measures the ratios."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import pybridge
from pybridge.errors import ThinkTimeout
from pybridge.games.game import State, load_game_file
from pybridge.play.match import Match
from pybridge.play.players import BuiltinPlayer, PlayerSpec
from pybridge.types import Verdict
from shell.cli.arena import main
from shell.repl.session import Session
from tests.support.paths import ROOT
from tests.support.says import says

TIMED = ROOT / "tests" / "gamefiles" / "time"
CONNECT4 = ROOT / "examples" / "games" / "connect4.pl"
#: A generous bound for a move at a move time of 0.3 s on a loaded machine;
#: the levels tried here take 2 s without a move time.
LOOSE = 1.5


def timed(state: State, level: int, seconds: float, *, general: bool = False
          ) -> tuple[str, str, float]:
    start = time.monotonic()
    move, note = state.choose(level, seconds=seconds, general=general)
    return move, note, time.monotonic() - start


def test_an_endless_own_level_gives_way_within_the_move_time() -> None:
    state = load_game_file(str(TIMED / "endless_level.pl")).initial_state()
    move, note, took = timed(state, 2, 0.3)
    assert move in state.valid_moves()
    assert note == ("the game's own choose_move at level 2 took over its 0.27 s: "
                    "a random valid move instead")
    assert took < LOOSE
    assert timed(state, 1, 0.3)[:2] == ("1", "")           # a level that answers keeps its move


def test_an_endless_own_level_plays_a_whole_game_with_a_warning_a_move() -> None:
    game = load_game_file(str(TIMED / "endless_level.pl"))
    players = {"a": BuiltinPlayer(PlayerSpec.parse("ai:2")),
               "b": BuiltinPlayer(PlayerSpec.parse("ai:1"))}
    with Match(game, players, move_time=0.2) as match:
        result = match.run()
    assert result.forfeit is None
    mine = [p for p in match.history if p.player == "a"]
    assert mine and all(p.verdict == Verdict.OK and p.ms < LOOSE * 1000 for p in mine)
    warnings = players["a"].output.splitlines()
    assert len(warnings) == len(mine)
    assert warnings[0] == ("warning: ai:2 as a: the game's own choose_move at level 2 took "
                           "over its 0.18 s: a random valid move instead")
    assert players["b"].output == ""


def test_the_general_ai_gives_way_when_one_rule_call_outlasts_the_move_time() -> None:
    state = load_game_file(str(TIMED / "slow_move.pl")).initial_state()
    move, note, took = timed(state, 3, 0.3, general=True)
    assert move in state.valid_moves()
    assert note == "the general AI at level 3 took over its 0.29 s: a random valid move instead"
    assert took < LOOSE


def test_slow_listings_are_made_once_a_move_and_the_best_valued_is_played() -> None:
    """valid_moves/2 takes 0.3 s and move/3 lists the moves again: once a
    state's list is made the general AI reuses it, so within its 0.8 s it
    checks a move for a loss in one and plays the step value/3 likes
    best (a random one, past its clock, was 1 in 3)."""
    state = load_game_file(str(TIMED / "slow_listing.pl")).initial_state()
    for _ in range(3):
        move, note, took = timed(state, 3, 1.0, general=True)
        assert move == "3", note
        assert "took over" not in note and "covered" in note, note
        assert took < LOOSE


@pytest.mark.parametrize("where", ["file", "built-in"])
def test_the_general_ai_searches_within_a_small_move_time(where: str) -> None:
    game = load_game_file(str(CONNECT4)) if where == "file" else pybridge.load_game("connect4")
    state = game.initial_state()
    move, note, took = timed(state, 6, 0.3, general=True)   # level 6: 2 s of its own
    assert move in state.valid_moves() and note == ""
    assert took < LOOSE


def test_without_a_move_time_a_level_keeps_its_own_time() -> None:
    state = load_game_file(str(CONNECT4)).initial_state()
    move, note, took = timed(state, 4, 0, general=True)       # level 4: 0.5 s
    assert move in state.valid_moves() and note == ""
    assert took > 0.3


def test_a_game_process_that_never_answers_costs_a_random_move_not_the_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = pybridge.load_game("tictactoe")
    state = game.initial_state()

    def silent(self: State, level: int, **kw: object) -> tuple[str, str]:
        raise ThinkTimeout("ai:3 chose no move within 0.3 s")

    monkeypatch.setattr(State, "choose", silent)
    player = BuiltinPlayer(PlayerSpec.parse("ai:3"))
    decision = player.choose(state, None, seconds=0.3)
    assert decision.verdict == Verdict.OK and decision.move in state.valid_moves()
    assert player.recent_output() == ("warning: ai:3 as x: no answer within 0.3 s and its "
                                      "grace: a random valid move instead\n")
    assert player.recent_output() == ""
    # without a move time, nothing was promised: the timeout is its verdict
    assert player.choose(state, None, seconds=0).verdict == Verdict.TIMEOUT


def test_no_move_time_given_leaves_bots_one_second_and_ais_their_levels() -> None:
    session = Session()
    assert session.move_time is None and session.bot_move_time == 1.0
    session.set_move_time(0.5)
    assert session.move_time == 0.5 and session.bot_move_time == 0.5


def test_play_refuses_a_move_time_that_is_not_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--move-time", "0", "--first", "random"]) == 2
    says(capsys.readouterr().err, "--move-time 0", "positive")


def test_a_tournament_keeps_the_warnings_with_the_games_output(tmp_path: Path) -> None:
    from pybridge.championship.tournament import Referee, Schedule, Settings, run_tournament

    out = tmp_path / "out"
    result = run_tournament(str(TIMED / "endless_level.pl"),
                            ["ai:2", "ai:1"],
                            out=out,
                            settings=Settings(schedule=Schedule(games_per_pair=2), referee=Referee(move_time=0.2)))
    assert result.complete and all(r.forfeit is None for r in result.records)
    lines = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    said = [g["output"].get("ai:2", "") for g in lines]
    assert len(said) == 2 and all(
        "warning: ai:2 as " in s and "took over its 0.18 s: a random valid move instead" in s
        for s in said)
    assert all("ai:1" not in g["output"] for g in lines)


@pytest.mark.parametrize(("game_id", "level"), [("connect4", 8), ("alliances", 3),
                                                ("trike", 5)])
def test_a_built_in_level_stops_within_the_move_time(game_id: str, level: int) -> None:
    """Without a move time these levels think 6 s (connect4 ai:8, trike
    ai:5) or 1.8 s (alliances): given 0.2 s they still give a legal move,
    and soon."""
    state = pybridge.load_game(game_id).initial_state()
    for _ in range(2):
        move, note, took = timed(state, level, 0.2)
        assert move in state.valid_moves() and note == ""
        assert took < LOOSE
        state = state.move(move)


def test_a_solver_level_is_prepared_before_the_clock_runs() -> None:
    game = pybridge.load_game("sliding")
    player = BuiltinPlayer(PlayerSpec.parse("ai:3"))
    player.start(game, "x")                     # the retrograde analysis, once
    state = game.initial_state().move("5")
    assert timed(state, 3, 0.2)[2] < 0.2


def test_a_match_of_built_in_levels_at_a_move_time_keeps_to_it(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert main(["play", "connect4", "--first", "ai:5", "--second", "ai:5",
                 "--move-time", "0.2", "--replay", str(log)]) == 0
    moves = [json.loads(line) for line in log.read_text().splitlines()
             if json.loads(line)["type"] == "move"]
    assert len(moves) >= 7
    assert max(m["ms"] for m in moves) < LOOSE * 1000    # ai:5 alone would take 3 s


def test_levels_5_and_up_are_given_most_of_the_move_time() -> None:
    """The general AI's share of a 1 s move: level 3 0.4 s; level 5 and up
    over 0.9 s to search, and their hard stop under the move time."""
    from pybridge.engine import _prolog

    def share(level: int) -> tuple[float, float]:
        got = _prolog.call("arena_gamefile_move_time:with_move_time(1.0, "
                           f"arena_gamefile_move_time:general_seconds({level}, S0, H0), _), "
                           "S = S0, H = H0")
        assert got is not None
        return float(got["S"]), float(got["H"])

    assert share(3)[0] == pytest.approx(0.4)
    for level in (5, 8):
        soft, hard = share(level)
        assert 0.9 <= soft < hard < 1.0
