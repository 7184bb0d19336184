"""The game host: a game file's own jailed process. Course code that
asserts, reads and prints plays there; the host is in namespaces of its
own; the watchdog outside names a rule it kills."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import pybridge
from pybridge.errors import GameFileError
from pybridge.jail import sandbox
from pybridge.host.game_registry import host_for
from tests.support.paths import ROOT, TESTS
from tests.support.says import says

FILES = TESTS / "gamefiles"
NIM = ROOT / "examples" / "games" / "nim.pl"


@pytest.fixture
def jail(monkeypatch: pytest.MonkeyPatch) -> bool:
    """Game hosts run in bubblewrap; False where it cannot run here (game
    files are then refused unless the isolation is none)."""
    monkeypatch.setenv(sandbox.ENV, "bwrap")
    return sandbox.bwrap_problem() is None


def test_a_game_that_asserts_reads_and_prints_loads_and_plays(jail: bool) -> None:
    if not jail:
        with pytest.raises(sandbox.IsolationError):
            pybridge.load_game(str(FILES / "course_stateful.pl"))
        return
    game = pybridge.load_game(str(FILES / "course_stateful.pl"))
    state = game.initial_state()
    # its state carries the fact initial_state/2 asserts
    assert str(state) == "'$arena_facts'(s(0),[moves_made/1-[moves_made(0)]])"
    assert state.valid_moves() == ["1", "2"]
    state = state.move("1").move("2")
    assert state.game_over() == "a" and state.valid_moves() == []
    assert game.file is not None
    notes = host_for(game.file).warnings()
    # its menu, run by initialization/1, is named and not run
    says("\n".join(notes), FILES / "course_stateful.pl", "main/0", "entry point", "not run")


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def test_the_running_host_has_its_own_pid_and_network_namespace(jail: bool) -> None:
    if not jail:
        with pytest.raises(sandbox.IsolationError):
            pybridge.load_game(str(NIM))
        return
    game = pybridge.load_game(str(NIM))
    assert game.file is not None
    host = host_for(game.file)
    assert host.isolation == "bwrap" and host.pid is not None
    swipl = [p for p in _descendants(host.pid)
             if Path(f"/proc/{p}/comm").read_text().strip().startswith("swipl")]
    assert swipl, "no swipl process under the host"
    for kind in ("pid", "net", "ipc", "mnt"):
        mine = os.readlink(f"/proc/self/ns/{kind}")
        assert all(os.readlink(f"/proc/{p}/ns/{kind}") != mine for p in swipl), kind


def test_a_killed_host_is_started_again_for_the_next_request() -> None:
    game = pybridge.load_game(str(NIM))
    assert game.file is not None
    host = host_for(game.file)
    starts = host.starts
    host.kill()
    assert game.initial_state().move("take(1,1)").valid_moves()
    assert host.starts == starts + 1 and host.running()


def test_every_match_begins_from_the_file_as_loaded(jail: bool) -> None:
    from pybridge.play.match import Match
    from pybridge.play.players import HumanPlayer, PlayerSpec

    if not jail:
        with pytest.raises(sandbox.IsolationError):
            pybridge.load_game(str(FILES / "leaky.pl"))
        return
    game = pybridge.load_game(str(FILES / "leaky.pl"))
    assert game.file is not None and host_for(game.file).kept
    players = {p: HumanPlayer(PlayerSpec("human")) for p in game.players}
    match = Match(game, players)
    match.play(match.read("1"))
    assert match.state.valid_moves() == ["2", "3"]     # the game remembers 1
    match = Match(game, players)                        # a new game: a fresh copy
    assert match.state.valid_moves() == ["1", "2", "3"]
    assert pybridge.State(game, "s(1)").valid_moves() == ["1", "2", "3"]


def test_a_bot_plays_a_course_game_in_its_own_jailed_host(
        jail: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from shell.cli.arena import main

    bot = tmp_path / "first.pl"
    bot.write_text("choose_move(State, _Level, Move) :-\n    valid_moves(State, [Move|_]).\n")
    if not jail:
        with pytest.raises(sandbox.IsolationError):
            pybridge.load_game(str(FILES / "course_stateful.pl"))
        return
    # the bot's host loads the game as the game host does: in the jail
    assert main(["check-bot", str(FILES / "course_stateful.pl"), str(bot)]) == 0
    out, err = capsys.readouterr()
    assert "verdict:  ok" in out, out + err


def test_hosts_started_before_are_kept_when_the_others_end(tmp_path: Path) -> None:
    from pybridge.host import game_registry

    first = pybridge.load_game(str(NIM))
    assert first.file is not None
    kept = host_for(first.file)
    before = game_registry.started()
    copy = tmp_path / "nim_copy.pl"                 # a file no other test has loaded
    copy.write_text(NIM.read_text())
    second = pybridge.load_game(str(copy))
    assert second.file is not None
    ended = host_for(second.file)
    assert ended.running() and kept.running()
    game_registry.close_all(keep=before)
    assert kept.running() and not ended.running()
    # its next question starts a new host
    assert second.initial_state().valid_moves() == first.initial_state().valid_moves()
    assert host_for(second.file).running()


def test_a_file_edited_and_loaded_again_ends_the_host_of_its_old_content(
        tmp_path: Path) -> None:
    """A shell reloading a file as its author edits it kept a host (four
    processes) for every version until it quit."""
    game = tmp_path / "nim_edited.pl"
    game.write_text(NIM.read_text())
    old = pybridge.load_game(str(game))
    assert old.file is not None
    old_host = host_for(old.file)
    moves = old.initial_state().valid_moves()
    game.write_text(NIM.read_text() + "\n% an edit\n")
    new = pybridge.load_game(str(game))
    assert new.file is not None and new.file.sha256 != old.file.sha256
    assert not old_host.running() and host_for(new.file).running()
    assert new.initial_state().valid_moves() == moves
    # the old content is gone: asking it again says so, and the new one goes on
    with pytest.raises(GameFileError) as error:
        old.initial_state().move(moves[0])
    says(str(error.value), "changed")
    assert new.initial_state().valid_moves() == moves


def test_at_most_most_hosts_run_and_an_ended_one_starts_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pybridge.host import game_registry

    monkeypatch.setattr(game_registry, "MOST", 2)
    games = []
    for name in "abc":
        copy = tmp_path / f"nim_{name}.pl"
        copy.write_text(NIM.read_text())
        games.append(pybridge.load_game(str(copy)))

    def running() -> set[str]:
        return {Path(key[0]).stem for key in game_registry.started()} & {"nim_a", "nim_b", "nim_c"}

    # loading the third ended the first, the least recently asked
    assert running() == {"nim_b", "nim_c"}
    assert games[0].initial_state().valid_moves() == games[2].initial_state().valid_moves()
    assert running() == {"nim_a", "nim_c"}
