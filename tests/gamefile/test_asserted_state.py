"""Game files that keep part of their state in asserted facts (issue 23):
the pieces of tests/gamefiles/course/asserted_board.pl are piece/3 facts
move/3 asserts, its size a fact arena_setup/1 asserts and
initial_state/2 reads, its level 2 memoises in scored/2 facts. Each state
carries the facts it was made with, so undo, replay, hints and the
general AI's search each see their own state's facts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pybridge.jail import sandbox
from pybridge.errors import GameRuleError, StateTextError
from pybridge.games.game import Game, State, load_game_file
from pybridge.replay import verify
from tests.support.cli import run
from tests.support.paths import TESTS
from tests.support.shell_driver import quiet_shell
from tests.support.says import says

COURSE = TESTS / "gamefiles" / "course"
BOARD = COURSE / "asserted_board.pl"


def board(state: State) -> list[str]:
    """The rows display_game/1 prints, asked of a state made afresh from
    the text (nothing known of it in this process)."""
    fresh = state.game.state_from_text(str(state))
    return fresh.display(color=False).splitlines()[:3]


@pytest.fixture()
def game() -> Game:
    return load_game_file(str(BOARD))


def test_states_carry_their_facts(game: Game) -> None:
    s0 = game.initial_state()
    assert "'$arena_facts'(state(x,0),[board_size/1-[board_size(3)]])" == str(s0)
    s1 = s0.move("1-1")
    s2 = s1.move("2-2")
    assert "piece(1,1,x),piece(2,2,o)" in str(s2)
    # an earlier state, asked after a later one was made, has its own pieces
    assert board(s1) == ["x..", "...", "..."]
    assert "2-2" in game.state_from_text(str(s1)).valid_moves()
    # another line from the start: the square o took in the first is free
    other = s0.move("2-2")
    assert board(other) == ["...", ".x.", "..."]
    assert other != s1 and str(other) != str(s1)
    assert board(s2) == ["x..", ".o.", "..."]


def test_a_game_that_asserts_nothing_keeps_plain_states() -> None:
    game = load_game_file(str(COURSE / "phases-arena.pl"))
    assert "$arena_facts" not in str(game.initial_state())
    assert "$arena_facts" not in str(game.initial_state().move("1"))


def test_search_hints_and_own_levels_leave_the_facts_alone(game: Game) -> None:
    s = game.initial_state().move("1-1").move("2-2")
    before = board(s)
    moves = s.valid_moves()
    assert s.search(0.3) is not None
    assert s.choose_move(3, general=True) in moves
    assert s.choose_move(2) in moves          # the game's own level, memoising
    assert s.choose_move(3) in moves          # a level it lacks: the general AI
    assert board(s) == before
    for move in moves:                        # every move still plays from here
        after = s.move(move)
        assert board(after) != before
    assert board(s.move("1-2")) == ["xx.", ".o.", "..."]


def test_undo_in_the_shell_takes_the_facts_back() -> None:
    shell = quiet_shell()
    shell.execute(f"new {BOARD} --first human --second human")
    shell.execute("1-1")
    shell.execute("2-2")
    shell.execute("undo 1")
    shell.execute("hint")
    shell.execute("2-2")                      # o's square is free again
    shell.execute("3-3")
    match = shell.session.match
    assert match is not None
    assert [ply.move for ply in match.history] == ["1-1", "2-2", "3-3"]
    assert board(match.state) == ["x..", ".o.", "..x"]
    assert "not a valid move" not in shell.out.getvalue()


def test_ai1_against_ai3_then_verify_and_resume(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, out, err = run(["play", str(BOARD), "--first", "ai:1", "--second", "ai:3",
                          "--delay", "0", "--no-color", "--replay", str(log)], capsys)
    assert code == 0, err
    assert "game over" in out
    lines = log.read_text().splitlines()
    assert json.loads(lines[-1])["type"] == "result"
    rebuilt = verify(log)                     # the facts rebuilt by replaying the moves
    assert rebuilt.finished and rebuilt.replay.warnings == ()
    # cut after two moves, resumed against the general AI by name
    moves = [line for line in lines if json.loads(line)["type"] == "move"]
    assert len(moves) >= 5
    cut = lines[:lines.index(moves[1]) + 1]
    short = tmp_path / "r.jsonl"
    short.write_text("\n".join(cut) + "\n")
    code, out, err = run(["resume", str(short), "--no-color", "--second", "mcts:2"], capsys)
    assert code == 0, err
    resumed = verify(short)
    assert resumed.finished and len(resumed.replay.moves) > 2


def test_check_game_passes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check-game", str(BOARD), "--games", "5"], capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out
    says(out, "carry the facts", "board_size/1, piece/3, scored/2")
    code, out, err = run(["check-game", str(COURSE / "undeclared_facts.pl"), "--games", "3"],
                         capsys)
    assert code == 0, out + err
    assert "carry the facts of every dynamic predicate of its module" in out
    code, out, err = run(["check-game", str(COURSE / "phases-arena.pl"), "--games", "2"], capsys)
    assert code == 0 and "carry the facts" not in out


def test_facts_in_a_state_text_are_checked(game: Game) -> None:
    with pytest.raises((StateTextError, GameRuleError)):
        game.state_from_text("'$arena_facts'(state(x,0),[players/1-[players([a,b])]])")
    with pytest.raises((StateTextError, GameRuleError)):
        game.state_from_text("'$arena_facts'(state(x,0),[nothing_of_its/1-[nothing_of_its(1)]])")
    opened = game.state_from_text(
        "'$arena_facts'(state(x,0),[board_size/1-[board_size(3)],"
        "piece/3-['$arena_open'(piece(1,'$arena_var'(0),x))]])")
    assert board(opened)[0] == "xxx"          # piece(1, _, x): all of row 1
    assert opened.game_over() == "x"


def test_a_clause_body_from_a_text_needs_the_jail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(sandbox.ENV, "none")
    game = load_game_file(str(BOARD))
    fact = "piece(1,1,x)"
    rule = "(piece(1,1,x):-true,true)"
    texts = [f"'$arena_facts'(state(o,1),[board_size/1-[board_size(3)],piece/3-[{c}]])"
             for c in (fact, rule)]
    assert board(game.state_from_text(texts[0])) == ["x..", "...", "..."]
    with pytest.raises(StateTextError):
        game.state_from_text(texts[1])
    with pytest.raises(GameRuleError, match="only in a jailed host"):
        game.initial_state().game.engine.state_info(texts[1])


def test_facts_changed_through_call_n_of_an_undeclared_predicate() -> None:
    game = load_game_file(str(COURSE / "undeclared_facts.pl"))
    s0 = game.initial_state()
    s3 = s0.move("3").move("3").move("3")
    assert "total/1-[total(9)]" in str(s3)
    assert game.state_from_text(str(s3)).valid_moves() == ["1"]
    assert game.state_from_text(str(s0)).valid_moves() == ["1", "2", "3"]
    assert s3.search(0.2) is not None
    assert s3.choose_move(3, general=True) == "1"
    assert s3.move("1").game_over() == "b"       # b reached 10
    assert game.state_from_text(str(s0.move("2"))).valid_moves() == ["1", "2", "3"]
