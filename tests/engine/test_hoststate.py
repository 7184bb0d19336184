"""The bot host's saved state (pybridge/host/saved_state.py): built once per
version of the Prolog files, never used stale, and bots still start from
source without it."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from pybridge.host import saved_state
from pybridge.host.bot_limits import MoveReply
from pybridge.bots.player import BotProcess, Limits
from pybridge.engine.resources import prolog_dir

EXAMPLES = prolog_dir() / "bots" / "examples"
LIMITS = Limits(stack_mb=64, grace=0.3)
START = "state([e,e,e,e,e,e,e,e,e],x,0,60)"


@pytest.fixture
def fresh_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    saved_state.reset()
    yield monkeypatch
    monkeypatch.undo()
    saved_state.reset()


def play_one_move(isolation: str) -> MoveReply:
    with BotProcess(EXAMPLES / "greedy.pl", "sliding", "first", limits=LIMITS,
                    isolation=isolation) as proc:
        assert proc.load().ready
        return proc.move(START, None, 2.0)


def test_the_digest_follows_every_prolog_file(tmp_path: Path) -> None:
    copy = tmp_path / "prolog"
    shutil.copytree(prolog_dir(), copy)
    before = saved_state.digest(copy)
    assert saved_state.digest(copy) == before
    rules = copy / "games" / "sliding.pl"
    rules.write_text(rules.read_text() + "\n% changed\n")
    assert saved_state.digest(copy) != before


def test_a_state_is_built_in_the_folder_named(fresh_state: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    fresh_state.setenv(saved_state.ENV, str(tmp_path / "states"))
    built = saved_state.path()
    assert built is not None and built.parent == tmp_path / "states"
    assert built.name == f"host-{saved_state.digest()}.state" and built.stat().st_size > 0
    saved_state.reset()
    assert saved_state.path() == built  # found, not built again
    assert play_one_move("none").verdict == "ok"
    # removed while in use (a cache cleaned): the next bot builds it again
    built.unlink()
    assert saved_state.path() == built and built.is_file()
    assert play_one_move("none").verdict == "ok"


@pytest.mark.parametrize("isolation", ["none", "bwrap"])
def test_bots_start_from_source_without_a_state(fresh_state: pytest.MonkeyPatch,
                                                isolation: str) -> None:
    fresh_state.setenv(saved_state.ENV, "off")
    assert saved_state.path() is None
    reply = play_one_move(isolation)
    assert reply.verdict == "ok" and reply.move


def test_a_folder_others_can_write_is_not_used(fresh_state: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    fresh_state.setenv(saved_state.ENV, str(shared))
    assert saved_state._folder() is None
    assert saved_state.path() is None  # bots then start from source


def test_a_state_that_cannot_be_built_leaves_bots_starting_from_source(
        fresh_state: pytest.MonkeyPatch, tmp_path: Path) -> None:
    tries = []

    def broken(target: Path, prolog: Path, kind: str) -> None:
        tries.append(target)
        raise OSError("disk full")

    fresh_state.setenv(saved_state.ENV, str(tmp_path / "states"))
    fresh_state.setattr(saved_state, "_build", broken)
    assert saved_state.path() is None
    assert saved_state.path() is None
    assert len(tries) == 1  # not tried again by every bot
    assert play_one_move("none").verdict == "ok"
