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
