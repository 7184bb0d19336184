"""Shared fixtures: every game in the registry, with its options for tests;
tic-tac-toe; an empty working folder; the files hostile bots attack."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

# The Ctrl-C tests need SIGINT's default: a suite started in the background
# of a non-interactive shell inherits it ignored, and so would every
# process it starts.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

import pybridge  # noqa: E402  (Prolog starts with SIGINT as set above)
from pybridge.games import conformance  # noqa: E402
from tests.support.corpus import PLAYED_SPECS, PWNED, SENTINEL  # noqa: E402

GAMES = pybridge.games()


@pytest.fixture(params=GAMES)
def game_id(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(autouse=True, scope="session")
def _private_state_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Shell history, automatic replay logs and the results key go to
    temporary folders, for this process and the arena processes tests start."""
    import os

    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))
    # the results key (pybridge.signing) is made in a config folder of the tests' own
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("config"))
    os.environ.pop("ARENA_RESULTS_KEY", None)


@pytest.fixture(autouse=True)
def _isolation_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that changes the isolation in force (``isolation none`` in a
    shell it drives) changes it for itself only. Where bubblewrap cannot
    run, bots run with isolation none (the tests of the sandbox itself
    are skipped there, saying why)."""
    from pybridge.jail import sandbox

    # the suite's own corpus is declared the user's own code (as --trust-code
    # does): without the jail it runs; the tests of that refusal take it back
    monkeypatch.setenv(sandbox.TRUST_ENV, "1")
    if sandbox.bwrap_problem() is None:
        # set, not deleted: a variable absent before the test would not be
        # removed again after it, and leak into the next module's fixtures
        monkeypatch.setenv(sandbox.ENV, "bwrap")
    else:
        monkeypatch.setenv(sandbox.ENV, "none")


@pytest.fixture(autouse=True, scope="module")
def _game_hosts_ended() -> Iterator[None]:
    """The game hosts a test module starts end with it: a worker that kept
    them all ran out of file descriptors (and memory) late in the suite.
    Per module, not per test: its tests share the hosts of its games."""
    from pybridge.host import game_registry

    before = game_registry.started()
    yield
    game_registry.close_all(keep=before)


@pytest.fixture
def short_loop_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search through a game's own loop gets 12 s, not 30, for a test
    of a game bounded by it: the bound is what is tested, not its size."""
    monkeypatch.setattr(conformance, "LOOP_SECONDS", 12)


@pytest.fixture(scope="module")
def ttt() -> pybridge.Game:
    return pybridge.load_game("tictactoe")


@pytest.fixture()
def in_empty_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    return cwd


@pytest.fixture(scope="module")
def sentinel():
    """A file the hostile bots try to delete (left in place: test runs at
    the same time share it); the one they try to create must not appear."""
    SENTINEL.write_text("keep me\n")
    PWNED.unlink(missing_ok=True)
    yield
    assert SENTINEL.exists(), "a bot deleted the sentinel file"
    assert not PWNED.exists(), "a bot created a file"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of a finished two-game tic-tac-toe tournament of
    PLAYED_SPECS: tests copy it before they change anything."""
    from pybridge.championship.tournament import Schedule, Settings, run_tournament

    out = tmp_path_factory.mktemp("played") / "out"
    run_tournament("tictactoe", PLAYED_SPECS, out=out, settings=Settings(schedule=Schedule(games_per_pair=2)))
    return out
