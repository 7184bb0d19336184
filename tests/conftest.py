"""Shared fixtures: every game in the registry, with its options for tests."""

from __future__ import annotations

import pytest

import pybridge

GAMES = pybridge.games()


@pytest.fixture(params=GAMES)
def game_id(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(autouse=True, scope="session")
def _private_state_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Shell history and automatic replay logs go to a temporary folder,
    for this process and the arena processes tests start."""
    import os

    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))


@pytest.fixture(autouse=True)
def _isolation_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that changes the isolation in force (``isolation none`` in a
    shell it drives) changes it for itself only. Where bubblewrap cannot
    run, bots run with isolation none (the tests of the sandbox itself
    are skipped there, saying why)."""
    from pybridge.jail import sandbox

    if sandbox._probe() is None:
        # set, not deleted: a variable absent before the test would not be
        # removed again after it, and leak into the next module's fixtures
        monkeypatch.setenv(sandbox.ENV, "bwrap")
    else:
        monkeypatch.setenv(sandbox.ENV, "none")
