"""Every example bot in prolog/bots/examples loads for the games it is
meant for and plays them without a forfeit; the classic protocol's seats
in a game whose players are not x and o."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import pybridge
from pybridge.bots.player import check_bot
from pybridge.play.match import Match
from pybridge.bots.seating import make_player
from pybridge.types import Ply
from tests.support.paths import ROOT, TESTS

EXAMPLES = ROOT / "prolog" / "bots" / "examples"
HELPERS = TESTS / "bot_files"

#: Example bots for any game, with the level they play at here.
GENERIC = ["greedy.pl", "minimax.pl:1", "first_move.pl", "value_pfl4.pl", "random.pl"]
#: File-name prefixes of game-specific examples.
PREFIXES = {"c4": "connect4"}
#: Games too long to play to the end here: a few plies show the bot works.
PLIES = {"alliances": 8}


def cases() -> list[tuple[str, str]]:
    games = pybridge.games()
    out = [(game, spec) for spec in GENERIC if (EXAMPLES / spec.split(":")[0]).exists()
           for game in games]
    for path in sorted(EXAMPLES.glob("*.pl")):
        prefix = path.stem.split("_")[0]
        game = PREFIXES.get(prefix, prefix)
        if game in games:
            out.append((game, path.name))
    return out


def test_every_example_file_is_covered() -> None:
    covered = {spec.split(":")[0] for _, spec in cases()}
    assert covered == {p.name for p in EXAMPLES.glob("*.pl")}
    assert {game for game, _ in cases()} == set(pybridge.games())
    for game in ("tictactoe", "sliding"):
        hello = check_bot(game, str(EXAMPLES / f"{game}_classic.pl")).hello
        assert hello.protocol == "classic" and hello.seats == ("first", "second")


@pytest.mark.parametrize("game_id,spec", cases(), ids=lambda v: str(v))
def test_example_bot_plays(game_id: str, spec: str) -> None:
    game = pybridge.load_game(game_id)
    path = EXAMPLES / spec
    check = check_bot(game_id, str(path))
    assert check.hello.ready, check.hello.detail
    assert check.hello.seats == ("first", "second")
    seats = dict(zip(game.players, (make_player(str(path), move_time=5), make_player("random"))))
    with Match(game, seats, move_time=5) as match:
        for _ in range(PLIES.get(game_id, 10_000)):
            out = match.step()
            if not isinstance(out, Ply):
                break
    assert match.result is None or match.result.forfeit is None, match.result
    assert all(p.verdict == "ok" for p in match.history)


def test_classic_seats_in_a_game_with_other_player_names() -> None:
    trike = pybridge.load_game("trike")
    assert trike.players == ("first", "second")
    path = str(HELPERS / "classic_trike.pl")
    as_first = make_player(path)
    with Match(trike, {"first": as_first, "second": make_player("random")}) as match:
        assert match.step().move == "c2"
        match.step()
        result = match.step()
    assert result.forfeit == "no_move"
    assert settle(lambda: "x_responde" in as_first.output)
    assert as_first.output.splitlines()[0] == "x_inicia"
    assert as_first.output.splitlines()[1].startswith("x_responde ")

    as_second = make_player(path)
    with Match(trike, {"first": make_player("random"), "second": as_second}) as match:
        first = match.step()
        assert match.step().move == "swap"
        row, cell = ord(first.move[0]) - ord("a") + 1, int(first.move[1:])
        assert settle(lambda: "o_inicia" in as_second.output)
        assert as_second.output.splitlines()[0] == f"o_inicia {row}-{cell}"


def settle(condition, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(condition())
