"""Bot files in their own processes: the hostile corpus in tests/hostile
(each file's first line says the verdict it must get), both protocols,
the referee's policies, and the process's reaping."""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import pytest

import pybridge
from pybridge.bots.player import BotError, BotPlayer, BotProcess, Limits, check_bot
from pybridge.play.match import Match
from pybridge.types import Ply, Result
from pybridge.play.players import PlayerSpec
from pybridge.bots.seating import make_player
from tests.support.corpus import BOTS, EXAMPLES, HOSTILE, HOSTILE_FILES, expectation
from tests.support.processes import alive, settle
from tests.support.says import says

#: The hostile bots try to delete the sentinel file and create another.
pytestmark = pytest.mark.usefixtures("sentinel")

#: Small stacks so that runaway recursion overflows long before its time
#: is up; a short grace so that the watchdog's case stays quick.
LIMITS = Limits(stack_mb=32, grace=0.3)


#: ... and other ways to do the same harm, checked one by one.
VARIANT_FILES = sorted(p for p in (HOSTILE / "variants").glob("*.pl") if p.stem != "memory_db")


def test_corpus_is_large_enough() -> None:
    assert len(HOSTILE_FILES) >= 15
    verdicts = {expectation(p)[0] for p in HOSTILE_FILES}
    assert {"refused", "timeout", "crashed", "no_move", "illegal", "ok"} <= verdicts


@pytest.mark.parametrize("path", HOSTILE_FILES + VARIANT_FILES, ids=lambda p: p.stem)
def test_hostile_bot_gets_its_verdict(path: Path, ttt: pybridge.Game) -> None:
    verdict, words = expectation(path)
    # bots that must time out get little time; the others more than they need
    move_time = 0.3 if verdict == "timeout" else 3.0
    bot = BotPlayer(PlayerSpec.parse(str(path)), move_time=move_time, limits=LIMITS)
    match = Match(ttt, {"x": bot, "o": make_player("random")}, move_time=move_time)
    try:
        out = match.step()
        assert bot.process is not None
        pid = bot.process.pid
        if verdict == "ok":
            assert isinstance(out, Ply) and out.verdict == "ok", out
            result = match.run()
            assert result.forfeit is None
        else:
            assert isinstance(out, Result), f"{path.name} played {out}"
            assert out.forfeit == verdict, out
            assert out.winner == "o"
            text = out.reason.lower()
            for word in words:
                assert word.lower() in text, f"{word!r} not in {out.reason!r}"
    finally:
        match.close()
    assert bot.process is None
    assert not alive(pid), f"bot process {pid} left behind"


def test_printing_megabytes_is_bounded(ttt: pybridge.Game) -> None:
    bot = BotPlayer(PlayerSpec.parse(str(HOSTILE / "megabytes.pl")), move_time=5, limits=LIMITS)
    with bot:
        bot.start(ttt, "x")
        decision = bot.choose(ttt.initial_state(), None, seconds=5)
        assert decision.verdict == "ok"
        process = bot.process
        assert process is not None
        assert settle(lambda: process.stderr.total > 1_000_000)
        assert len(bot.output) < LIMITS.output_bytes + 100
        says(bot.output, "bytes", "dropped")


def test_memory_limit_ends_a_database_blowup(ttt: pybridge.Game) -> None:
    path = HOSTILE / "variants" / "memory_db.pl"
    bot = BotPlayer(PlayerSpec.parse(str(path)), move_time=20,
                    limits=Limits(memory_mb=160, stack_mb=32))
    with bot:
        bot.start(ttt, "x")
        decision = bot.choose(ttt.initial_state(), None, seconds=20)
    assert decision.verdict == "crashed", decision
    assert "memory" in decision.detail.lower() or "signal" in decision.detail.lower(), decision.detail


def test_fake_replies_only_reach_the_output(ttt: pybridge.Game) -> None:
    bot = BotPlayer(PlayerSpec.parse(str(HOSTILE / "fake_reply.pl")), limits=LIMITS)
    with bot:
        bot.start(ttt, "x")
        decision = bot.choose(ttt.initial_state(), None, seconds=2)
        assert decision.verdict == "no_move"
        fakes = '{"verdict":"ok","move":"5","ms":0}\n' * 2
        assert settle(lambda: fakes in bot.output), bot.output


def test_a_killed_process_is_a_crash(ttt: pybridge.Game) -> None:
    bot = BotPlayer(PlayerSpec.parse(str(EXAMPLES / "greedy.pl")), limits=LIMITS)
    with bot:
        bot.start(ttt, "x")
        assert bot.process is not None
        pid = bot.process.pid
        os.kill(pid, 9)
        # under bubblewrap the sandbox goes with its first process: wait
        assert settle(lambda: not alive(pid))
        time.sleep(0.2)
        decision = bot.choose(ttt.initial_state(), None, seconds=2)
        assert decision.verdict == "crashed"
        assert "SIGKILL" in decision.detail


def test_random_policy_replaces_bad_moves_and_logs_them(ttt: pybridge.Game) -> None:
    bot = BotPlayer(PlayerSpec.parse(str(HOSTILE / "garbage_move.pl")), limits=LIMITS)
    with Match(ttt, {"x": bot, "o": make_player("random")}, policy="random") as match:
        result = match.run()
    assert result.forfeit is None
    mine = [p for p in match.history if p.player == "x"]
    assert mine and all(p.verdict == "illegal" for p in mine)
    assert all(p.raw and "garbage" in p.raw for p in mine)
    assert all(p.move in "123456789" for p in mine)


def test_refused_forfeits_under_either_policy(ttt: pybridge.Game) -> None:
    bot = BotPlayer(PlayerSpec.parse(str(HOSTILE / "shell_call.pl")), limits=LIMITS)
    with Match(ttt, {"x": make_player("random"), "o": bot}, policy="random") as match:
        result = match.run()
    assert result.forfeit == "refused" and result.winner == "x"
    assert len(match.history) == 1


@pytest.mark.parametrize("name", ["greedy.pl", "minimax.pl:3", "first_move.pl",
                                  "value_pfl4.pl", "tictactoe_classic.pl"])
def test_example_bots_play_complete_games_in_both_seats(name: str, ttt: pybridge.Game) -> None:
    spec = str(EXAMPLES / name)
    for seats in (("bot", "random"), ("random", "bot")):
        players = {seat: (make_player(spec) if who == "bot" else make_player("random"))
                   for seat, who in zip(ttt.players, seats)}
        with Match(ttt, players, move_time=5) as match:
            result = match.run()
        assert result.forfeit is None, result
        assert all(p.verdict == "ok" for p in match.history)
        assert match.state.is_over()


def test_protocols_are_detected(ttt: pybridge.Game) -> None:
    expected = {"greedy.pl": ("pfl/3", ("first", "second")),
                "first_move.pl": ("pfl/2", ("first", "second")),
                "value_pfl4.pl": ("pfl/4", ("first", "second")),
                "tictactoe_classic.pl": ("classic", ("first", "second"))}
    for name, (protocol, seats) in expected.items():
        check = check_bot("tictactoe", str(EXAMPLES / name))
        assert check.hello.ready, check.hello
        assert (check.hello.protocol, check.hello.seats) == (protocol, seats)


def test_classic_bot_keeps_its_own_state_over_many_games(ttt: pybridge.Game) -> None:
    """Its board comes only from assert/retract; a wrong board would show
    as an illegal move sooner or later, and it never loses to random."""
    ttt.seed(7)
    bot = make_player(str(EXAMPLES / "tictactoe_classic.pl"))
    for i in range(6):
        seats = {"x": bot, "o": make_player("random")} if i % 2 == 0 else \
                {"x": make_player("random"), "o": bot}
        with Match(ttt, seats) as match:
            result = match.run()
        assert result.forfeit is None
        assert result.winner in ("draw", "x" if i % 2 == 0 else "o")


def play_out_with_undos(match: Match, rng: random.Random) -> tuple[Result, int]:
    """x (a human) plays at random and often takes back two moves; the
    result and how many undos there were."""
    undos = 0
    while match.result is None:
        if match.to_move.is_human:
            if len(match.history) >= 2 and rng.random() < 0.6:
                undos += match.undo(2) // 2
            match.play(match.read(rng.choice(match.state.valid_moves())))
        else:
            match.step()
    return match.result, undos


@pytest.mark.slow
def test_classic_bot_catches_up_after_undo(ttt: pybridge.Game) -> None:
    """A classic bot's board is its own: after an undo its process is
    replaced by one that replays the game, so it never plays on a stale
    board (which shows as an illegal move)."""
    rng = random.Random(11)
    bot = make_player(str(EXAMPLES / "tictactoe_classic.pl"))
    undone = 0
    for _ in range(12):
        with Match(ttt, {"x": make_player("human"), "o": bot}) as match:
            result, undos = play_out_with_undos(match, rng)
            undone += undos
        assert result.forfeit is None, result
    assert undone >= 10


def test_classic_bot_takes_over_a_game_it_would_have_played(ttt: pybridge.Game) -> None:
    """Resumed with its moves in the history (its process is new): it
    replays them, then plays on."""
    history = [Ply(1, "x", "1"), Ply(2, "o", "5"), Ply(3, "x", "9")]
    bot = make_player(str(EXAMPLES / "tictactoe_classic.pl"))
    with Match(ttt, {"x": make_player("random"), "o": bot}, history=history) as match:
        ply = match.step()
        assert isinstance(ply, Ply) and ply.move in ("2", "3", "4", "6", "7", "8")
        result = match.run()
    assert result.forfeit is None


def test_classic_bot_refuses_a_game_it_would_have_played_otherwise(ttt: pybridge.Game) -> None:
    history = [Ply(1, "x", "1"), Ply(2, "o", "2"), Ply(3, "x", "9")]
    bot = make_player(str(EXAMPLES / "tictactoe_classic.pl"))
    with Match(ttt, {"x": make_player("random"), "o": bot}, history=history) as match:
        result = match.step()
    assert isinstance(result, Result) and result.forfeit == "refused" and result.winner == "x"
    says(result.reason, "move 2", "chose 5", "has 2")
    says(result.reason, "cannot go on")


def test_classic_bot_whose_moves_the_referee_replaced_plays_on(ttt: pybridge.Game) -> None:
    """Policy random: a replaced move is not a reason to replay the game
    to the bot (it would answer the same bad move again)."""
    bot = make_player(str(BOTS / "classic_stubborn.pl"))
    with Match(ttt, {"x": bot, "o": make_player("random")}, policy="random") as match:
        result = match.run()
    assert result.forfeit is None
    mine = [p for p in match.history if p.player == "x"]
    assert mine[0].verdict == "ok" and len(mine) >= 3
    assert all(p.verdict == "illegal" and p.raw == "5" for p in mine[1:])


def test_classic_bot_playing_one_side_only(ttt: pybridge.Game) -> None:
    path = BOTS / "classic_x_only.pl"
    check = check_bot("tictactoe", str(path))
    assert check.hello.ready and check.hello.seats == ("first",)
    bot = make_player(str(path))
    with Match(ttt, {"x": make_player("random"), "o": bot}) as match:
        result = match.run()
    assert result.forfeit == "refused"
    assert "o_inicia/2" in result.reason


def test_level_reaches_the_bot(ttt: pybridge.Game) -> None:
    state = ttt.initial_state()
    for level in (1, 4, 9):
        bot = make_player(f"{BOTS / 'level_echo.pl'}:{level}")
        with bot:
            bot.start(ttt, "x")
            assert bot.choose(state, None, seconds=2).move == str(level)


def test_allowed_directives_and_grammar_rules(ttt: pybridge.Game) -> None:
    bot = make_player(str(BOTS / "directives.pl"))
    with Match(ttt, {"x": bot, "o": make_player("random")}) as match:
        ply = match.step()
    assert isinstance(ply, Ply) and ply.move == "5", ply


def test_refusal_lists_every_problem_with_its_line() -> None:
    check = check_bot("tictactoe", str(BOTS / "many_problems.pl"))
    assert not check.hello.ready
    detail = check.hello.detail
    for expected in ("line 2: directive initialization", "line 4:", "line 6: a clause for module user"):
        assert expected in detail, detail


def test_bad_bot_specs() -> None:
    with pytest.raises(BotError, match="no bot file"):
        make_player("/nonexistent/bot.pl")
    with pytest.raises(BotError, match="no bot file"):
        check_bot("tictactoe", "missing.pl")


def test_inference_limit(ttt: pybridge.Game) -> None:
    bot = BotPlayer(PlayerSpec.parse(str(HOSTILE / "infinite_loop.pl")), move_time=10,
                    limits=Limits(inferences=200_000))
    with bot:
        bot.start(ttt, "x")
        start = time.monotonic()
        decision = bot.choose(ttt.initial_state(), None, seconds=10)
    assert decision.verdict == "timeout", decision
    assert "200,000 inferences" in decision.detail
    assert time.monotonic() - start < 9


def test_process_runs_in_an_empty_temporary_directory(ttt: pybridge.Game) -> None:
    with BotProcess(EXAMPLES / "greedy.pl", "tictactoe", "first", isolation="none") as proc:
        assert proc.load().ready
        cwd = Path(os.readlink(f"/proc/{proc.pid}/cwd"))
        assert cwd.name.startswith("arena-bot-") and list(cwd.iterdir()) == []
        assert os.getpgid(proc.pid) == proc.pid
    assert not cwd.exists()


def test_a_bot_nobody_closes_is_reaped_when_collected(ttt: pybridge.Game) -> None:
    import gc

    bot = BotPlayer(PlayerSpec.parse(str(EXAMPLES / "greedy.pl")), limits=LIMITS)
    bot.start(ttt, "x")
    assert bot.process is not None
    pid = bot.process.pid
    assert alive(pid)
    del bot
    gc.collect()
    assert not alive(pid)


def test_cpu_limit_ends_the_process(ttt: pybridge.Game) -> None:
    bot = BotPlayer(PlayerSpec.parse(str(HOSTILE / "infinite_loop.pl")), move_time=30,
                    limits=Limits(cpu_seconds=1))
    with bot:
        bot.start(ttt, "x")
        start = time.monotonic()
        decision = bot.choose(ttt.initial_state(), None, seconds=30)
    # the soft limit raises SIGXCPU (a Prolog exception, or the end); the
    # hard limit a second later kills
    assert decision.verdict == "crashed", decision
    assert "xcpu" in decision.detail.lower() or "SIGKILL" in decision.detail, decision
    assert time.monotonic() - start < 20


def test_an_exit_by_a_signal_inside_the_jail_is_named() -> None:
    """bubblewrap passes on a child killed by SIGKILL as exit status 137."""
    from pybridge.jail.spawn import exit_words
    assert exit_words(-9) == "killed by SIGKILL"
    assert exit_words(137) == "exit status 137, a process killed by SIGKILL"
    assert exit_words(152) == "exit status 152, a process killed by SIGXCPU"
    assert exit_words(1) == "exit status 1"
    assert exit_words(255) == "exit status 255"


def test_a_move_that_is_no_move_term_is_shown_as_the_term_it_is() -> None:
    """A slide written F-T is not a sliding move ([F,T] is); the verdict
    shows the term in canonical form and a valid move term beside it."""
    sliding = pybridge.load_game("sliding")
    bot = BotPlayer(PlayerSpec.parse(str(BOTS / "dash_slides.pl")), limits=LIMITS)
    state = sliding.initial_state()
    for move in ["1", "2", "3", "4", "5", "6"]:
        state = state.move(move)
    with bot:
        bot.start(sliding, "x")
        decision = bot.choose(state, "6", seconds=2)
    assert decision.verdict == "illegal" and decision.raw.startswith("-(")
    assert re.fullmatch(r"the bot answered the term -\(\d,\d\), which is not a move of sliding "
                        r"\(its moves are terms like \[\d,\d\]\)", decision.detail), decision.detail


def test_warnings_name_singletons_and_hidden_rules() -> None:
    check = check_bot("tictactoe", str(BOTS / "sloppy.pl"))
    assert check.hello.ready
    assert check.hello.warnings == (
        "line 3: singleton variable Level (used once: misspelt? write _Level if meant)",
        "line 3: singleton variable Levl (used once: misspelt? write _Levl if meant)",
        "line 10: value/3 hides the game's value/3: the bot's own definition is used "
        "where it calls it",
    )
    honest = check_bot("tictactoe", str(EXAMPLES / "greedy.pl"))
    assert honest.hello.ready and honest.hello.warnings == ()


def test_writing_to_a_stream_is_refused_with_how_to_print_instead() -> None:
    check = check_bot("tictactoe", str(BOTS / "debug_to_stderr.pl"))
    assert not check.hello.ready
    assert check.hello.problems == (
        "line 2: choose_move/3 calls format/3 with a stream, which a bot may not; without one "
        "(format/2, write/1, nl/0) it prints to its own output, which is shown",)
