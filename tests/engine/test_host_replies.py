"""The referee never dies of a reply (issue 32): every line a host writes
on its reply pipe goes through one bounded, depth-checked reader
(pybridge.jail.replies). A 100,000-deep JSON array, an over-long line,
invalid UTF-8, a JSON array for an object and fields of the wrong type
are each that host's fault (a bot refused or crashed, a game's broken
rule), never a RecursionError or another exception in the referee: shown
with a fake host (tests/support/fake_host.py) speaking in place of swipl,
and with a jailed game file whose players/1 answers 100,000 deep."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from pybridge.host import bot_host
from pybridge.host.bot_host import BotProcess
from pybridge.host import game_host
from pybridge.host import game_registry
from pybridge.host.game_engine import HostEngine
from pybridge.errors import GameFileError, GameRuleError
from pybridge.models import gamefile
from pybridge.jail import replies, sandbox
from pybridge.jail.replies import BadReply, read_reply
from pybridge.types import Verdict
from shell.cli.arena import main
from tests.support.processes import needs_bwrap
from tests.support.paths import TESTS
from tests.support.says import says
from tests.support.unchecked import UncheckedBotProcess

HERE = TESTS
FAKE = HERE / "support" / "fake_host.py"
HOSTILE_GAMES = HERE / "hostile" / "games"
DEEP = 100_000

GAME = """players([a, b]).
initial_state(_, s(0)).
current_player(s(_), a).
valid_moves(s(N), Ms) :- ( N >= 2 -> Ms = [] ; Ms = [1] ).
move(s(N), 1, s(N1)) :- N < 2, N1 is N + 1.
game_over(s(2), a).
"""


# -- the reader alone ---------------------------------------------------------

@pytest.mark.parametrize("line, why", [
    (b"[" * DEEP + b"]" * DEEP + b"\n", "nest deeper than 32"),
    (b'{"a":' + b"[" * DEEP + b"\n", "nest deeper than 32"),
    (b"a" * replies.MAX_LINE, "longer than"),
    (b'{"a":"\xff\xfe"}\n', "not UTF-8"),
    (b"[1, 2]\n", "not an object"),
    (b"{nonce: 1}\n", "not JSON"),
    (b'{"a": NaN}\n', "not JSON"),
])
def test_the_reader_refuses_what_no_host_may_write(line: bytes, why: str) -> None:
    with pytest.raises(BadReply, match=why):
        read_reply(line)


def test_brackets_inside_strings_are_not_nesting() -> None:
    text = '{"nonce":"1","detail":"' + "[" * 1000 + '\\"]]"}\n'
    assert read_reply(text.encode())["detail"].startswith("[[[")
    assert replies.nesting(b'{"a":[[1]]}') == 3


def test_the_depth_scan_is_linear_on_stray_quotes() -> None:
    """Quotes outside strings, each opening one that never closes, cost one
    pass, not one pass each."""
    line = b'{"a":1,' + b'\\"' * 400_000 + b"}\n"
    start = time.monotonic()
    with pytest.raises(BadReply):
        read_reply(line)
    assert time.monotonic() - start < 2.0


def test_typed_fields_refuse_the_wrong_type() -> None:
    reply = {"seats": 7, "ms": "soon", "detail": ["x"], "ok": True}
    for get, key in ((replies.texts, "seats"), (replies.integer, "ms"), (replies.text, "detail")):
        with pytest.raises(BadReply, match=repr(key)):
            get(reply, key)  # type: ignore[operator]
    with pytest.raises(BadReply):
        replies.integer({"ms": True}, "ms")


# -- a fake host in place of swipl --------------------------------------------

@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Any, str], None]]:
    """``fake(module, mode)``: the hosts ``module`` starts run the fake host
    in ``mode`` instead of swipl (isolation none: nothing of it is foreign)."""

    monkeypatch.setenv(sandbox.ENV, "none")

    def use(module: Any, mode: str) -> None:
        real = module.start_host

        def start(command: Callable[[int, int], list[str]], **kwargs: Any) -> Any:
            return real(lambda req, rep: [sys.executable, str(FAKE), str(req), str(rep), mode],
                        **kwargs)

        monkeypatch.setattr(module, "start_host", start)

    yield use
    game_registry.close_all()


@pytest.mark.parametrize("mode", ["deep", "long", "utf8", "array", "types"])
def test_a_bad_reply_to_loading_refuses_the_bot(fake: Callable[[Any, str], None], mode: str,
                                                tmp_path: Path) -> None:
    fake(bot_host, mode)
    bot = tmp_path / "bot.pl"
    bot.write_text("choose_move(_, _, 1).\n")
    with BotProcess(bot, "tictactoe", "first", isolation="none") as proc:
        hello = proc.load()
    assert not hello.ready
    assert "bad reply" in hello.detail, hello.detail


@pytest.mark.parametrize("mode", ["deep:move", "long:move", "utf8:move", "types:move"])
def test_a_bad_reply_to_a_move_is_the_bots_crash(fake: Callable[[Any, str], None], mode: str,
                                                 tmp_path: Path) -> None:
    fake(bot_host, mode)
    bot = tmp_path / "bot.pl"
    bot.write_text("choose_move(_, _, 1).\n")
    with BotProcess(bot, "tictactoe", "first", isolation="none") as proc:
        assert proc.load().ready
        reply = proc.move("state", None, 1.0)
    assert reply.verdict is Verdict.CRASHED, reply


def _ref(tmp_path: Path) -> gamefile.GameFileRef:
    path = tmp_path / "fake.pl"
    path.write_text(GAME)
    return gamefile.resolve(path)


@pytest.mark.parametrize("mode, why", [
    ("deep:load", "nest deeper than 32"), ("deep:info", "nest deeper than 32"),
    ("long:info", "longer than"), ("utf8:load", "not UTF-8"), ("array:info", "not an object"),
    ("types:info", "players/1 gave no list"),
    ("types:load", "not a list of strings")])
def test_a_bad_reply_of_a_game_host_is_the_games_fault(fake: Callable[[Any, str], None],
                                                       mode: str, why: str,
                                                       tmp_path: Path) -> None:
    fake(game_host, mode)
    with pytest.raises((GameRuleError, GameFileError)) as caught:
        HostEngine(_ref(tmp_path)).describe()
    assert why in str(caught.value), caught.value
    assert "fake" in str(caught.value), caught.value


def test_a_game_host_cannot_grant_its_rules_more_time(fake: Callable[[Any, str], None],
                                                      tmp_path: Path) -> None:
    """The per-rule limit comes in the host's load reply, and the host runs
    the student's code: a reply granting a day is refused, not obeyed."""
    fake(game_host, "slow_rules:load")
    with pytest.raises(GameFileError) as caught:
        HostEngine(_ref(tmp_path)).describe()
    assert "time limit of a rule" in str(caught.value), caught.value


def test_the_fake_game_host_answers_sanely_elsewhere(fake: Callable[[Any, str], None],
                                                    tmp_path: Path) -> None:
    fake(game_host, "types:nothing")
    assert HostEngine(_ref(tmp_path)).describe()[1] == ("a", "b")


@pytest.mark.parametrize("mode", ["nested_json:play_move", "types:play_move",
                                  "types:state_info", "deep:state_info", "types:descriptions",
                                  "types:check", "types:search", "types:choose"])
def test_a_bad_answer_to_a_rule_is_a_broken_rule(fake: Callable[[Any, str], None], mode: str,
                                                 tmp_path: Path) -> None:
    fake(game_host, mode)
    engine = HostEngine(_ref(tmp_path))
    verb = mode.partition(":")[2]
    calls: dict[str, Callable[[], object]] = {
        "play_move": lambda: engine.play_move("s(0)", "1"),
        "state_info": lambda: engine.state_info("s(0)"),
        "descriptions": lambda: engine.move_descriptions("s(0)"),
        "check": lambda: engine.check("[]", {}, 1, 1, 10, 10),
        "search": lambda: engine.search("s(0)", 0.1),
        "choose": lambda: engine.choose("s(0)", 1, 1.0),
    }
    with pytest.raises(GameRuleError, match="fake"):
        calls[verb]()


# -- a jailed game file, no bypass --------------------------------------------

def test_a_game_whose_players_nest_100000_deep_gets_a_verdict(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check-game", str(HOSTILE_GAMES / "deep_players.pl")])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    says(out + err, "players/1", "deeper than 32")
    assert "Traceback" not in out + err and "RecursionError" not in out + err


# -- a jailed bot after the bypass ------------------------------------------

@needs_bwrap
def test_a_bot_past_the_check_writing_a_deep_reply_crashes_only_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pybridge

    monkeypatch.setenv(sandbox.ENV, "bwrap")
    state = pybridge.load_game("tictactoe").initial_state()
    with UncheckedBotProcess(HERE / "hostile" / "jail" / "deep_reply.pl", "tictactoe", "first",
                             isolation="bwrap") as proc:
        assert proc.load().ready
        reply = proc.move(str(state), None, 5.0)
    assert reply.verdict is Verdict.CRASHED, reply
    assert "nest deeper than 32" in reply.detail, reply.detail
