"""The referee's gate on who may move, the value types, the one text of a
result, the player factory, and the layering of pybridge's modules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pybridge
from pybridge.bots.player import BotPlayer, Limits
from pybridge.errors import IllegalMoveError, TurnError
from pybridge.play.match import Match
from pybridge.play.players import BuiltinPlayer, HumanPlayer
from pybridge.championship.scoring import GameRecord
from pybridge.bots.seating import make_player
from pybridge.types import BAD_VERDICTS, Decision, Ply, Result, Verdict, result_text

PYBRIDGE = Path(pybridge.__file__).parent
EXAMPLES = PYBRIDGE.parent / "prolog" / "bots" / "examples"


# -- who may move ----------------------------------------------------------------


def test_a_typed_move_for_the_seat_not_to_move_is_refused(ttt: pybridge.Game) -> None:
    with Match(ttt, {"x": make_player("human"), "o": make_player("human")}) as match:
        with pytest.raises(TurnError, match="it is x's turn \\(human\\), not o's") as caught:
            match.play(match.read("5"), seat="o")
        assert caught.value.seat == "o" and caught.value.move == "5"
        assert isinstance(caught.value, IllegalMoveError)
        assert match.history == [] and match.state.current_player == "x"
        ply = match.play(match.read("5"), seat="x")
        assert (ply.number, ply.player, ply.move) == (1, "x", "5")
        with pytest.raises(TurnError, match="'z' is not a seat of tictactoe"):
            match.play(match.read("1"), seat="z")
        assert match.play(match.read("1")).player == "o"  # no seat: the seat to move
        assert len(match.history) == 2


def test_a_typed_move_while_a_non_human_is_to_move_is_refused(ttt: pybridge.Game) -> None:
    with Match(ttt, {"x": make_player("human"), "o": make_player("ai:1")}) as match:
        match.play(match.read("5"))
        for seat in (None, "o"):
            with pytest.raises(TurnError, match="it is o's turn \\(ai:1\\), who is not a human"):
                match.play(match.read("1"), seat=seat)
        with pytest.raises(TurnError, match="it is o's turn"):
            match.play(match.read("1"), seat="x")
        assert len(match.history) == 1
        ply = match.step()
        assert isinstance(ply, Ply) and ply.player == "o"
        with pytest.raises(ValueError, match="x is a human"):
            match.step()


def test_nothing_moves_after_the_result(ttt: pybridge.Game) -> None:
    with Match(ttt, {"x": make_player("human"), "o": make_player("human")}) as match:
        for move in ("1", "4", "2", "5", "3"):
            match.play(match.read(move))
        assert match.result == Result("x", match.result.reason)
        with pytest.raises(IllegalMoveError, match="the game is over"):
            match.play(match.read("6"), seat="o")


# -- value types -----------------------------------------------------------------


def test_verdicts_are_their_text() -> None:
    assert [str(v) for v in Verdict] == ["ok", "illegal", "timeout", "no_move", "crashed", "refused"]
    assert Verdict.TIMEOUT == "timeout" and f"{Verdict.NO_MOVE}" == "no_move"
    assert json.dumps({"verdict": Verdict.ILLEGAL}) == '{"verdict": "illegal"}'
    assert Verdict.OK not in BAD_VERDICTS and set(BAD_VERDICTS) == set(Verdict) - {Verdict.OK}


def test_verdicts_given_as_text_become_verdicts() -> None:
    assert Decision(None, "timeout", 3).verdict is Verdict.TIMEOUT
    assert Ply(1, "x", "5", 0, "illegal", "bad", "42").verdict is Verdict.ILLEGAL
    assert Ply(1, "x", "5").verdict is Verdict.OK
    assert Result("x", "o forfeits: crashed", "crashed").forfeit is Verdict.CRASHED
    assert Result("draw", "board full").forfeit is None
    assert Ply(1, "x", "5", 0, "ok") == Ply(1, "x", "5")
    with pytest.raises(ValueError):
        Decision(None, "lost", 0)
    with pytest.raises(ValueError):
        Result("x", "why", forfeit="sulked")


def test_result_text() -> None:
    assert result_text(Result("x", "three in a row")) == "x wins (three in a row)"
    assert result_text(Result("draw", "board full")) == "draw (board full)"
    assert result_text(Result("x", "")) == "x wins"
    assert result_text(Result("o", "four in a row"), name=lambda s: f"{s} (ai:3)",
                       sentence=True) == "o (ai:3) wins: four in a row."
    assert result_text(Result("draw", "board full"), name=str.upper, sentence=True) == "Draw: board full."
    record = GameRecord(0, "a", "b", "b", "a forfeits: timeout", "timeout")
    assert result_text(record) == "b wins (a forfeits: timeout)"


# -- the player factory ------------------------------------------------------------


def test_make_player_seats_every_kind() -> None:
    assert isinstance(make_player("human"), HumanPlayer)
    random = make_player("random")
    assert isinstance(random, BuiltinPlayer) and random.level == 1
    ai = make_player("ai:3")
    assert isinstance(ai, BuiltinPlayer) and ai.level == 3
    bot = make_player(f"{EXAMPLES / 'greedy.pl'}:1", move_time=2.5,
                      limits=Limits(stack_mb=128), seed=7)
    assert isinstance(bot, BotPlayer) and bot.process is None  # started by the game
    assert (bot.level, bot.move_time, bot.limits.stack_mb, bot.seed) == (1, 2.5, 128, 7)
    assert make_player(str(EXAMPLES / "greedy.pl")).limits == Limits()
    with pytest.raises(ValueError, match="bad player spec"):
        make_player("ai:0")


def test_a_history_out_of_turn_is_refused(ttt: pybridge.Game) -> None:
    seats = {"x": make_player("human"), "o": make_player("human")}
    with Match(ttt, seats, history=[Ply(1, "x", "5"), Ply(2, "o", "1")]) as match:
        assert match.state.current_player == "x" and len(match.history) == 2
    with pytest.raises(TurnError, match="ply 2 is for x, but o is to move"):
        Match(ttt, seats, history=[Ply(1, "x", "5"), Ply(2, "x", "1")])
    with pytest.raises(IllegalMoveError, match="'5'"):
        Match(ttt, seats, history=[Ply(1, "x", "5"), Ply(2, "o", "5")])
