"""The contract, checked on every game in the registry by seeded random
playouts: later games get these checks for free."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import pybridge
from pybridge.errors import IllegalMoveError, OptionError, UnknownGameError
from pybridge.games.conformance import game_title
from tests.support import bridge_extras

PLAYOUTS = 8
MAX_PLIES = 400


def playout(game: pybridge.Game, rng: random.Random, *, thorough: bool, check_levels: bool) -> int:
    """One random game, checking the contract at every ply; the costlier
    checks (value, display, text round trip, successors) at every ply only
    when ``thorough``, else at every 8th."""
    state = game.initial_state()
    plies = 0
    while True:
        moves = state.valid_moves()
        over = state.game_over()
        # no moves exactly when the game is over
        assert (moves == []) == (over is not None), (state, moves, over)
        assert len(set(moves)) == len(moves), "duplicate moves"
        full = thorough or plies % 8 == 0 or over is not None
        if full:
            player = state.current_player
            assert isinstance(bridge_extras.raw_value(state, player), (int, float))
            assert state.value(player) == bridge_extras.raw_value(state, player)
            assert game.state_from_text(str(state)) == state
            assert state.display(color=False).strip()
        if over is not None:
            assert over in (*game.players, "draw")
            outcome = state.outcome()
            assert outcome is not None and outcome[0] == over and outcome[1]
            return plies
        assert state.current_player in game.players
        if check_levels and full:
            for level in (1, 2):
                assert state.choose_move(level) in moves
        move = rng.choice(moves)
        new = state.move(move)
        if full:
            successors = bridge_extras.successors(state)
            assert sorted(successors) == sorted(moves)
            assert new == successors[move]
        state = new
        plies += 1
        assert plies <= MAX_PLIES, "game did not end"


@pytest.mark.slow
def test_random_playouts(game_id: str) -> None:
    game = pybridge.load_game(game_id)
    rng = random.Random(f"conformance-{game_id}")
    game.seed(1)
    lengths = [playout(game, rng, thorough=(i < 1), check_levels=(i < 1))
               for i in range(PLAYOUTS)]
    assert all(n > 0 for n in lengths)


def test_metadata(game_id: str) -> None:
    game = pybridge.load_game(game_id)
    assert game.id == game_id
    assert isinstance(game.title, str) and game.title
    assert len(game.players) == 2 and game.players[0] != game.players[1]
    assert game.initial_state().current_player == game.players[0]
    for option in game.option_specs:
        assert option.name in game.options and option.help


def test_stronger_levels_return_valid_moves(game_id: str) -> None:
    game = pybridge.load_game(game_id)
    state = game.initial_state()
    rng = random.Random(7)
    for _ in range(2):
        state = state.move(rng.choice(state.valid_moves()))
    assert state.choose_move(3) in state.valid_moves()


def test_invalid_moves_are_rejected(game_id: str) -> None:
    game = pybridge.load_game(game_id)
    state = game.initial_state()
    for bad in ("", "zz", "99999", "'", "a) , halt", "\n", "é"):
        with pytest.raises(IllegalMoveError) as info:
            state.move(bad)
        assert info.value.reason
        assert state.why_illegal(bad)
    assert state == game.initial_state()


def test_bad_option_names_it(game_id: str) -> None:
    with pytest.raises(OptionError, match="no_such_option"):
        pybridge.load_game(game_id, no_such_option=3)
    game = pybridge.load_game(game_id)
    for option in game.option_specs:
        if isinstance(option.default, int):
            with pytest.raises(ValueError, match=option.name):
                pybridge.load_game(game_id, **{option.name: 10**6})
            with pytest.raises(ValueError, match=option.name):
                pybridge.load_game(game_id, **{option.name: "abc"})


def test_state_text_rejects_garbage(game_id: str) -> None:
    game = pybridge.load_game(game_id)
    for bad in ("", "foo(", "X", "state(", "halt", "f(_)"):
        with pytest.raises(ValueError):
            game.state_from_text(bad)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGameError, match="nosuchgame"):
        pybridge.load_game("nosuchgame")
    with pytest.raises(UnknownGameError):
        pybridge.load_game("../arena")


@pytest.mark.slow
def test_the_game_file_checker_passes_every_builtin_game(game_id: str) -> None:
    # the same checker as arena check-game: determinism, duplicates, the
    # moves/game-over agreement, unlisted moves refused, text round trips
    from pybridge.games.conformance import CheckPlan, check_game

    report = check_game(game_id, plan=CheckPlan(games=2, seed=3, plies=1, max_states=60))
    assert report.conforms, [str(p) for p in report.problems]


def test_a_proposed_adapters_title_skips_names_that_say_nothing() -> None:
    """A course file named for its role (src/menu.pl, game.pl) gives its
    folder's name, or the folder above where that says nothing either."""
    from pathlib import Path

    from pybridge.games.conformance import game_title
    assert game_title(Path("asterismo/src/menu.pl")) == "Asterismo"
    assert game_title(Path("Project1/main.pl")) == "Project1"
    assert game_title(Path("tic_tac-toe.pl")) == "Tic tac toe"
