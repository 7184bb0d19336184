"""Games from files: the examples of docs/writing-a-game.md and
docs/course-submissions.md (a module, and a course submission with an
adapter) loaded, checked, played and searched; broken, unsafe and looping
files caught with messages that name the problem."""

from __future__ import annotations

import re

import os
from pathlib import Path

import pytest

import pybridge
from pybridge.games.conformance import CheckPlan, check_game
from pybridge.jail import sandbox
from pybridge.errors import GameFileError, GameRuleError
from pybridge.games.game import load_game_file
from tests.support.plunit import run_plunit
from tests.support.paths import ROOT, TESTS

HERE = Path(__file__).resolve().parent

NIM = ROOT / "examples" / "games" / "nim.pl"
HEXAPAWN = ROOT / "examples" / "games" / "hexapawn" / "hexapawn.pl"
CONNECT4 = ROOT / "examples" / "games" / "connect4.pl"
FILES = TESTS / "gamefiles"
PWNED = Path("/tmp/arena_gamefile_pwned")


def test_nim_module_plays_by_its_path() -> None:
    game = pybridge.load_game(str(NIM))
    assert game.id == "nim" and game.title == "nim" and game.players == ("first", "second")
    assert game.file is not None and game.file.path == str(NIM)
    state = game.initial_state()
    assert str(state) == "nim([3,4,5],first)"
    assert "take(3,5)" in state.valid_moves() and len(state.valid_moves()) == 12
    after = state.move("take(3,5)")          # typed as the Prolog term
    assert str(after) == "nim([3,4,0],second)"
    assert "second to move" in after.display(color=False)
    with pytest.raises(ValueError):
        state.move("take(3,9)")
    assert game.state_from_text(str(after)) == after


def test_nim_option_reaches_initial_state() -> None:
    game = load_game_file(str(NIM), heaps="1-2")
    assert str(game.initial_state()) == "nim([1,2],first)"


def test_submission_loads_under_sicstus_emulation_through_its_adapter() -> None:
    game = pybridge.load_game(str(HEXAPAWN))
    assert game.id == "hexapawn" and game.players == ("white", "black")
    state = game.initial_state()
    # arena_config/2 chose the config; the students' initial_state/2 made the state
    assert str(state) == "game([w,w,w,e,e,e,b,b,b],white,[1,1])"
    assert state.valid_moves() == ["m(1,4)", "m(2,5)", "m(3,6)"]
    assert "Player white to move" in state.display(color=False)
    # its own choose_move/3 at level 2, which reads nothing
    assert state.choose_move(2) in state.valid_moves()


def test_config_term_is_passed_verbatim() -> None:
    # a human seat in the students' config: their choose_move(_, human, _)
    # would read/1, and the arena never calls it with that level
    game = load_game_file(str(HEXAPAWN), config="config(human, 2)")
    assert str(game.initial_state()) == "game([w,w,w,e,e,e,b,b,b],white,[human,2])"


def test_read_in_game_code_sees_an_empty_input() -> None:
    # play/0 reads a menu choice; the contract never calls it, but a rule
    # that reads gets end_of_file at once instead of blocking
    game = load_game_file(str(FILES / "course_variants.pl"))
    state = game.initial_state()
    assert state.valid_moves() == ["1", "2"]          # valid_moves/3 with the player
    assert state.choose_move(4) == "1"                 # choose_move/4 with the player
    assert state.display(color=False) == "total 0, a to move\n"   # display_game/2


def test_winner_maps_through_the_adapter() -> None:
    game = pybridge.load_game(str(HEXAPAWN))
    state = game.initial_state()
    for move in ("m(2,5)", "m(7,5)", "m(1,4)", "m(5,2)"):
        state = state.move(move)
    assert state.game_over() == "black"                # the students' b


def test_builtin_id_still_first() -> None:
    with pytest.raises(ValueError, match="a game file is named by its path"):
        pybridge.load_game("nim")


@pytest.mark.parametrize("name, words", [
    ("load_goal.pl", ["initialization/1 runs a goal at load time"]),
    ("load_directive.pl", ["directive shell", "runs a goal at load time"]),
    ("unsafe.pl", ["valid_moves/2 is not safe", "shell"]),
])
def test_outside_a_jail_unsafe_files_are_refused_without_running(
        name: str, words: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # isolation none: library(sandbox)'s proof is the only wall, as before
    monkeypatch.setenv(sandbox.ENV, "none")
    PWNED.unlink(missing_ok=True)
    with pytest.raises(GameFileError) as caught:
        load_game_file(str(FILES / name))
    for word in words:
        assert word in str(caught.value)
    assert f"{FILES / name}" in str(caught.value)
    assert not PWNED.exists()


def test_in_the_jail_a_shell_call_runs_nothing_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    # in the jail the file may call what Prolog offers; there is no shell
    # to run and no writable /tmp of the referee's
    PWNED.unlink(missing_ok=True)
    monkeypatch.setenv(sandbox.ENV, "bwrap")
    if sandbox.bwrap_problem() is not None:    # no bubblewrap here: game files are refused, saying why
        with pytest.raises(sandbox.IsolationError, match="bubblewrap"):
            load_game_file(str(FILES / "unsafe.pl"))
        return
    with pytest.raises(GameFileError, match="load_goal.pl (could not be loaded|refused)"):
        load_game_file(str(FILES / "load_goal.pl"))
    game = load_game_file(str(FILES / "unsafe.pl"))
    with pytest.raises(GameRuleError, match="unsafe: .*valid_moves/2"):
        game.initial_state().valid_moves()
    with pytest.raises(GameFileError, match="load_directive.pl (could not be loaded|refused)"):
        load_game_file(str(FILES / "load_directive.pl"))     # run in the jail, as SICStus runs it
    with pytest.raises(GameFileError, match="load_directive_loop.pl (could not be loaded|refused)"):
        load_game_file(str(FILES / "load_directive_loop.pl"))   # so are a directive's do-loops
    assert not PWNED.exists()


def test_missing_required_predicates_are_named() -> None:
    with pytest.raises(GameFileError, match="lacks current_player/2, game_over/2"):
        load_game_file(str(FILES / "incomplete.pl"))


def test_a_looping_rule_is_stopped_naming_it() -> None:
    game = load_game_file(str(FILES / "loops.pl"))
    with pytest.raises(GameRuleError, match="valid_moves/2 .*(inferences|within)"):
        game.initial_state().valid_moves()


def test_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="does not exist"):
        load_game_file(str(tmp_path / "nothere.pl"))


def test_check_game_finds_the_broken_rules() -> None:
    report = check_game(str(FILES / "broken.pl"), plan=CheckPlan(games=5))
    assert not report.conforms
    text = "\n".join(str(p) for p in report.problems)
    assert re.search(r"valid_moves/2: lists this move more than once( \(seen \d+ times\))? in state s\(0,a\) with move 2", text)
    # a finished game: move/3 still accepts a move listed elsewhere, and
    # the problem says game_over/2 holds there
    assert re.search(r"move/3: accepted a move that valid_moves/2 does not list: game_over/2 "
                     r"holds there \(the game is over\)( \(seen \d+ times\))? in state "
                     r"s\(3,a\) with move 1", text)
    assert re.search(r"move/3: left a choice point( \(seen \d+ times\))? in state s\(0,a\) with move 1", text)


def test_check_game_names_missing_predicates() -> None:
    report = check_game(str(FILES / "incomplete.pl"))
    assert [p.predicate for p in report.problems] == ["current_player/2", "game_over/2"]


@pytest.mark.parametrize("path", [NIM, HEXAPAWN, CONNECT4, FILES / "course_variants.pl"])
def test_examples_conform(path: Path) -> None:
    report = check_game(str(path), plan=CheckPlan(games=5))
    assert report.conforms, [str(p) for p in report.problems]


def _solved_won(game: pybridge.Game, state: pybridge.State, level: int) -> str:
    """Plays ``state`` out with ai:``level`` for its mover against every
    reply; returns the winner reached in the worst line for the mover."""
    me = state.current_player
    frontier = [state]
    while frontier:
        s = frontier.pop()
        if s.is_over():
            if s.game_over() != me:
                return s.game_over() or ""
            continue
        if s.current_player == me:
            frontier.append(s.move(s.choose_move(level)))
        else:
            frontier.extend(s.move(m) for m in s.valid_moves())
    return me


def test_general_ai_never_loses_a_won_nim_position() -> None:
    game = load_game_file(str(NIM), heaps="2-3-4")   # xor 5: the first player wins
    assert _solved_won(game, game.initial_state(), 3) == "first"


def test_general_ai_wins_hexapawn_as_black() -> None:
    # hexapawn is a win for the second player; the adapter's game has a
    # choose_move/3 of its own only for levels 1 and 2
    game = pybridge.load_game(str(HEXAPAWN))
    state = game.initial_state()
    me = "black"
    frontier = [state]
    while frontier:
        s = frontier.pop()
        if s.is_over():
            assert s.game_over() == me, s
        elif s.current_player == me:
            frontier.append(s.move(s.choose_move(3)))
        else:
            frontier.extend(s.move(m) for m in s.valid_moves())


def test_general_ai_beats_random_at_connect_four() -> None:
    # level 3 (0.25 s a move; a win in one taken, a loss in one blocked)
    game = load_game_file(str(CONNECT4))
    wins = 0
    n = 6
    for i in range(n):
        game.seed(i)
        state = game.initial_state()
        me = game.players[i % 2]
        while not state.is_over():
            state = state.move(state.choose_move(3 if state.current_player == me else 1))
        wins += state.game_over() == me
    assert wins >= n - 1, wins


def test_changed_file_is_a_new_game(tmp_path: Path) -> None:
    copy = tmp_path / "nim.pl"
    copy.write_text(NIM.read_text())
    first = load_game_file(str(copy))
    copy.write_text(NIM.read_text().replace("'3-4-5'", "'1-1'"))
    second = load_game_file(str(copy))
    assert first != second and first.file.sha256 != second.file.sha256
    assert str(second.initial_state()) == "nim([1,1],first)"


def test_file_game_ids_never_clash_with_builtins(tmp_path: Path) -> None:
    # a file copy named after a built-in game declares a module of that
    # name: it loads into a module of its own all the same
    copy = tmp_path / "connect4.pl"
    copy.write_text(CONNECT4.read_text().replace("connect4_file", "connect4"))
    game = load_game_file(str(copy))
    assert game.module != "connect4" and pybridge.load_game("connect4").initial_state()
    assert game.initial_state().valid_moves() == [str(c) for c in range(1, 8)]


def test_environment_unchanged() -> None:
    assert os.environ.get("ARENA_GAME_FILE") is None


def test_a_syntax_error_names_its_line(tmp_path: Path) -> None:
    # read by the reader bots share, which names the line of the error
    game = tmp_path / "typo.pl"
    game.write_text(":- module(typo, []).\ninitial_state(_, s).\nplayers([a, b)).\n",
                    encoding="utf-8")
    with pytest.raises(GameFileError, match=re.escape(f"{game}:3: syntax error")):
        load_game_file(str(game))


def test_the_time_limit_of_rule_calls() -> None:
    """tests/gamefile/rule_clock_unit.pl: one alarm for many rule calls stops a
    loop near its time, never cuts a later call short, stops a loop that
    catches every error, and leaves the process free to halt (the plunit
    run ends)."""
    output = run_plunit(HERE / "rule_clock_unit.pl")
    assert "All 8 tests passed" in output, output
