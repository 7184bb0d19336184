"""An exception in one game never stops a championship or its resume
(issue 32): a game whose rule throws, and a game that raises anything
at all (here RecursionError, as a 100,000-deep reply once did), is not
counted and named; the other games are played and counted, and
``--resume`` goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pybridge.championship import tournament
from pybridge.championship.settings import Settings
from pybridge.championship.tournament import run_tournament

GAMES = Path(__file__).resolve().parent / "hostile" / "games"


def test_a_game_whose_rule_throws_is_not_counted_and_the_run_goes_on(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run_tournament(str(GAMES / "throws_mid_game.pl"), ["random", "ai:1"], out=out,
                            settings=Settings(move_time=1.0))
    assert not result.complete and len(result.not_counted) == result.total == 2
    assert all("move/3 threw" in why for why in result.not_counted.values()), result.not_counted
    again = run_tournament(str(GAMES / "throws_mid_game.pl"), ["random", "ai:1"], out=out,
                           settings=Settings(move_time=1.0), resume=True)
    assert len(again.not_counted) == 2 and again.records == ()


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
                            settings=Settings(move_time=1.0))
    assert set(result.not_counted) == {1}, result.not_counted
    assert "RecursionError" in result.not_counted[1]
    assert len(result.records) == result.total - 1 == 5
    monkeypatch.setattr(tournament, "play_game", real)
    again = run_tournament("tictactoe", ["random", "ai:1", "ai:2"], out=out,
                           settings=Settings(move_time=1.0), resume=True)
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
                            settings=Settings(games_per_pair=2))
    assert result.complete and result.kept == 1 and len(result.records) == 2
    assert any("TypeError" in n for n in result.disagreements), result.disagreements
