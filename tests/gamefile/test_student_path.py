"""The student's path: course file names, a bot's own predicates named
like built-ins, the call that failed, moves typed as Prolog terms, what
hint's number means, and how a refused line is cleared."""

from __future__ import annotations

from pathlib import Path

import pytest

import pybridge
from pybridge.games.analysis import outcome_text, solved_outcome
from pybridge.bots.player import BotPlayer, bot_path, check_bot
from pybridge.games.notation import read_move
from pybridge.play.players import PlayerSpec
from pybridge.types import Ply
from tests.support.paths import ROOT, TESTS
from tests.support.shell_driver import quiet_shell
from tests.support.says import says

EXAMPLES = ROOT / "prolog" / "bots" / "examples"


@pytest.mark.parametrize("name", ["ra973451.prolog", "ra973451.pro", "bot.pl"])
def test_course_file_names_are_bot_files(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text((EXAMPLES / "sliding_classic.pl").read_text())
    spec = PlayerSpec.parse(f"{path}:2")
    assert (spec.kind, spec.level, spec.name) == ("bot", 2, path.stem)
    assert bot_path(str(path)) == path.resolve()
    assert check_bot("sliding", str(path)).hello.ready


def test_another_suffix_is_named_as_the_problem() -> None:
    with pytest.raises(ValueError, match=r"ends in \.pl, \.prolog or \.pro"):
        PlayerSpec.parse("ra973451.txt")
    with pytest.raises(ValueError, match="use human, random, ai:N"):
        PlayerSpec.parse("rando")


def test_a_bot_may_name_its_board_like_a_builtin(tmp_path: Path) -> None:
    bot = tmp_path / "board.pl"
    bot.write_text(":- dynamic tab/1.\n"
                   "x_inicia(5) :- retractall(tab(_)), assertz(tab([5])).\n"
                   "x_responde(M, R) :- tab(L), between(1, 9, R), \\+ memberchk(R, [M|L]), !,\n"
                   "    retract(tab(L)), assertz(tab([R, M|L])).\n")
    hello = check_bot("tictactoe", str(bot)).hello
    assert hello.ready, hello
    assert any("tab/1 is also a built-in" in w for w in hello.warnings)


def test_an_iso_builtin_cannot_be_redefined_and_a_rename_is_suggested(tmp_path: Path) -> None:
    bot = tmp_path / "writer.pl"
    bot.write_text("write(_).\nchoose_move(S, _, M) :- valid_moves(S, [M|_]).\n")
    hello = check_bot("tictactoe", str(bot)).hello
    assert not hello.ready
    assert hello.problems == ("line 1: write/1 is a built-in predicate that a bot cannot "
                              "redefine: rename it (e.g. my_write/1)",)


def test_no_move_names_the_call_that_failed(tmp_path: Path) -> None:
    classic = tmp_path / "placer.pl"
    classic.write_text(":- dynamic step/1.\nstep(0).\no_inicia(_, 1).\n"
                       "o_responde(M, R) :- integer(M), retract(step(N)), N1 is N + 1,\n"
                       "    assertz(step(N1)), nth1(N1, [2, 4], R).\n")
    game = pybridge.load_game("sliding")
    state = game.initial_state()
    line = []
    for text in ("5", "1", "9", "2", "3", "4"):  # x, then o (the bot) in turn
        line.append((state, Ply(len(line), state.current_player, text)))
        state = state.move(text)
    bot = BotPlayer(PlayerSpec.parse(str(classic)))
    with bot:
        assert bot.take_over(game, "o", line) is None
        after = state.move("3-6")
        bot.follow(line + [(state, Ply(6, "x", "3-6"))])
        decision = bot.choose(after, "3-6", seconds=2)
    assert decision.verdict == "no_move"
    assert decision.detail == "the bot failed: o_responde([3,6], _)"

    pfl = tmp_path / "pfl.pl"
    pfl.write_text("choose_move(_, _, _) :- fail.\n")
    bot = BotPlayer(PlayerSpec.parse(f"{pfl}:2"))
    with bot:
        decision = bot.choose(pybridge.load_game("connect4").initial_state(), None, seconds=2)
    assert decision.detail == "the bot failed: choose_move(State, 2, _)"


def test_moves_are_typed_as_text_or_as_prolog_terms() -> None:
    sliding = pybridge.load_game("sliding").initial_state()
    assert read_move(sliding, "5").move == "5"
    assert read_move(sliding, "[1,2]").move is None  # a slide, before the stones are down
    assert read_move(sliding, "nonsense(").move is None
    assert read_move(sliding, "nonsense(").problem
    shell = quiet_shell()
    for line in ("new sliding --first human --second human", "5", "1", "3", "7", "4", "6"):
        shell.execute(line)
    assert shell.check("[5,2]") is None
    shell.execute("[5,2]")
    assert shell.check("[1, 2]") == "cell 2 is occupied by x"
    shell.execute("[1, 5]")
    moves = [p.move for p in shell.session.match.history]
    assert moves[-2:] == ["5-2", "1-5"]


def test_hint_says_the_perfect_outcome_or_what_the_value_means() -> None:
    ttt = pybridge.load_game("tictactoe").initial_state()
    assert solved_outcome(ttt) == ("draw", 0)
    assert outcome_text(ttt) == "draw"
    won = ttt.move("1").move("2").move("4")
    assert outcome_text(won) == "x wins in 4 plies"
    assert outcome_text(pybridge.load_game("connect4").initial_state()) is None
    shell = quiet_shell()
    shell.execute("new tictactoe --first human --second human")
    for cell in ("1", "2"):
        shell.execute(cell)
    shell.execute("hint")
    assert "with perfect play after it: x wins in 4 plies" in " ".join(shell.out.getvalue().split())
    shell.execute("new connect4 --second human")
    shell.execute("hint 2")
    said = " ".join(shell.out.getvalue().split())  # hint lines wrap at word boundaries
    assert "the game's own estimate, value/3: higher is better for x, 0 is even" in said


def test_help_says_how_to_clear_a_refused_line() -> None:
    shell = quiet_shell()
    shell.execute("help")
    text = shell.out.getvalue()
    assert "Ctrl-U clears it" in text and "[1,5]" in text


def test_check_bot_reaches_every_phase_and_reports_each(tmp_path: Path) -> None:
    import re
    import subprocess
    import sys

    bot = tmp_path / "placer.pl"  # places well, cannot slide
    bot.write_text("choose_move(State, _, Move) :-\n"
                   "    valid_moves(State, Moves), member(Move, Moves), integer(Move), !.\n")
    run = subprocess.run([sys.executable, "-m", "shell.cli.arena", "check-bot", "sliding", str(bot)],
                         capture_output=True, text=True, timeout=300,
                         cwd=ROOT)
    assert run.returncode == 1, run.stdout + run.stderr
    out = run.stdout
    assert "games from random positions, the bot told the position" in out
    assert re.search(r"^  moves like \d+ +(\d+) asked, \1 made, slowest \d+ ms$", out, re.M), out
    assert re.search(r"^  moves like \d-\d +(\d+) asked, 0 made; lost by no_move \1$", out, re.M), out
    says(out, "failed", "choose_move(State, 2, _)")
    assert "State = state([" in out and "to slide a stone" in out
    assert "\x1b[" not in out


def test_check_bot_takes_a_classic_bot_into_the_sliding_phase() -> None:
    """A classic bot that places well but cannot slide: random loses to it
    while stones are placed and a player that wins when it can beats it
    there, so only a partner that blocks but never wins brings it to a slide."""
    import re
    import subprocess
    import sys

    bot = TESTS / "bot_files" / "classic_no_slide.pl"
    run = subprocess.run([sys.executable, "-m", "shell.cli.arena", "check-bot", "sliding", str(bot),
                          "--games", "6"],
                         capture_output=True, text=True, timeout=300,
                         cwd=ROOT)
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    assert "a sparring partner (blocks, never wins)" in out
    assert re.search(r"^  moves like \d-\d +(\d+) asked, 0 made; lost by no_move \1$", out, re.M), out
    assert re.search(r"the bot failed: [xo]_responde\(", out), out


def test_kinds_the_trials_never_reached_are_named() -> None:
    from pybridge.bots.trial import kinds

    found = kinds([], [("9", "1"), ("9-9", "1-2")])
    assert [(k.examples, k.reached, k.asked) for k in found] == [("1", False, 0), ("1-2", False, 0)]


def test_check_bot_says_plainly_that_a_phase_was_not_reached(
        capsys: pytest.CaptureFixture[str]) -> None:
    from shell.cli.checkbot import _summary

    assert _summary([], 0, [("9", "1"), ("9-9", "1-2")]) == 0
    out = capsys.readouterr().out
    assert "  moves like 1-2  never reached in the trial games: not checked" in out, out
    assert "were never asked of the bot and are not checked: moves like 1; moves like 1-2" in out


def test_the_sparring_partner_blocks_and_never_wins() -> None:
    import random

    from pybridge.bots.trial import SparringPlayer

    game = pybridge.load_game("tictactoe")
    partner = SparringPlayer(random.Random(0))
    # x threatens 1-2-3; o must block at 3
    state = game.initial_state().move("1").move("5").move("2")
    for _ in range(20):
        assert partner.choose(state, "2", seconds=0).move == "3"
    # o could win at 9 (5, 7 taken... 1-5-9): it plays elsewhere
    state = game.initial_state().move("2").move("1").move("4").move("5").move("8")
    moves = {partner.choose(state, "8", seconds=0).move for _ in range(40)}
    assert "9" not in moves and moves


def test_a_move_written_in_quotes_is_typed_without_them(tmp_path: Path) -> None:
    """A move that is an atom Prolog quotes ('Take-1', as a game played
    through its own loop types "A-1") is typed as the game's text shows
    it, without the quotes."""
    game = tmp_path / "takes.pl"
    game.write_text(
        "players([p1, p2]).\n"
        "initial_state(_, s(3, p1)).\n"
        "current_player(s(_, P), P).\n"
        "valid_moves(s(N, _), Ms) :-\n"
        "    findall(M, ( member(K, [1, 2]), K =< N, format(atom(M), 'Take-~w', [K]) ), Ms).\n"
        "move(s(N, P), M, s(N1, Q)) :-\n"
        "    atom_concat('Take-', A, M), atom_number(A, K), N1 is N - K, other(P, Q).\n"
        "other(p1, p2).\nother(p2, p1).\n"
        "game_over(s(0, P), W) :- other(P, W).\n"
        "display_game(s(N, P)) :- format(\"~w sticks, ~w to take~n\", [N, P]).\n")
    state = pybridge.load_game(str(game)).initial_state()
    assert state.valid_moves() == ["'Take-1'", "'Take-2'"]
    assert read_move(state, "Take-2").move == "'Take-2'"
    assert read_move(state, "'Take-1'").move == "'Take-1'"
    assert read_move(state, "Take-3").move is None
