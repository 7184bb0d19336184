"""Shared fixtures: every game in the registry, with its options for tests."""

from __future__ import annotations

import pytest

import pybridge

GAMES = pybridge.games()


@pytest.fixture(params=GAMES)
def game_id(request: pytest.FixtureRequest) -> str:
    return request.param
