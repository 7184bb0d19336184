"""A worker's answer is data the client checks: an honest game is counted
as played, and every forgery (a winner the rules do not give, an illegal
move, a log of another game, seats or opening, an answer of the wrong
shape, a game played without the isolation asked) is refused with a
message saying why. A worker that cannot give the isolation asked refuses
the game."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from pybridge.championship import answers
from pybridge.championship import cluster
from pybridge.jail import sandbox
from pybridge.host.bot_limits import Limits
from pybridge.games.game import load_game
from pybridge.championship.schedule import Pairing
from pybridge.championship.scoring import GameRecord
from pybridge.championship.one_game import Config, play_game

GAME = load_game("tictactoe")
CONFIG = Config(game="tictactoe", options=GAME.options, specs={"r": "random", "a": "ai:1"},
                refused={}, policy="forfeit", move_time=1.0, limits=Limits(), seed=5,
                openings=(("5",),), isolation="bwrap")
FIRST = Pairing(0, "r", "a")
SECOND = Pairing(1, "a", "r")


@pytest.fixture(scope="module")
def honest() -> dict[int, dict[str, Any]]:
    return {p.index: answers.answer(play_game(CONFIG, p), "bwrap") for p in (FIRST, SECOND)}


def _accept(found: object, pairing: Pairing = FIRST, config: Config = CONFIG) -> Any:
    return answers.accept(found, config=config, pairing=pairing, game=GAME)


def _lines(log: bytes) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.decode().splitlines()]


def _log(lines: list[dict[str, Any]]) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in lines)


def test_an_honest_answer_counts_as_played(honest: dict[int, dict[str, Any]]) -> None:
    for pairing in (FIRST, SECOND):
        played = play_game(CONFIG, pairing)
        outcome = _accept(answers.answer(played, "bwrap"), pairing)
        assert outcome.log == played.log
        assert dataclasses.replace(outcome.record, seconds=0.0, isolation=None) == \
            dataclasses.replace(played.record, seconds=0.0)
        assert outcome.record.isolation == "bwrap"
    assert all(set(a) == answers.KEYS for a in honest.values())
    assert all(type(v) in (int, float, bytes, str, dict) for a in honest.values() for v in a.values())


def test_a_game_from_an_opening_counts_when_its_log_starts_there() -> None:
    pairing = Pairing(2, "r", "a", opening=0)
    outcome = _accept(answers.answer(play_game(CONFIG, pairing), "bwrap"), pairing)
    assert outcome.record.opening == ("5",)


def forge_winner(lines: list[dict[str, Any]]) -> None:
    result = lines[-1]
    result["winner"] = "o" if result["winner"] == "x" else "x"
    result["reason"] = "three in a row"


def forge_move(lines: list[dict[str, Any]]) -> None:
    moves = [r for r in lines if r["type"] == "move"]
    moves[1]["move"] = moves[0]["move"]


def forge_result_away(lines: list[dict[str, Any]]) -> None:
    lines.pop()


def forge_game(lines: list[dict[str, Any]]) -> None:
    lines[0]["game"] = "connect4"


def forge_players(lines: list[dict[str, Any]]) -> None:
    lines[0]["players"] = {"x": "ai:1", "o": "random"}


def forge_opening(lines: list[dict[str, Any]]) -> None:
    lines[0]["opening"] = ["5"]


def forge_options(lines: list[dict[str, Any]]) -> None:
    lines[0]["options"] = {"bogus": 1}


def forge_forfeit(lines: list[dict[str, Any]]) -> None:
    # the game ended by the rules; a forfeit of the winner is claimed instead
    result = lines[-1]
    loser = "o" if result["winner"] == "x" else "x"
    lines[-1] = {"type": "result", "winner": loser, "reason": "timeout",
                 "forfeit": "timeout"}


@pytest.mark.parametrize("forge, why", [
    (forge_winner, r"does not follow the rules: .*:\d+: result .* but the rules say"),
    (forge_move, r"does not follow the rules: .*illegal move"),
    (forge_result_away, r"no result: the game did not finish"),
    (forge_game, r"its log is for game connect4, not tictactoe"),
    (forge_players, r"its log's players are"),
    (forge_opening, r"starts from another position"),
    (forge_options, r"does not follow the rules: .*bad options|unknown option"),
    (forge_forfeit, r"a forfeit\), but the game had ended by the rules"),
])
def test_a_forged_log_does_not_count(honest: dict[int, dict[str, Any]], forge: Any,
                                     why: str) -> None:
    lines = _lines(honest[0]["log"])
    forge(lines)
    with pytest.raises(answers.NotCounted, match=why) as caught:
        _accept({**honest[0], "log": _log(lines)})
    assert caught.value.index == 0


def test_another_game_s_honest_log_does_not_count(honest: dict[int, dict[str, Any]]) -> None:
    with pytest.raises(answers.NotCounted, match="its log's players are"):
        _accept({**honest[1], "index": 0})


@pytest.mark.parametrize("change, why", [
    (lambda a: [a], r"is a list, not a dict"),
    (lambda a: {**a, "extra": 1}, r"has the fields"),
    (lambda a: {k: v for k, v in a.items() if k != "log"}, r"has the fields"),
    (lambda a: {**a, "index": 1}, r"for game 1, not game 0"),
    (lambda a: {**a, "index": True}, r"for game True, not game 0"),
    (lambda a: {**a, "log": a["log"].decode()}, r"not bytes"),
    (lambda a: {**a, "log": b"\x00" + a["log"]}, r"first line is not a JSON header"),
    (lambda a: {**a, "isolation": "chroot\x1b[2J"}, r"unknown isolation 'chroot\\x1b\[2J'"),
    (lambda a: {**a, "isolation": "none"}, r"played with isolation none; bwrap is required"),
    (lambda a: {**a, "seconds": float("nan")}, r"not a number of seconds"),
    (lambda a: {**a, "seconds": -1}, r"not a number of seconds"),
    (lambda a: {**a, "seconds": "1"}, r"not a number of seconds"),
    (lambda a: {**a, "output": {"someone else": "hi"}}, r"output is not text of the game"),
    (lambda a: {**a, "output": {"r": b"hi"}}, r"output is not text of the game"),
    (lambda a: answers.Unreadable("Data serialized with pickle"), r"not plain data: Data"),
    (lambda a: answers.refusal(0, "no bwrap here\x1b]0;x\x07", "none"),
     r"the worker refused the game: no bwrap here\\x1b\]0;x\\x07"),
])
def test_an_answer_of_the_wrong_shape_does_not_count(honest: dict[int, dict[str, Any]],
                                                     change: Any, why: str) -> None:
    with pytest.raises(answers.NotCounted, match=why):
        _accept(change(dict(honest[0])))


def test_a_log_past_the_size_cap_does_not_count(honest: dict[int, dict[str, Any]],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answers, "LOG_BYTES", len(honest[0]["log"]) - 1)
    with pytest.raises(answers.NotCounted, match="not bytes of at most"):
        _accept(honest[0])


def test_bots_output_is_cleaned_again_by_the_client(honest: dict[int, dict[str, Any]]) -> None:
    outcome = _accept({**honest[0], "output": {"r": "\x1b]52;c;AAAA\x07" + "x" * 10_000}})
    assert "\x1b" not in outcome.output["r"] and len(outcome.output["r"]) < 3000


def test_a_game_played_without_isolation_counts_when_none_was_asked(
        honest: dict[int, dict[str, Any]]) -> None:
    unjailed = dataclasses.replace(CONFIG, isolation="none")
    outcome = _accept({**honest[0], "isolation": "none"}, config=unjailed)
    assert outcome.record.isolation == "none"


def test_standings_name_the_weakest_isolation_that_ran() -> None:
    def game(isolation: str | None) -> GameRecord:
        return GameRecord(0, "a", "b", "a", "win", isolation=isolation)

    assert answers.isolation_used("bwrap", [game("bwrap"), game("none")]) == "none"
    assert answers.isolation_used("bwrap", [game("bwrap"), game(None)]) == "bwrap"
    assert answers.isolation_used("none", [game("bwrap")]) == "bwrap"
    assert answers.isolation_used("bwrap", []) == "bwrap"


def test_a_worker_refuses_a_game_whose_isolation_it_cannot_give(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shipment = cluster.Shipment()
    monkeypatch.setenv(sandbox.ENV, "none")
    found = cluster.shipped_task(play_game, CONFIG, FIRST, shipment, cluster.version())
    assert found == {"index": 0, "isolation": "none", "refused": found["refused"]}
    assert "ARENA_ISOLATION=none" in found["refused"]
    monkeypatch.setenv(sandbox.ENV, "bwrap")
    monkeypatch.setattr(sandbox, "_probe", lambda: "bubblewrap is not installed")
    found = cluster.shipped_task(play_game, CONFIG, FIRST, shipment, cluster.version())
    assert "cannot run bots under bwrap: bubblewrap is not installed" in found["refused"]
    found = cluster.shipped_task(play_game, CONFIG, FIRST, shipment, "0.0.0-other")
    assert "the client 0.0.0-other" in found["refused"]
    with pytest.raises(answers.NotCounted, match="the worker refused the game"):
        _accept(found)
