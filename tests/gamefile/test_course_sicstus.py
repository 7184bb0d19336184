"""Course submissions read as SICStus reads them and played to a result
(issue 31): small game files of our own in tests/gamefiles/course/, each
with a pattern real PFL submissions have."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import time
from pathlib import Path

import pytest

import pybridge
from pybridge.errors import GameRuleError

from tests.support.course import (COURSE, last_record, movers, play_logged, played,
                                  plays_to_a_win, proposed, run)
from tests.support.plunit import run_plunit
from tests.support.paths import ROOT
from tests.support.says import says

HERE = Path(__file__).resolve().parent


def test_clpfd_operators_do_loops_and_format_F(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["check-game", str(COURSE / "sicstus_reading.pl"), "--games", "5"],
                         capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out


def test_an_atom_in_arithmetic_is_an_error_when_it_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`diagonal_up >= 4` (a variable written as an atom, in a helper no
    rule calls): SICStus loads the clause and raises only when it runs;
    SWI-Prolog refused the whole file at load time."""
    text = (ROOT / "examples" / "games" / "nim.pl").read_text()
    game = tmp_path / "nim_slip.pl"
    game.write_text(text + "\nlong_line(A, B) :-\n    diagonal_up is A + B - 1,\n"
                           "    diagonal_up >= 4.\n")
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err


def test_a_library_neither_system_has_is_left_as_sicstus_leaves_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`:- use_module(library(det)).`: SICStus says it has no such
    library and loads the rest of the file; so does the arena (it
    refused the whole file). A call of something only such a library
    would give names that predicate when it runs."""
    text = (ROOT / "examples" / "games" / "nim.pl").read_text()
    game = tmp_path / "nim_det.pl"
    game.write_text(":- use_module(library(det)).\n" + text)
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    game.write_text(":- use_module(library(det)).\n" + text.replace(
        "display_game(", "display_game(S) :- det_show(S).\ndisplay_game_old(", 1))
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1 and "det_show/1" in out, out + err


def test_a_library_spec_that_climbs_out_loads_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A student names a file outside the arena as a library
    (`library('../../../../etc/passwd')`), hoping a left-out library's
    message quotes it: nothing is read, nothing of it is printed, and
    the game plays as it would without the line."""
    text = (ROOT / "examples" / "games" / "nim.pl").read_text()
    game = tmp_path / "nim_climb.pl"
    game.write_text(":- use_module(library('../../../../etc/passwd')).\n"
                    ":- ensure_loaded(library('../../../../etc/hostname')).\n" + text)
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    assert "root:" not in out + err


def test_a_power_built_to_be_evaluated_later_is_sicstus_exp(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`Aux = integer(Digit*exp(10, Len)), N is Aux + Rest` (a number read
    digit by digit): SICStus' exp/2 is a power, evaluated when `is/2`
    runs; SWI-Prolog raised "exp/2 is not a function" there."""
    text = (ROOT / "examples" / "games" / "nim.pl").read_text()
    game = tmp_path / "nim_exp.pl"
    game.write_text(text.replace("display_game(", "display_game(S) :-\n"
                                 "    Aux = integer(4*exp(10, 2)), N is Aux + 2,\n"
                                 "    format(\"~w~n\", [N]), display_game_old(S).\n"
                                 "display_game_old(", 1))
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err


def test_minus_then_a_space_is_a_negative_number(capsys: pytest.CaptureFixture[str]) -> None:
    """`side(- 1, blue)` matched against `Q is -P`: SICStus reads `- 1` as
    the number -1 (SWI-Prolog as -(1), and blue never moved)."""
    code, out, err = run(["check-game", str(COURSE / "minus_layout.pl"), "--games", "5"],
                         capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err


def test_a_list_left_open_is_shuffled_as_sicstus_shuffles_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The heap is built by a recursion that leaves its tail unbound
    (`build(_, 0, _)`), then given to random_permutation/2: SICStus ends
    the list there, SWI-Prolog raised an instantiation error."""
    code, out, err = run(["check-game", str(COURSE / "open_tail_board.pl"), "--games", "5"],
                         capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err


def test_a_cyclic_list_shuffled_is_an_error_not_a_hang(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Attack on the SICStus random_permutation/2: a list that is its own
    tail is no list left open; the rule throws and check-game names it."""
    text = (COURSE / "open_tail_board.pl").read_text()
    old = "    random_permutation(All, Counters)."
    assert old in text
    game = tmp_path / "cyclic_board.pl"
    game.write_text(text.replace(old, "    Cyclic = [one|Cyclic], random_permutation(Cyclic, Counters)."))
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code != 0 and "initial_state/2" in out and "list" in out, out + err


def conforms_as_ready_nim(game: Path, lines: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Our Nim with ``lines`` after its players/1 and its current_player/2
    asking their ready/0 first, written to ``game``: check-game finds it
    conforms."""
    text = (ROOT / "examples" / "games" / "nim.pl").read_text()
    opening = "players([first, second]).\n"
    player = "current_player(nim(_, Player), Player)."
    assert opening in text and player in text
    game.write_text(text.replace(opening, opening + lines).replace(
        player, player[:-1] + " :- ready()."))
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err


def test_a_directive_that_calls_the_games_own_code_runs_in_the_jail(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`:- init_random_state.` (the game's own predicate, seeding its
    generator with SICStus' now/1) runs once the file is loaded, as
    SICStus runs it, where
    it used to refuse the whole file; `start() :- ...` and its calls
    `start()` are read as SWI-Prolog 7 reads them (start/0)."""
    conforms_as_ready_nim(tmp_path / "seeded_nim.pl", (
        ":- dynamic seeded/1.\n"
        "init_random_state :- now(T), integer(T), setrand(T), assertz(seeded(yes)).\n"
        ":- init_random_state.\n"
        "ready() :- seeded(yes).\n"), capsys)


def test_directives_run_as_sicstus_runs_them_as_it_reads_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 2018/19 game builds a table in a directive with a do-loop, and
    cleans a memo with `:- abolish(...)` before its clauses (SICStus runs
    a directive as it reads it; the arena once the file is loaded, where
    the abolish wiped the clauses after it); its helper calls SICStus'
    repeat/1 of library(between). The file loads and conforms."""
    conforms_as_ready_nim(tmp_path / "table_nim.pl", (
        ":- use_module(library(between)).\n"
        ":- dynamic weight/2.\n"
        "seed_weight(1, 10).\nseed_weight(2, 20).\n"
        ":- findall(N-W, seed_weight(N, W), Ws),\n"
        "   ( foreach(N-W, Ws) do W2 is W * 2, assertz(weight(N, W2)) ).\n"
        ":- abolish(memo/1).\n"
        ":- dynamic memo/1.\n"
        "memo(kept).\n"
        "ready() :- weight(2, 40), memo(kept), findall(x, repeat(3), [x, x, x]).\n"), capsys)


def test_a_generator_seeded_through_sicstus_state_of_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 2018/19 game seeds its generator by taking SICStus' state of it
    apart (`getrand(random(X, Y, Z, _)), setrand(random(S, X, Y, Z))`):
    SWI-Prolog's state is another term, and its play/0 failed at once."""
    conforms_as_ready_nim(tmp_path / "seeded_state_nim.pl", (
        ":- use_module(library(random)).\n"
        "ready() :- now(T), S is T mod 30269, getrand(random(X, Y, Z, _)),\n"
        "    setrand(random(S, X, Y, Z)), random(R), R < 1.\n"), capsys)


def test_read_line_reads_a_line_as_sicstus_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """SICStus' built-in read_line/1 (a line as codes) reads the menu and
    the moves of a loop the arena plays (three fresh 2019/20 games read
    all their input so)."""
    text = (COURSE / "loop_no_machine_mode.pl").read_text()
    for old in ("    read(Option),\n", "    read(Take),\n"):
        assert old in text
    var = {"    read(Option),\n": "Option", "    read(Take),\n": "Take"}
    for old, name in var.items():
        text = text.replace(old, f"    read_line(Codes), number_codes({name}, Codes),\n")
    adapter = proposed("read_line_game.pl", tmp_path, capsys, text)
    assert "arena_loop(play, prompted(typed))." in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_sicstus_reading_plays_and_displays(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, out = play_logged("sicstus_reading.pl", log, capsys)
    assert code == 0, out
    assert "a to move, 1.00 of the row" in out       # ~2F, as SICStus prints it
    assert "0 0 0 0" in out                           # a foreach loop's output
    assert last_record(log)["type"] == "result"
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0 and "valid" in out, out + err


def test_escapes_sicstus_reads_are_read_as_it_reads_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A banner with a backslash before a space and before "|": SICStus
    reads the clause (the space dropped, the "|" alone), so nothing is
    left out and the banner is shown as SICStus shows it; log(2, X) and
    exp(X, 2) are computed as SICStus computes them."""
    code, out, err = run(["check-game", str(COURSE / "sicstus_escapes.pl"), "--games", "3"],
                         capsys)
    assert code == 0 and "left out" not in out, out + err
    code, out = play_logged("sicstus_escapes.pl", tmp_path / "game.jsonl", capsys)
    assert code == 0, out
    assert "  __ _|_ __|" in out and " |__) | |  |_ " in out, out
    assert "3 taken (2.00 bits, 9.0 squared), b to move" in out, out


def test_sicstus_loads_reach_nothing_outside_the_games_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """reconsult/1, compile/1 and load_files/2 as a student who wants more:
    a file outside the folder is not there (left out, as SICStus leaves
    a missing file), load_files/2's options are not obeyed, a file named
    by a variable refuses the game."""
    (tmp_path / "secret.pl").write_text("other(a, a).\n")
    folder = tmp_path / "game"
    folder.mkdir()
    parts = (COURSE / "split_loads").glob("*.pl")
    for part in parts:
        (folder / part.name).write_text(part.read_text())
    game = folder / "game.pl"
    game.write_text(":- load_files('/etc/passwd', []).\n:- compile('../secret.pl').\n"
                    ":- load_files(screen, [stream(user_input), redefine_module(true)]).\n"
                    + game.read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    says(out, "no file", "'/etc/passwd'")
    says(out, "no file", "'../secret.pl'")
    game.write_text(":- reconsult(_).\n" + game.read_text())
    code, out, err = run(["check-game", str(game)], capsys)
    assert code == 2, out + err
    says(out + err, "game.pl:1", "named by a variable")


def test_a_game_in_folders_loads_from_its_submissions_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """model/game.pl includes '../Control/rules.pl' (the folder is
    control/), which includes 'turns.pl' beside it: run from the
    submission's folder, files above the game file's own folder load and
    a name that differs in case names the file, as SICStus on Windows or
    macOS reads them; run from model/, nothing above it is read."""
    monkeypatch.chdir(COURSE / "split_folders")
    code, out, err = run(["check-game", "model/game.pl", "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    plays_to_a_win(Path("model/game.pl"), tmp_path / "game.jsonl", capsys)
    shutil.copytree(COURSE / "split_folders", tmp_path / "copy")
    monkeypatch.chdir(tmp_path / "copy" / "model")
    code, out, err = run(["check-game", "game.pl"], capsys)
    assert code == 1, out + err
    says(out, "no file", "'../Control/rules.pl'")
    assert ("the folder arena runs in; run arena from a folder that holds the whole game "
            f"({tmp_path / 'copy'})") in out, out


def test_rule_throwing_mid_game_is_a_logged_no_contest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, out = play_logged("throws_mid_game.pl", log, capsys)
    assert code == 0, out
    says(out, "No contest", "broken", "s(4,a)")
    assert "move/3 threw" in out and "no_such_step/3" in out
    record = last_record(log)
    assert record["termination"] == "broken_rule"
    assert record["winner"] == "draw"
    assert record["detail"] in ("1", "2")             # the move being applied
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 0 and "no contest" in out, out + err



def test_an_empty_random_range_fails_as_under_sicstus(
        capsys: pytest.CaptureFixture[str]) -> None:
    """random(0, 0, B) in a SICStus game's move/3, its failure handled:
    SICStus' random/3 fails there, so the game conforms and plays, where
    SWI-Prolog's random/3 would raise a domain error."""
    code, out, err = run(["check-game", str(COURSE / "empty_random_range.pl"), "--games", "3"],
                         capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    assert "sicstus4" in out


def test_a_files_own_random_is_the_one_called() -> None:
    """The file defines random/3 itself: its calls, one over bounds
    written in the clause too, are its own, not a draw of the arena's."""
    game = pybridge.load_game(str(COURSE / "own_random.pl"))
    assert "lucky 0" in game.initial_state().display(color=False)


def test_a_fact_only_its_menu_asserts_is_dynamic(capsys: pytest.CaptureFixture[str]) -> None:
    """move/3 asks human/1, which only the game's menu asserts (after its
    retractall/1, which makes it exist under SICStus) and the file never
    declares: called without the menu it fails, not throws, and the game
    conforms and plays."""
    code, out, err = run(["check-game", str(COURSE / "seat_facts.pl"), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    assert "Unknown procedure" not in out


def broken_rule_reason(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """The reason of the no-contest a game of ours ends in, random
    against mcts:3."""
    log = tmp_path / "game.jsonl"
    code, out = play_logged(name, log, capsys)
    assert code == 0, out
    record = last_record(log)
    assert record["termination"] == "broken_rule", record
    return str(record["reason"])


def test_a_rule_that_throws_in_a_helper_names_the_helper(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """move/3 throws two calls down, in a helper whose clause is its
    last call (gone from the stack as it ran): the no-contest names that
    helper and its call, found by running the rule again with every
    frame kept."""
    reason = broken_rule_reason("throws_in_helper.pl", tmp_path, capsys)
    assert re.search(r"move/3 threw: .*Arguments are not sufficiently instantiated "
                     r"\(in bonus/2, called as bonus\([34],_\)\)", reason), reason


def test_a_listing_that_throws_is_named_as_the_student_wrote_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """move/3 lists the moves again and valid_moves/2 throws in its own
    clause: the game host loads its clauses under another name (to keep
    a state's list during a search), and the no-contest names the rule
    valid_moves/2 as written."""
    reason = broken_rule_reason("throws_in_listing.pl", tmp_path, capsys)
    assert "$arena" not in reason, reason           # was: (in $arena_valid_moves/2, ...)
    says(reason, "valid_moves/2", "threw", "is/2", "not sufficiently instantiated")
    assert "(in " not in reason, reason             # the rule itself: no helper to name


def test_a_rule_that_loops_when_run_again_still_ends_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game that throws, and spins for ever when it sees itself run
    again to find where: the run again is bounded, the no-contest names
    the error without a place, and the host is never killed."""
    reason = broken_rule_reason("rerun_spins.pl", tmp_path, capsys)
    assert "move/3 threw: " in reason and "not sufficiently instantiated" in reason, reason
    assert "(in " not in reason and "did not answer" not in reason, reason


def test_a_rule_that_loops_names_where_the_loop_was_busy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2 reaches a helper that counts up for ever: the rule
    runs out of inferences, and is run again for a fifth of a second to
    see which of the student's predicates the loop is in."""
    reason = broken_rule_reason("loops_in_helper.pl", tmp_path, capsys)
    assert re.search(r"valid_moves/2 used more than 50,000,000 inferences \(a loop\? it was "
                     r"in takes_left/3\)", reason), reason
    code, out, err = run(["check-game", str(COURSE / "loops_in_helper.pl"), "--games", "2"],
                         capsys)
    assert code == 1 and "(a loop? it was in takes_left/3)" in out, out + err

def test_forged_no_contest_is_refused(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, _ = play_logged("throws_mid_game.pl", log, capsys)
    lines = log.read_text().splitlines()
    moves = [ln for ln in lines if json.loads(ln)["type"] == "move"]
    # the same no-contest claimed one move earlier, where every rule answers
    forged = [ln for ln in lines if ln not in (moves[-1], lines[-1])] + [lines[-1]]
    log.write_text("\n".join(forged) + "\n")
    code, out, err = run(["verify", str(log)], capsys)
    assert code == 1, out + err
    assert "a no-contest for a broken rule" in out + err


def test_broken_display_does_not_stop_the_game(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, out = play_logged("broken_display.pl", log, capsys)
    assert code == 0, out
    says(out, "no board", "broken_display", "display_game/1", "threw")
    assert "b (mcts:3) wins" in out
    assert last_record(log) == {"type": "result", "winner": "b", "reason": "win"}


def test_students_syntax_error_is_named_with_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As SICStus' consult, the clause with the error is skipped and the
    rest loads; check-game names the clause's line, and what the file
    then lacks (on a copy: the adapter it proposes is written beside it)."""
    game = tmp_path / "syntax_slip.pl"
    game.write_text((COURSE / "syntax_slip.pl").read_text())
    code, out, err = run(["check-game", str(game)], capsys)
    assert code == 1, out + err
    assert re.search(r"left out: .*syntax_slip\.pl:4: syntax error: .* \(the clause skipped, "
                     r"as SICStus skips it\)", out), out
    says(out, "current_player/2", "required", "not define")
    assert "refused" not in out + err


def test_a_load_written_as_a_fact_is_named_and_the_rest_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`include('rules.pl').` with its `:-` left out is a clause for a
    built-in: SICStus leaves it out and goes on, so the rules it names
    are not loaded; check-game says so at its line. A harmless one
    (`use_module(library(lists)).`) costs the game nothing."""
    nim = (ROOT / "examples" / "games" / "nim.pl").read_text()
    (tmp_path / "rules.pl").write_text(nim)
    game = tmp_path / "game.pl"
    game.write_text("include('rules.pl').\n")
    code, out, err = run(["check-game", str(game), "--games", "2", "--time", "20"], capsys)
    assert code == 1, out + err
    assert re.search(r"left out: .*game\.pl:1: include\('rules\.pl'\) is a fact, not a "
                     r"directive: 'rules\.pl' is not loaded \(a directive is written "
                     r"`:- include\('rules\.pl'\)\.`\)", out), out
    says(out, "initial_state/2", "required", "not define")
    # `arena play` on it says why too, not only what is missing
    code, out, err = run(["play", str(game), "--first", "random", "--second", "random"], capsys)
    assert code != 0
    says(out + err, "lacks", "include('rules.pl') is a fact, not a directive")
    harmless = tmp_path / "nim_lists.pl"
    harmless.write_text(nim + "\nuse_module(library(lists)).\n")
    code, out, err = run(["check-game", str(harmless), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    says(out, "left out:", "use_module(library(lists)) is a fact")
    # one as long as a student may make it is named, bounded, and loads no slower
    huge = tmp_path / "nim_huge.pl"
    huge.write_text("consult('" + "a" * 2_000_000 + "').\n" + nim)
    code, out, err = run(["check-game", str(huge), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out[:2000] + err
    says(out, "left out:", "consult(aaaa", "...")
    assert max(len(line) for line in out.splitlines()) < 600


def test_prefix_operator_as_atom_reads_as_sicstus_reads_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`initialization :- ...` and `dynamic.` as clauses: SICStus takes a
    prefix operator with no operand for an atom, so the game loads."""
    code, out, err = run(["check-game", str(COURSE / "init_clause.pl"), "--games", "3"], capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out


def test_sicstus_text_reads(capsys: pytest.CaptureFixture[str]) -> None:
    """A comment holding /*, an unbound comparison SWI-Prolog's compiler
    refuses, a plunit block: SICStus loads it, so does the arena."""
    code, out, err = run(["check-game", str(COURSE / "sicstus_text.pl"), "--games", "3"], capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out


def test_menu_answered_gives_the_first_state(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "keyboard_size.pl"
    game.write_text((COURSE / "keyboard_size.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, out + err
    adapter = tmp_path / "keyboard_size-arena.pl"
    says(out, "adapter proposed", adapter, "passes check-game")
    text = adapter.read_text()
    says(text, "GUESS", "first state", "play/0")
    assert "arena_initial_state(_, s([e, e, e, e, e, e], x))." in text  # "Size (3-6)": 6
    code, out, err = run(["check-game", str(adapter), "--games", "3"], capsys)
    assert code == 0, out + err


def test_keyboard_loop_is_named_within_the_rules_limit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "keyboard_only.pl"
    game.write_text((COURSE / "keyboard_only.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3", "--time", "60"], capsys)
    assert code == 1, out + err
    assert ("no adapter proposed: initial_state/2 did not answer within 5 s: it waits for "
            "the keyboard") in out
    assert "checked:  no game played" in out
    assert "--config" not in out.split("adapter:")[1]
    assert not (tmp_path / "keyboard_only-arena.pl").exists()


def test_moves_by_move_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "free_moves.pl"
    game.write_text((COURSE / "free_moves.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    assert code == 1, out + err
    adapter = tmp_path / "free_moves-arena.pl"
    says(out, "adapter proposed", adapter, "passes check-game")
    assert "GUESS: the game has no valid_moves: the moves move/3 itself gives" in \
        adapter.read_text()
    plays_to_a_win(adapter, tmp_path / "game.jsonl", capsys)


def test_slips_sicstus_loads_past(capsys: pytest.CaptureFixture[str]) -> None:
    """A full stop for a comma, a clause for =/2, `:- play.`: SICStus
    reports each and loads the rest; so does the arena."""
    code, out, err = run(["check-game", str(COURSE / "past_slips.pl"), "--games", "3"], capsys)
    assert code == 0, out + err
    says(out, "left out:")
    says(out, "play/0", "entry point")


def test_play_without_adapter_says_what_to_do(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "take_stones.pl"
    game.write_text((COURSE / "take_stones.pl").read_text())
    argv = ["play", str(game), "--first", "random", "--second", "random", "--delay", "0"]
    code, out, err = run(argv, capsys)
    assert code == 2
    from pybridge.invocation import command_line

    assert f"{command_line('check-game', str(game))} proposes one (take_stones-arena.pl)" \
        in out + err
    (tmp_path / "take_stones-arena.pl").write_text("% mine\n")
    code, out, err = run(argv, capsys)
    assert code == 2
    assert f"its adapter {tmp_path / 'take_stones-arena.pl'} lies beside it" in out + err


def test_loads_in_one_directive_and_sicstus_flags(capsys: pytest.CaptureFixture[str]) -> None:
    """`?- consult(a), use_module(...)`, `:- ensure_loaded(b), play.`,
    `:- compile(c)`, `:- reconsult(d)` and
    `:- prolog_flag(syntax_errors, _, dec10)`: each part is read as SICStus
    reads it, the entry point left out."""
    code, out, err = run(["check-game", str(COURSE / "split_loads" / "game.pl"),
                          "--games", "3"], capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out
    says(out, "game.pl:8", "play/0", "not run")
    assert "game.pl:18: play/0" in out and "clear_screen" not in out


def test_the_proposal_stops_at_its_own_deadline() -> None:
    """tests/gamefile/propose_deadline_unit.pl: the proposal's search stops at its
    deadline even where every call is inside a catch-all (the time limit
    the host put round it was swallowed so, and the host was killed at
    60 s with no reason given)."""
    output = run_plunit(HERE / "propose_deadline_unit.pl")
    assert "All 3 tests passed" in output, output


def test_a_winner_none_means_the_game_goes_on(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """game_over(_, none) while the game goes on: the proposed adapter
    lists moves and takes moves there (it said no move in the first state
    and failed its own check)."""
    game = tmp_path / "none_winner.pl"
    game.write_text((COURSE / "none_winner.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    adapter = tmp_path / "none_winner-arena.pl"
    says(out, "adapter proposed", adapter, "passes check-game")
    plays_to_a_win(adapter, tmp_path / "game.jsonl", capsys)


def test_moves_that_move_never_takes_are_named(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2 lists From-To, move/3 takes go(From, To) without its
    head saying so: the reason says the two disagree (it said no place
    alternates)."""
    game = tmp_path / "move_shapes_hidden.pl"
    game.write_text((COURSE / "move_shapes_hidden.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "2"], capsys)
    assert code == 1, out + err
    assert ("no adapter proposed: move/3 takes none of the first moves valid_moves/2 lists "
            "in the first state (1-2 among them)") in out, out + err
    assert not (tmp_path / "move_shapes_hidden-arena.pl").exists()


def test_moves_listed_in_another_shape_are_recast_as_move_takes_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2 lists ((Row, From), (Row, To)), move/3's head takes
    move(From, To): the adapter lists each move in move/3's shape, and a
    game plays to a result that verifies."""
    adapter = proposed("move_shapes_differ.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_recast((A, B), move(A, B))." in text
    assert "arena_valid_moves(" in text
    out, _ = played(adapter, tmp_path / "game.jsonl", capsys, players=("white", "black"))
    assert re.search(r"white plays move\(\(1,\d\),\(1,\d\)\)", out), out


def test_the_first_state_is_what_initial_state_gives_its_loop(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """initial_state/1 reads the goal at the keyboard; play/0 then waits
    for a word and calls no rule: the proposal takes the state
    initial_state/1 gave the loop (it found none before)."""
    game = tmp_path / "own_display_loop.pl"
    game.write_text((COURSE / "own_display_loop.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    adapter = tmp_path / "own_display_loop-arena.pl"
    says(out, "adapter proposed", adapter, "passes check-game")
    assert "arena_initial_state(_, race(0, 5, white))." in adapter.read_text()
    plays_to_a_win(adapter, tmp_path / "game.jsonl", capsys)


def test_a_helper_named_as_a_library_predicate(capsys: pytest.CaptureFixture[str]) -> None:
    """is_digit/1 of the file's own, passed to maplist/2 above its
    definition: the optimised compile imported library(ctypes)' one and
    then refused the file's definition."""
    code, out, err = run(["check-game", str(COURSE / "own_is_digit.pl"), "--games", "2"], capsys)
    assert code == 0, out + err
    assert "conforms to the game contract" in out


def test_a_rule_that_throws_in_the_trials_is_named(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2 calls a helper the file never defines: the reason
    for no adapter names the rule and its error, not only the symptom."""
    game = tmp_path / "throws_in_valid_moves.pl"
    game.write_text((COURSE / "throws_in_valid_moves.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "2"], capsys)
    assert code == 1, out + err
    assert "no adapter proposed:" in out, out + err
    says(out, "trials", "valid_moves/2", "threw")
    says(out, "Unknown procedure", "may_take/2")
    assert not (tmp_path / "throws_in_valid_moves-arena.pl").exists()


def test_an_initial_state_that_throws_is_named(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """initial_state/2 calls a helper the file never defines: the reason
    names the rule and its error, not only that no config gave a state."""
    game = tmp_path / "throws_in_initial_state.pl"
    game.write_text((COURSE / "throws_in_initial_state.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "2"], capsys)
    assert code == 1, out + err
    says(out, "trials", "initial_state/2", "threw")
    says(out, "Unknown procedure", "halves/2")
    assert "--config" not in out, out + err     # no config defines a missing helper


def test_the_time_budget_holds_within_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    """One position's 40 moves take 0.3 s each: the budget is looked at
    before each rule call, not only between positions, and the output
    says that only a part was checked."""
    start = time.monotonic()
    code, out, err = run(["check-game", str(COURSE / "slow_moves.pl"), "--time", "2",
                          "--games", "1"], capsys)
    took = time.monotonic() - start
    says(out, "checked:", "part of 1 random game")
    says(out, "time budget", "2.0 s")
    assert "conforms to the game contract in the part checked" in out, out + err
    assert took < 20, took          # a whole position alone is 36 s of moves


def test_many_answers_of_valid_moves_beside_the_state(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """player_beside.pl with a valid_moves/3 of hundreds of answers (each
    free cell kept or dropped, the full list first, then a last clause
    giving []): the adapter asks for the first, as the game's loop does,
    so no position is a draw and no search runs through them all."""
    text = (COURSE / "player_beside.pl").read_text()
    listing = "valid_moves(Board, _Player, Moves) :-\n    findall(I, nth1(I, Board, 0), Moves).\n"
    many = ("valid_moves(Board, _Player, Moves) :-\n    findall(I, nth1(I, Board, 0), Free),\n"
            "    some(Free, Moves).\nvalid_moves(_, _, []).\n\nsome([], []).\n"
            "some([X|Xs], [X|Ys]) :- some(Xs, Ys).\nsome([_|Xs], Ys) :- some(Xs, Ys).\n")
    assert listing in text and "initial_state([0, 0, 0, 0, 0, 0, 0])." in text
    text = text.replace(listing, many).replace("initial_state([0, 0, 0, 0, 0, 0, 0]).",
                                               "initial_state([0, 0, 0, 0, 0, 0, 0, 0, 0]).")
    adapter = proposed("beside_many_answers.pl", tmp_path, capsys, text)
    assert "once(valid_moves(" in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_star_columns_counted_by_an_expression(capsys: pytest.CaptureFixture[str]) -> None:
    """format("~*c", [Indent*2, 0' ]) draws as SICStus draws it."""
    code, out, err = run(["check-game", str(COURSE / "star_columns.pl"), "--games", "3"],
                         capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    game = pybridge.load_game(str(COURSE / "star_columns.pl"))
    assert game.initial_state().move("2").display(color=False).startswith("    |||||")


def test_format_calls_as_swi_prolog_8_ran_them(capsys: pytest.CaptureFixture[str]) -> None:
    """More arguments than a format takes, and a number for its text,
    written in the clause, computed, or in a goal passed to the game's
    own predicate: SWI-Prolog 8 ran them, and so does the arena."""
    game_file = COURSE / "swi8_formats.pl"
    code, out, err = run(["check-game", str(game_file), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    state = pybridge.load_game(str(game_file)).initial_state()
    assert state.display(color=False) == "Heap: 5 left\n| To take: ann |\n7\n"
    assert state.move("2").display(color=False).startswith("Heap: 3 left\n| To take: bob |")


def test_a_predicate_a_later_file_defines_again_is_the_later_files(
        capsys: pytest.CaptureFixture[str]) -> None:
    """utils.pl defines take_options/2 and other/2, and game.pl defines
    them again after consulting it: SICStus and SWI-Prolog keep game.pl's
    clauses only. The clauses of an included file are the includer's."""
    game_file = COURSE / "redefined" / "game.pl"
    code, out, err = run(["check-game", str(game_file), "--games", "3"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    state = pybridge.load_game(str(game_file)).initial_state()
    assert state.valid_moves() == ["1", "2", "3"]
    assert state.display(color=False) == "9 stones, Ann to take\n"
    assert state.move("3").display(color=False) == "6 stones, Bob to take\n"


def test_a_log_on_the_students_desktop_is_kept_in_memory(capsys: pytest.CaptureFixture[str]) -> None:
    """move/3 appends to a file on the student's desktop, which the jail
    cannot open, and display_game/1 reads it back: the file is kept in
    memory and the game plays on."""
    code, out, err = run(["check-game", str(COURSE / "desktop_log.pl"), "--games", "3"],
                         capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    state = pybridge.load_game(str(COURSE / "desktop_log.pl")).initial_state()
    assert "(0 moves logged)" in state.display(color=False)
    assert "(2 moves logged)" in state.move("1").move("2").display(color=False)


def test_the_length_of_a_term_that_is_no_list_fails(capsys: pytest.CaptureFixture[str]) -> None:
    """display_game/1's first clause asks the length of Board-Player:
    SICStus' length/2 fails there and the second clause draws it."""
    code, out, err = run(["check-game", str(COURSE / "length_of_a_pair.pl"), "--games", "3"],
                         capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    game = pybridge.load_game(str(COURSE / "length_of_a_pair.pl"))
    assert game.initial_state().display(color=False).startswith("7 cells\nann to take")


def test_player_beside_the_state_is_proposed_and_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/3 and move/4 take the player, the loop keeps whose
    turn it is: the adapter keeps s(Board, Player) and plays to the end."""
    adapter = proposed("player_beside.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_player(1, player1)." in text and "arena_player(2, player2)." in text
    assert "move(A, B, C, D)" in text                  # the game's own move/4, player second
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_colour_winners_and_the_player_written_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Board-Player-Next: the player to move is the place written first;
    game_over/2's colours are mapped by the game's player_colour/2 fact."""
    adapter = proposed("colours_and_next.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "current_player(_-A-_, A)." in text
    assert "arena_winner(red, player1)." in text and "arena_winner(blue, player2)." in text
    played(adapter, tmp_path / "game.jsonl", capsys, second="random")


def test_a_loops_random_floats_are_the_arenas_decisions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its computer players pick with random/1 (a float, scaled and
    floored): each such pick is a decision among ten slices of (0, 1),
    so the arena's players choose every take, each of 1 to 3 reached."""
    adapter = proposed("loop_float_picks.pl", tmp_path, capsys)
    assert "arena_loop(play, prompted(auto))." in adapter.read_text()
    takes: set[str] = set()
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        assert f"Player {winner[-1]} wins!" in out, out
        takes |= set(re.findall(r"Player \d takes (\d)\.", out))
    assert takes == {"1", "2", "3"}, takes


def test_a_wide_random_range_and_a_menu_after_one_space(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its menu's keys are followed by one space ("3 COMPUTER VS
    COMPUTER"), and its computer players pick with random/3 over up to
    90 moves: every pick, the first ones too, is a move of the arena's
    players, so the turns keep their order and the winner is the one
    the loop names."""
    adapter = proposed("loop_wide_random.pl", tmp_path, capsys)
    text = adapter.read_text()
    says(text, "answers", "before the first move", ": 3")
    assert "arena_loop_names('1', '2')." in text
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        assert f"The winner is player {winner[-1]}" in out, out


def test_a_legend_written_before_every_pick_hides_no_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Both players' points are written before every pick, so both
    colours are in every text; without those lines, the move each text
    reports ("white played 2") names the players, and the winner is the
    one the loop congratulates."""
    adapter = proposed("loop_static_legend.pl", tmp_path, capsys)
    assert "arena_loop_names(white, black)." in adapter.read_text()
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys)
        colour = {"player1": "white", "player2": "black"}[winner]
        assert f"Congratulations {colour}, you won" in out, out


def test_a_game_only_its_loop_knows_is_played_through_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No contract predicate at all: the adapter drives play/0, computer
    against computer, each random pick a move; the words before each
    player's picks name the players; a game verifies."""
    adapter = proposed("loop_only.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop(play, prompted(auto))." in text
    says(text, "answers", "before the first move", ": 3")
    assert "arena_loop_names('1', '2')." in text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert "30 sticks left. Player 1 to take." in out        # the loop's own display
    assert f"Player {winner[-1]} wins!" in out                 # the loop's text names it


def test_a_loop_question_gets_the_answers_a_person_would_try() -> None:
    """tests/gamefile/loop_prompt_unit.pl: menus, ranges, yes or no, letters in
    brackets, words, quoted words, pointers, bounds ("greater than 7"),
    options side by side (`"1." Human / "2." Bot`): computer against
    computer first, leaving never; a key after a line that asks nothing
    is a pause; quitting in play never; a board's lines are no words; a
    seat's number in the question ("CPU 2 level") is no answer; a level
    called random first, though its rival names the bot (LYNGK, 2017/18);
    labels that name each side's colour in brackets ("BOT    (W) vs BOT
    (B)") are one option each, not options keyed W and B; a range the
    question names over a legend's letters ("Hexagon between 1 and 7:"
    under "B - Blue"); a range of letters said in Portuguese ("(A a H)");
    a column asked under a legend that quotes the marks."""
    output = run_plunit(HERE / "loop_prompt_unit.pl")
    assert "All 98 tests passed" in output, output


def test_a_loop_is_not_started_at_its_restart() -> None:
    """tests/gamefile/entry_points_unit.pl: 4mation (2021/22) leaves an
    unused `restart :- ..., start.` whose start/0 it never wrote; taken
    for an entry point, its unknown start/0 headed the reason no adapter
    was proposed. play/0 first, then a name that starts a game, never
    one that starts it again; where no name says so (Ploy, 2016/17:
    ploy/0 in Game.pl), the uncalled one that reaches the most. A start
    that its own screens call again (LYNGK, 2017/18: init/0, called from
    its rules' "Enter to go back") is still a start; a screen of play/0's
    own is not, nor display_board/0 ("play" in its name)."""
    output = run_plunit(HERE / "entry_points_unit.pl")
    assert "All 5 tests passed" in output, output


def test_the_proposals_wrappers_are_put_on_once_and_never_taken_off() -> None:
    """tests/gamefile/wrap_once_unit.pl: the proposal's wrappers of a
    game's valid_moves/2 and move/3 act only inside their search and
    stay on after it; taking them off (unwrap_predicate/2) left the host
    of Blinq (2024/25) to crash with a segmentation fault in one
    proposal of four."""
    output = run_plunit(HERE / "wrap_once_unit.pl")
    assert "All 2 tests passed" in output, output


def test_loop_runs_are_kept_alive_between_moves() -> None:
    """tests/gamefile/loop_live_unit.pl: a game played move by move starts its
    loop once; a search's run leaves the played game's run and its facts
    as they were; an empty random range fails, as under SICStus."""
    output = run_plunit(HERE / "loop_live_unit.pl")
    assert "All 6 tests passed" in output, output


def test_how_a_loops_end_is_read_when_its_answers_run_out() -> None:
    """tests/gamefile/loop_over_unit.pl: a loop that reads past its answers in the
    middle of a game, no end said, ends no game; one that does so after
    saying a draw is a draw; a winner named in a terminal's colours is
    read through them; a line saying whose turn it is names no winner,
    and an end said in no word (drawn in letters of $) is no end; a pick
    inside the game's own catch-all still stops the run; a winner named
    by the number in a player's name ("PC 1") is that player, and names
    that share a word ("white 1", "black 1") by the words each has alone;
    a winner named by a side in the plural ("Blacks won") whose moves
    were no picks is no guess at the last to pick, and the proposal says
    that every pick followed the other side's name; where both players
    won, then a pick that writes nothing (a new board) came before
    play/0 was called again, that game is a draw; a winner drawn in art
    by a call of the game's that says "win" is the one its argument
    (`showWinner(white)`) or its name (`playerOneWins`) says, also where
    that call fails once it has drawn (not where a check that answered
    is failed back into after others wrote); a banner that says a win
    alone ("\\\\\\ Winner ///") names its winner in the name alone
    beside it ("Player1", by the number in the players' names); a winner
    named by a symbol ("X Wins the Game!") is the player whose name the
    game's code ties to that symbol (`symbol('Black', S) :- S = 'X'.`);
    a winner named by a player's number that the players' names do not
    tell ("PLAYER 2 WON!", names "3" and "move c") is no guess, and one
    joined to a letter ("Player P1 wins!!") is read as that number; a draw over
    10^12 numbers, or a score over bounds written in the clause, is no
    pick; a winner said before the loop throws or runs on past its time
    is the winner, and a tie drawn in art by `display_tie/1` a draw; the
    time a search stopped at its limit advises is more than it was given;
    past three quarters of its time only the typed way goes on; a stop
    the game sets back still holds."""
    output = run_plunit(HERE / "loop_over_unit.pl")
    assert "All 31 tests passed" in output, output


def test_the_line_that_says_whose_turn_names_the_players() -> None:
    """tests/gamefile/loop_names_unit.pl: where a score line names both
    sides before every pick and a board is written last, the line that
    says whose turn it is names the players; a line of turns that names
    no one leaves them to the other words."""
    output = run_plunit(HERE / "loop_names_unit.pl")
    assert "All 2 tests passed" in output, output


def test_the_moves_a_computer_player_picks_where_it_can_pick_none() -> None:
    """tests/gamefile/picked_unit.pl: a player that draws a cell and
    calls itself again where it is taken lists the free cells; on a
    full board, its last draw refused too, it lists none at once (its
    call of itself went on without end until the rule's limits)."""
    output = run_plunit(HERE / "picked_unit.pl")
    assert "All 2 tests passed" in output, output


def test_a_loop_that_keeps_its_position_in_facts_plays_against_a_search(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The sticks left and whose turn it is live in facts: the search's
    runs and the played game's run each keep their own, and the result
    the loop announces verifies."""
    adapter = proposed("loop_facts.pl", tmp_path, capsys)
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys, second="mcts:3")
    assert "40 sticks left. Computer 1 to take." in out
    assert f"Computer {winner[-1]} wins!" in out


# Course files of our own that only their loop knows, each with the
# answers its menu must get and the words its games print:
# - loop_questions.pl: yes or no, a board size in a range, computer against
#   computer as the sixth of seven options;
# - loop_levels.pl: a menu in columns, both computers' levels asked in the
#   same words, a key awaited with skip_line/0 and a term with read/1
#   between moves (pauses, not questions);
# - loop_boxed.pl: questions inside drawn boxes with nothing after them,
#   numbers read a character at a time and read again without a word when
#   out of range, Enter awaited under a prompt/2 prompt (which a stopped
#   run leaves set);
# - loop_modes.pl: play/0 starts a human game at once and start/0 has the
#   menu, where the mode (both roles in one answer, "P1/P2", roles h or
#   "pc[1/2]") is set before "Play" and the menu comes back after it;
# - loop_key_pause.pl: a key awaited with get_char/1 after each computer's
#   move, no prompt written (a pause, not a question);
# - loop_menu_entry.pl: the menu is menu/0, play/0 starts a human game;
# - loop_player_setup.pl: each player's name, then its kind, both options
#   on one line, asked of each player in the same words.
LOOP_MENUS = [
    ("loop_questions.pl", "n, 7, 6", "arena_loop(play, ", "21 sticks left. Bot 1 to take.",
     "Bot {} wins!"),
    ("loop_levels.pl", "2, 1, 1", "arena_loop(play, ", "25 sticks left. Computer 1 to take.",
     "Computer {} wins!"),
    ("loop_boxed.pl", "1, 20, 3", "arena_loop(play, ", "Computer 1 turn", "Computer {} wins!"),
    ("loop_modes.pl", "2, pc1/pc1, 1", "arena_loop(start, ", "Player 1 to take.",
     "Player {} wins!"),
    ("loop_key_pause.pl", "2", "arena_loop(play, ", "21 sticks left. Computer 1 to take.",
     "Computer {} wins!"),
    ("loop_menu_entry.pl", "2", "arena_loop(menu, ", "15 sticks left. Player 1 to take.",
     "Player {} wins!"),
    ("loop_player_setup.pl", "alpha, 0, bravo, 0", "arena_loop(play, ",
     "17 sticks left. Player 1 to take.", "Player {} wins!"),
]


@pytest.mark.parametrize(("name", "answers", "entry", "seen", "won"), LOOP_MENUS)
def test_a_loop_menu_is_answered_from_what_it_asks(
        name: str, answers: str, entry: str, seen: str, won: str,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each question is answered from its text, the loop is driven from
    the entry that shows the menu, and a game is played at the easy
    level the menu offers to a result that verifies."""
    adapter = proposed(name, tmp_path, capsys)
    text = adapter.read_text()
    says(text, "answers", "before the first move", f": {answers}")
    assert entry in text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert seen in out
    assert won.format(winner[-1]) in out


def test_the_config_is_the_one_the_games_own_menu_builds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """initial_state/2 takes any config of its shape; the adapter's is the
    one play/0 passed it, its menu answered from what it asks (a width
    from 3 to 9, the names as lines, told apart), not the shape filled in
    with ones."""
    adapter = proposed("menu_config.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert 'arena_config(_, game_config(7, "alpha", "bravo")).' in text
    says(text, "menu answered", "7, alpha, bravo")
    says(text, "config", "play/0", "initial_state/2")
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_a_winner_named_as_the_menu_named_the_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """game_over/2 gives the winner's name, which only the menu's config
    holds: the names the menu was given map to the players, and a game
    ends with a winner that verifies."""
    adapter = proposed("menu_names.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_winner([97, 108, 112, 104, 97], player1)." in text
    assert "arena_winner([98, 114, 97, 118, 111], player2)." in text
    out, winner = played(adapter, tmp_path / "game.jsonl", capsys)
    assert winner in ("player1", "player2") and "No contest" not in out, out


def test_a_game_whose_own_rules_fail_gets_its_adapter_and_a_no_contest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No adapter can mend a move/3 that reaches a helper the game lacks:
    the adapter is kept with the game's fault named, and a game played
    through it ends as a no-contest naming the rule."""
    game = tmp_path / "game_at_fault.pl"
    game.write_text((COURSE / "game_at_fault.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    adapter = tmp_path / "game_at_fault-arena.pl"
    assert out.splitlines()[1] == ("proposing an adapter: the file lacks players/1 and "
                                   "current_player/2 (this takes up to a few minutes)...")
    says(out, "adapter proposed", adapter, "rules fail check-game")
    assert "move/3" in out and "take_near_end/4" in out
    assert adapter.exists() and not adapter.with_name(adapter.name + ".rules").exists()
    log = tmp_path / "game.jsonl"
    code, out, err = run(["play", str(adapter), "--first", "random", "--second", "mcts:3",
                          "--move-time", "0.2", "--delay", "0", "--no-color",
                          "--replay", str(log)], capsys)
    assert code == 0, out + err
    assert "No contest: the game's rules are broken" in out and "take_near_end/4" in out
    assert last_record(log)["termination"] == "broken_rule"
    code, verified, err = run(["verify", str(log)], capsys)
    assert code == 0 and "no contest" in verified, verified + err


def test_a_game_over_that_always_holds_is_asked_once_no_move_is_left(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """game_over/2 holds in every state, and the game's loop asks it only
    when the player to move has no move: the adapter asks it there, and
    a game is played to its end, not over before its first move."""
    adapter = proposed("over_when_stuck.pl", tmp_path, capsys)
    assert "game_over/2 holds in the first state already" in adapter.read_text()
    log = tmp_path / "game.jsonl"
    played(adapter, log, capsys, second="random", players=("white", "black"))
    assert len(movers(log)) >= 4                     # 7 sticks, 1 or 2 a move


def test_a_turn_of_three_moves_finds_the_player_to_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The player in the state changes only every third move: it is
    still the player to move, and a game plays to a result."""
    adapter = proposed("three_moves_a_turn.pl", tmp_path, capsys)
    assert "current_player(turn(_, A, _), A)." in adapter.read_text()
    log = tmp_path / "game.jsonl"
    played(adapter, log, capsys, players=("red", "blue"))
    assert movers(log)[:6] == ["red"] * 3 + ["blue"] * 3


def test_the_player_a_turn_count_names_is_the_player_to_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The state holds a turn count, and the game's turn_colour/2 names
    the player for its parity: current_player/2 asks it, and a game
    alternates white and black to a result."""
    adapter = proposed("turn_count.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "players([white,black])." in text
    assert "current_player(game(A, _, _), B) :-\n    turn_colour(A, B),\n    !." in text
    log = tmp_path / "game.jsonl"
    played(adapter, log, capsys, players=("white", "black"))
    assert movers(log)[:4] == ["white", "black", "white", "black"]


def test_where_the_menus_computers_ask_the_keyboard_people_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Answered from its questions, the menu sets computer against
    computer, and then valid_moves/2 asks a level at the keyboard: the
    proposal takes the config of the menu's first option instead."""
    adapter = proposed("level_in_rules.pl", tmp_path, capsys)
    assert "arena_config(_, mode(1))." in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys)


def test_a_move_listed_twice_later_in_the_game_is_listed_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """valid_moves/2 lists a move twice only in later states: check-game
    finds it, and the kept adapter lists each move once."""
    adapter = proposed("twice_listed.pl", tmp_path, capsys)
    assert "arena_valid_moves(S, Ms) :-\n    valid_moves(S, Ms0),\n    list_to_set(Ms0, Ms)." \
        in adapter.read_text()
    played(adapter, tmp_path / "game.jsonl", capsys, players=("left", "right"))
    with_player = (COURSE / "twice_listed.pl").read_text().replace(
        "valid_moves(sticks(N, _), Moves)", "valid_moves(sticks(N, P), P, Moves)")
    other = tmp_path / "three"
    other.mkdir()
    adapter = proposed("twice_listed.pl", other, capsys, text=with_player)  # valid_moves/3
    assert "list_to_set(Ms0, Ms)" in adapter.read_text()
    played(adapter, other / "game.jsonl", capsys, players=("left", "right"))


def test_a_loop_whose_turns_have_two_picks_names_the_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A turn of one or two picks (a pile, then how many): the player to
    move is the one the loop's text named last, and the result agrees
    with the winner the loop itself announces."""
    adapter = proposed("loop_two_picks.pl", tmp_path, capsys)
    text = adapter.read_text()
    assert "arena_loop_names(red, blue)." in text and "arena_loop_turns(named)." in text
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys, second="random")
        colour = {"player1": "red", "player2": "blue"}[winner]
        assert f"The {colour} player wins." in out, out


def test_a_name_written_with_no_space_before_it_names_the_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'okRed, your turn' (a word the loop wrote with no space before the
    name), and the one who takes the last stick loses: the names are Red
    and Blue, and the winner is the one the loop announces, not the last
    to move."""
    text = (COURSE / "loop_two_picks.pl").read_text()
    turn = 'format("Turn of ~w: piles ~w~n", [Who, Piles]),'
    end = 'other(Who, Winner),\n    format("The ~w player wins.~n", [Winner]).'
    assert turn in text and end in text
    text = text.replace(turn, 'format("ok~w, your turn: piles ~w~n", [Who, Piles]),').replace(
        end, 'format("The ~w player wins.~n", [Who]).').replace(
        "other(red, blue).\nother(blue, red).", "other('Red', 'Blue').\nother('Blue', 'Red').")
    text = text.replace("turn([3, 4, 2], red)", "turn([3, 4, 2], 'Red')")
    adapter = proposed("loop_glued_names.pl", tmp_path, capsys, text=text)
    assert "arena_loop_names(red, blue)." in adapter.read_text()
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys, second="random")
        colour = {"player1": "Red", "player2": "Blue"}[winner]
        assert f"The {colour} player wins." in out, out


def test_text_used_as_a_list_is_read_as_sicstus_reads_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A file that gives "text" to length/2 through a helper of its own
    (and draws a cell from "text" code by code) was written for SICStus:
    it is read with "text" as codes, and conforms."""
    code, out, err = run(["check-game", str(COURSE / "text_as_codes.pl"), "--games", "5"],
                         capsys)
    assert "dialect:  sicstus4" in out, out + err
    assert "verdict:  conforms to the game contract" in out, out + err
    assert code == 0


def test_own_definitions_over_library_names_load_as_in_sicstus(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A SICStus file defines sum_list/2 and last/2 over library(lists)'
    names and asks nth0/4 left of the first cell: it loads and conforms."""
    code, out, err = run(["check-game", str(COURSE / "own_library_names.pl"), "--games", "5"],
                         capsys)
    assert code == 0, out + err
    assert "dialect:  sicstus4" in out
    assert "conforms to the game contract" in out


def test_own_definitions_never_override_a_weak_import() -> None:
    """A library the file loads whole is loaded without the names the
    file defines itself: SWI-Prolog's override of a weak import (last/2
    over library(lists) in SICStus mode) crashed the game host in about
    one run of twenty (heap corruption, "Could not allocate memory")."""
    output = run_plunit(HERE / "own_imports_unit.pl")
    assert "All 4 tests passed" in output


@pytest.mark.slow
def test_a_loop_that_writes_for_ever_gets_no_adapter(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """play/0 writes without end and never picks: each run of the loop
    stops at its time limit, check-game ends with a reason and writes no
    adapter."""
    game = tmp_path / "loop_flood.pl"
    game.write_text((COURSE / "loop_flood.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "2", "--time", "90"], capsys)
    assert code == 1, out + err
    assert "no adapter proposed:" in out, out + err
    assert not (tmp_path / "loop_flood-arena.pl").exists()


def test_a_pick_its_own_loop_refuses_costs_no_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop's computer draws a row and a column until the cell is
    free: a drawn cell it refuses is drawn again without a move of the
    arena's, so each claim is two moves (a row, a column), and the
    winner is the one the loop announces."""
    adapter = proposed("loop_retry_pick.pl", tmp_path, capsys)
    for seed in range(2):
        log = tmp_path / f"game{seed}.jsonl"
        out, winner = played(adapter, log, capsys, second="random")
        colour = {"player1": "red", "player2": "blue"}[winner]
        assert f"The {colour} player wins." in out, out
        claims = re.findall(r"^(red|blue) claims", out, re.M)
        assert len(movers(log)) == 2 * len(claims) > 0


def test_picks_with_nothing_written_between_are_one_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A loop that names no player draws a row and a column each turn
    with nothing written between: the two picks are one player's turn,
    and who made the last claim (the first player, of nine) wins."""
    adapter = proposed("loop_grouped_picks.pl", tmp_path, capsys)
    assert "arena_loop_turns(grouped)." in adapter.read_text()
    log = tmp_path / "game.jsonl"
    _, winner = played(adapter, log, capsys, second="random")
    assert winner == "player1"
    turns = [player for player, _ in itertools.groupby(movers(log))]
    assert turns == ["player1", "player2"] * 4 + ["player1"]


def test_a_pick_whose_effect_was_shown_is_not_retried(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A failure-driven loop draws three numbers and shows each: the
    game goes on after the third, as in SWI-Prolog, without a retried
    pick adding more."""
    adapter = proposed("loop_shown_picks.pl", tmp_path, capsys)
    out, _ = played(adapter, tmp_path / "game.jsonl", capsys, second="random")
    assert "The game ends." in out
    assert len(re.findall(r"^drew \d$", out, re.M)) == 3, out


@pytest.mark.slow
def test_a_loop_whose_computer_hangs_ends_as_a_no_contest_naming_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop's computer player sometimes draws for ever (it decides
    to move a stone of its own before it has one): the adapter is
    proposed saying so; the game hangs where it decides so at once, and
    a rule of it names the hang; a game played ends with the winner the
    loop announces or as a no-contest naming the hang, its log valid."""
    game = tmp_path / "loop_stuck_bot.pl"
    game.write_text((COURSE / "loop_stuck_bot.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    says(out, "rules fail check-game")
    says(out, "computer player", "none of its choices")
    adapter = tmp_path / "loop_stuck_bot-arena.pl"
    state = pybridge.load_game(str(adapter)).initial_state()
    assert state.valid_moves() == [str(a) for a in range(1, 7)]
    state = state.move("6")                 # red moves a stone it does not have
    with pytest.raises(GameRuleError, match="accepts none of its choices"):
        for _ in range(256):
            state = state.move(state.valid_moves()[0])
    for n in range(3):
        log = tmp_path / f"game{n}.jsonl"
        code, out, err = run(["play", str(adapter), "--first", "random", "--second", "random",
                              "--delay", "0", "--no-color", "--replay", str(log)], capsys)
        assert code == 0, out + err
        record = last_record(log)
        if record.get("termination") == "broken_rule":
            says(out, "256 picks", "without writing or reading")
        else:
            colour = {"player1": "red", "player2": "blue"}[str(record["winner"])]
            assert f"The {colour} player wins." in out, out
        code, verified, err = run(["verify", str(log)], capsys)
        assert code == 0 and "valid" in verified, verified + err


def test_a_pick_its_computer_retries_by_calling_itself_costs_no_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop's computer calls itself again with the same arguments
    where the cell it drew is taken: that call is a refusal, so each
    claim is two moves (a row, a column). A rule that reaches a helper
    the file lacks ends a game as a no-contest naming it."""
    game = tmp_path / "loop_retry_call.pl"
    game.write_text((COURSE / "loop_retry_call.pl").read_text())
    code, out, err = run(["check-game", str(game), "--games", "3"], capsys)
    adapter = tmp_path / "loop_retry_call-arena.pl"
    assert f"adapter proposed in {adapter}" in out, out + err
    for seed in range(3):
        log = tmp_path / f"game{seed}.jsonl"
        code, out, err = run(["play", str(adapter), "--first", "random", "--second", "random",
                              "--delay", "0", "--no-color", "--replay", str(log)], capsys)
        assert code == 0, out + err
        record = last_record(log)
        claims = re.findall(r"^(green|gold) claims", out, re.M)
        if record.get("termination") == "broken_rule":
            assert "corner_bonus/2" in out, out
            assert 2 * len(claims) < len(movers(log)) <= 2 * len(claims) + 2
        else:
            assert len(movers(log)) == 2 * len(claims) > 0
        code, verified, err = run(["verify", str(log)], capsys)
        assert code == 0 and "valid" in verified, verified + err


def test_a_refused_pick_passed_in_is_drawn_again_by_the_callers_pick(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The loop's computer draws a cell and passes it in; where it is
    taken, a helper draws another and the predicate calls itself with
    it. That call is a refusal too: the caller's pick is drawn again,
    so a turn costs its two picks and the helper's first two for each
    cell found taken: 2 to 3 picks a turn in twelve games, 4.15 once in
    a full board's game, so the bound is 5."""
    adapter = proposed("loop_passed_picks.pl", tmp_path, capsys)
    for seed in range(2):
        log = tmp_path / f"game{seed}.jsonl"
        out, winner = played(adapter, log, capsys, second="random")
        takes = re.findall(r"^(red|blue) takes", out, re.M)
        assert 2 * len(takes) <= len(movers(log)) <= 5 * len(takes), out
        assert "A draw." in out or "player wins." in out


def test_a_game_its_menu_starts_with_initial_state_4_ends_at_the_menu(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The menu builds the state with initial_state/4 and comes back
    when a game ends: the second call starts a new game, so the game
    played ends there, not in the human prompt the menu's repeated
    answer leads to."""
    adapter = proposed("loop_menu_again.pl", tmp_path, capsys)
    for seed in range(2):
        out, winner = played(adapter, tmp_path / f"game{seed}.jsonl", capsys, second="random")
        assert f"Computer {winner[-1]} wins." in out, out


STICKS_RULES = """% Regras: tira 1 a 3 pauzinhos; quem tira o último ganha.
players([norte, sul]).
initial_state(_, s(norte, 9)).
current_player(s(P, _), P).
valid_moves(s(_, N), Ms) :-
    (   N > 0 -> Top is min(3, N), findall(K, between(1, Top, K), Ms) ; Ms = [] ).
move(s(P, N), K, s(Q, M)) :-
    integer(K), K >= 1, K =< 3, K =< N, M is N - K, other(P, Q).
game_over(s(P, 0), W) :- other(P, W).
display_game(s(P, N)) :- format("~w pauzinhos, joga ~w~n", [N, P]).
other(norte, sul).
other(sul, norte).
"""


def test_files_in_utf16_with_a_byte_order_mark_are_loaded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Saved as UTF-16 by a Windows editor, with a byte order mark (as
    SICStus and SWI-Prolog read them): the file it consults is found and
    mounted in the jail, not left out as missing."""
    game = tmp_path / "main.pl"
    game.write_bytes(b"\xfe\xff" + "% Jogo dos pauzinhos — principal\r\n:- consult('rules.pl').\r\n"
                     .encode("utf-16-be"))
    (tmp_path / "rules.pl").write_bytes(b"\xff\xfe" + STICKS_RULES.encode("utf-16-le"))
    code, out, err = run(["check-game", str(game), "--games", "5"], capsys)
    assert code == 0 and "conforms to the game contract" in out, out + err
    assert "left out" not in out
    plays_to_a_win(game, tmp_path / "game.jsonl", capsys)
