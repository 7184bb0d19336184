"""The Prolog check against attributes, coroutines and the system's
libraries (issue 21): every route in tests/hostile/escape/attr (bots) and
tests/hostile/escape/game (game files) is refused or harmless, as its
first line says, and none writes the marker file. Bots are checked here
with isolation none: the Prolog check alone must refuse them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import pybridge
from pybridge.bots.player import BotPlayer, Limits, check_bot
from pybridge.errors import GameFileError, GameRuleError
from pybridge.games.game import load_game_file
from pybridge.play.match import Match
from pybridge.play.players import PlayerSpec
from pybridge.bots.seating import make_player

from tests.support.cli import ARENA
from tests.support.corpus import ESCAPE_PWNED, expectation
from tests.support.paths import TESTS
from tests.support.says import says

HERE = TESTS
ESCAPE = HERE / "hostile" / "escape"
BOTS = sorted((ESCAPE / "attr").glob("*.pl"))
GAMES = sorted((ESCAPE / "game").glob("*.pl"))
LIMITS = Limits(stack_mb=64, grace=0.5)


pytestmark = pytest.mark.usefixtures("no_escape_marker")


def test_the_corpus_covers_the_routes() -> None:
    names = {p.stem for p in BOTS}
    assert {"put_attr_when", "put_attr_dif", "put_attr_clpfd", "get_attrs_setarg",
            "frozen_setarg", "wakeup", "wakeup_global", "goal_qualified_text",
            "unix_fork", "shell2", "filesex", "ok_own_attribute", "ok_coroutines"} <= names
    assert len(BOTS) >= 40
    assert {expectation(p)[0] for p in BOTS} == {"refused", "ok"}
    assert {p.stem for p in GAMES} >= {"put_attr_freeze", "get_attrs", "use_module_process",
                                       "hook_not_reached", "ok_coroutines"}


@pytest.mark.parametrize("path", BOTS, ids=lambda p: p.stem)
def test_bot_route_is_refused_or_harmless(path: Path, ttt: pybridge.Game) -> None:
    verdict, words = expectation(path)
    if verdict == "refused":
        check = check_bot("tictactoe", str(path), limits=LIMITS, isolation="none")
        assert check.hello.status == "refused", check.hello
        for word in words:
            assert word.lower() in check.hello.detail.lower(), \
                f"{word!r} not in {check.hello.detail!r}"
        return
    assert verdict == "ok"
    bot = BotPlayer(PlayerSpec.parse(str(path)), move_time=3.0, limits=LIMITS, isolation="none")
    with Match(ttt, {"x": bot, "o": make_player("random")}, move_time=3.0) as match:
        result = match.run()
    assert result.forfeit is None, result
    assert len(match.history) >= 5


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_game_file_route_is_refused_or_harmless(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # without a jail the Prolog check is the wall: it must refuse
    monkeypatch.setenv("ARENA_ISOLATION", "none")
    verdict, words = expectation(path)
    if verdict == "refused":
        with pytest.raises(GameFileError) as caught:
            load_game_file(str(path))
        for word in words:
            assert word in str(caught.value), f"{word!r} not in {caught.value}"
        return
    assert verdict == "ok"
    state = load_game_file(str(path)).initial_state()
    assert state.valid_moves() == ["go"]
    assert state.move("go").game_over() == "a"


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_game_file_route_in_the_jail_reaches_nothing_outside(path: Path) -> None:
    # in the game host's jail the jail is the wall: the route may run, but
    # its marker (and anything else it writes) stays inside the jail
    try:
        state = load_game_file(str(path)).initial_state()
        for move in state.valid_moves():
            state.move(move).game_over()
    except (GameFileError, GameRuleError) as exc:   # refused, or named as a broken rule
        assert path.stem in str(exc) or "refused" in str(exc), exc
    assert not ESCAPE_PWNED.exists()


def arena(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_COLOR": "1", **env}, check=False)


def test_check_bot_refuses_the_freeze_attribute_attack() -> None:
    # it passed with "verdict: ok" and then ran shell/1, process_create/3, unix:fork/1
    done = arena("check-bot", "tictactoe", str(ESCAPE / "attr_freeze_shell.pl"),
                 "--games", "2", "--isolation", "none")
    out = done.stdout + done.stderr
    assert "verdict:  ok" not in out
    says(out, "put_attr/3", "freeze")
    assert done.returncode != 0


def test_check_game_refuses_the_freeze_attribute_attack() -> None:
    done = arena("check-game", str(ESCAPE / "game" / "put_attr_freeze.pl"), "--games", "1",
                 ARENA_ISOLATION="none")
    out = done.stdout + done.stderr
    says(out, "put_attr/3", "freeze")
    assert "refused" in out, out
    assert done.returncode != 0


# What code that got past the check would find in the bot's process: the
# host's saved state after close_system_access/0, which the host calls
# before the first move (a kept host in each game's child). Each line of
# the harness calls its goal from the bot's module.
BYPASS = r"""
try(Name, Goal) :-
    (   catch(arena_bot:Goal, E, (print_message(silent, E), fail))
    ->  format("~w: yes~n", [Name])
    ;   format("~w: no~n", [Name])
    ).
run(Close, Copy) :-
    set_prolog_flag(autoload, true),          % as the host's main/0 does
    (   Close == true
    ->  arena_host_load:close_system_access
    ;   true
    ),
    try(modules, ( forall(member(M, [process, filesex, socket, http_open, shell]),
                          \+ current_module(M)) )),
    try(process_create, process_create(path(true), [], [])),
    try(qualified_process, process:process_create(path(true), [], [])),
    try(unix_fork, ( unix:fork(P), ( P == child -> halt ; wait(P, _) ) )),
    try(fork, ( fork(P2), ( P2 == child -> halt ; unix:wait(P2, _) ) )),
    try(shell1, shell(true)),
    try(shell2, shell(true, _)),
    try(shell0, shell),
    try(copy_file, copy_file('/etc/hostname', Copy)),
    try(nth1, nth1(1, [a], a)),
    try(sum_list, sum_list([1, 2], 3)),
    try(aggregate_all, aggregate_all(count, member(_, [a, b]), 2)),
    try(yall, partition([X]>>(X > 1), [1, 2, 3], [2, 3], [1])),
    halt.
"""


def bypass(tmp_path: Path, close: bool) -> dict[str, str]:
    from pybridge.host import saved_state

    state = saved_state.path()
    if state is None:
        pytest.fail("the bot host's saved state could not be built")
    script = tmp_path / "bypass.pl"
    script.write_text(BYPASS)
    copy = tmp_path / "copy"
    goal = f"consult('{script}'), run({str(close).lower()}, '{copy}')"
    done = subprocess.run(["swipl", "-x", str(state), "-g", goal, "--"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, check=False)
    lines = dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    assert "yall" in lines, done.stdout + done.stderr
    return lines


def test_the_saved_state_after_the_host_closes_it_offers_no_system_access(tmp_path: Path) -> None:
    found = bypass(tmp_path, close=True)
    assert found == {
        "modules": "yes",
        "process_create": "no", "qualified_process": "no",
        "unix_fork": "no", "fork": "no",
        "shell1": "no", "shell2": "no", "shell0": "no",
        "copy_file": "no",
        # what bots legitimately use still autoloads
        "nth1": "yes", "sum_list": "yes", "aggregate_all": "yes", "yall": "yes",
    }
    assert not (tmp_path / "copy").exists()


def test_the_same_state_without_closing_would_have_offered_it(tmp_path: Path) -> None:
    # the control: the harness does reach them when the host has not closed them
    found = bypass(tmp_path, close=False)
    assert found["process_create"] == "yes" and found["unix_fork"] == "yes"
    assert found["shell1"] == "yes" and found["copy_file"] == "yes"
    assert (tmp_path / "copy").exists()


def test_sandbox_key_terms_are_refused_in_the_jail_too() -> None:
    # '$VAR' terms collide with library(sandbox)'s proof keys; inside the
    # jail the proof is not the wall, but untrusted code may not hold them
    with pytest.raises(GameFileError) as caught:
        load_game_file(str(ESCAPE / "game" / "sandbox_key_poison.pl"))
    says(str(caught.value), "'$VAR'/1", "defines")
    says(str(caught.value), "'$VAR'/1", "holds")
