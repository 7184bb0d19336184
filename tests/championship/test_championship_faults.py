"""An exception in one game never stops a championship or its resume
(issue 32): a game whose rule throws mid-game is a no-contest naming the
rule (and verifies so); a game that raises anything else at all (here
RecursionError, as a 100,000-deep reply once did) is not counted and
named; the other games are played and counted, and ``--resume`` goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pybridge.championship import tournament
from pybridge.championship.settings import Referee, Schedule, Settings
from pybridge.championship.tournament import run_tournament
from tests.support.paths import TESTS

GAMES = TESTS / "hostile" / "games"


def test_a_game_whose_rule_throws_is_a_no_contest_naming_the_rule(tmp_path: Path) -> None:
    out = tmp_path / "out"
    bot = tmp_path / "first_move.pl"
    bot.write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]).\n")
    entrants = ["random", str(bot)]
    result = run_tournament(str(GAMES / "throws_mid_game.pl"), entrants, out=out,
                            settings=Settings(referee=Referee(move_time=1.0)))
    assert result.complete and len(result.records) == result.total == 2, result.not_counted
    for r in result.records:
        assert r.termination == "broken_rule" and "move/3 threw" in r.reason, r
        assert r.forfeit is None and r.plies in (1, 2)
    again = run_tournament(str(GAMES / "throws_mid_game.pl"), entrants, out=out,
                           settings=Settings(referee=Referee(move_time=1.0)), resume=True)
    assert again.kept == 2 and again.complete       # the no-contests verify from their logs


def test_a_game_host_that_cannot_write_its_state_is_a_no_contest(tmp_path: Path) -> None:
    # a resource error outside any rule (the host writing a 100,000-deep
    # state) was a plain PrologError: "not counted", blamed on the referee
    out = tmp_path / "out"
    bot = tmp_path / "first_move.pl"
    bot.write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]).\n")
    entrants = ["random", str(bot)]
    game = str(GAMES / "deep_state_mid_game.pl")
    result = run_tournament(game, entrants, out=out, settings=Settings(referee=Referee(move_time=1.0)))
    assert result.complete and len(result.records) == 2, result.not_counted
    for r in result.records:
        assert r.termination == "broken_rule" and "move/3" in r.reason, r
        assert r.forfeit is None
    again = run_tournament(game, entrants, out=out, settings=Settings(referee=Referee(move_time=1.0)),
                           resume=True)
    assert again.kept == 2 and again.complete


def test_any_exception_in_one_game_costs_that_game_only(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    real = tournament.play_game

    def play(config: Any, pairing: Any) -> Any:
        if pairing.index == 1:
            raise RecursionError("maximum recursion depth exceeded while decoding a JSON array")
        return real(config, pairing)

    monkeypatch.setattr(tournament, "play_game", play)
    out = tmp_path / "out"
    result = run_tournament("tictactoe", ["random", "ai:1", "ai:2"], out=out,
                            settings=Settings(referee=Referee(move_time=1.0)))
    assert set(result.not_counted) == {1}, result.not_counted
    assert "RecursionError" in result.not_counted[1]
    assert len(result.records) == result.total - 1 == 5
    monkeypatch.setattr(tournament, "play_game", real)
    again = run_tournament("tictactoe", ["random", "ai:1", "ai:2"], out=out,
                           settings=Settings(referee=Referee(move_time=1.0)), resume=True)
    assert again.complete and again.kept == 5 and len(again.records) == 6


def test_an_exception_reading_one_kept_log_never_stops_a_resume_or_a_report(
        played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from pybridge.championship import checkpoint
    from pybridge.report import results

    out = tmp_path / "out"
    shutil.copytree(played, out)
    real = checkpoint.verify

    def verify(relative: Any, **kwargs: Any) -> Any:
        if str(relative).startswith("replays/0001"):
            raise TypeError("a log no reader expected")
        return real(relative, **kwargs)

    monkeypatch.setattr(checkpoint, "verify", verify)
    monkeypatch.setattr(results, "verify", verify)
    report = results.gather(out)
    assert [g["index"] for g in report.doc["games"]] == [1]
    assert any("TypeError" in p for p in report.problems), report.problems
    result = run_tournament("tictactoe", ["random", "ai:1"], out=out, resume=True,
                            settings=Settings(schedule=Schedule(games_per_pair=2)))
    assert result.complete and result.kept == 1 and len(result.records) == 2
    assert any("TypeError" in n for n in result.disagreements), result.disagreements


def test_a_no_contest_claimed_where_the_rules_hold_does_not_verify(played: Path,
                                                                   tmp_path: Path) -> None:
    import json

    from pybridge.replay import ReplayMismatch, verify

    lines = (played / "replays" / "0001-random-vs-ai_1.jsonl").read_text().splitlines()
    header, first = (json.loads(line) for line in lines[:2])
    moves = [str(c) for c in range(1, 10) if str(c) != first["move"]]
    forged = {"type": "result", "winner": "draw", "termination": "broken_rule",
              "reason": "the game's rules are broken: move/3 threw", "detail": moves[0]}
    log = tmp_path / "forged.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in (header, first, forged)))
    with pytest.raises(ReplayMismatch, match="applies by the rules"):
        verify(log)
