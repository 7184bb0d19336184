"""The one pyswip helper: quoting, error mapping, threads, Ctrl-C."""

from __future__ import annotations

import signal
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pybridge
from pybridge.engine import _prolog
from pybridge.errors import Interrupted, PrologError, PrologValueError, ThinkTimeout


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_crosses_as_one_atom(text: str) -> None:
    got = _prolog.call(f"atom_length({_prolog.atom(text)}, N), X = {_prolog.atom(text)}")
    assert got is not None and got["N"] == len(text)
    # pyswip reads atoms back as C strings: text after a NUL is lost there
    assert got["X"] == text.split("\0")[0]


def test_user_text_is_never_run_as_a_goal() -> None:
    game = pybridge.load_game("tictactoe")
    state = game.initial_state()
    for evil in ("1), halt, (true", "5') , halt. %", "\\' ), halt, ( '", "1\n), halt, ("):
        with pytest.raises(pybridge.IllegalMoveError):
            state.move(evil)
        with pytest.raises(ValueError):
            game.state_from_text(evil)
    assert state.valid_moves()  # still alive


def test_prolog_errors_map_to_our_exceptions() -> None:
    with pytest.raises(PrologValueError, match="not sufficiently instantiated"):
        _prolog.call("atom_length(_, _)")
    with pytest.raises(PrologValueError):
        _prolog.call("atom_length(1, a)")
    with pytest.raises(PrologError) as info:
        _prolog.call("arena_bridge:no_such_predicate(1)")
    assert info.value.kind == "unknown_procedure"
    assert not isinstance(info.value, ValueError)
    assert _prolog.call("fail") is None
    assert _prolog.call("X is 6*7") == {"X": 42}


def test_time_limit_inside_prolog() -> None:
    with pytest.raises(ThinkTimeout):
        _prolog.call("call_with_time_limit(0.2, (repeat, fail))")
    with pytest.raises(ThinkTimeout):  # on the Prolog thread too
        _prolog.call("call_with_time_limit(0.2, (repeat, fail))", interruptible=True)
    assert _prolog.call("true") == {}


def test_ctrl_c_interrupts_an_interruptible_call_and_the_engine_lives_on() -> None:
    main = threading.main_thread().ident
    assert main == threading.get_ident()
    for _ in range(3):  # every time, not only the first
        timer = threading.Timer(0.3, signal.pthread_kill, (main, signal.SIGINT))
        timer.start()
        start = time.monotonic()
        with pytest.raises(Interrupted):
            _prolog.call("repeat, fail", interruptible=True)
        assert time.monotonic() - start < 30
        assert _prolog.call("X = ok") == {"X": "ok"}
    # outside a call, Ctrl-C is Python's again
    timer = threading.Timer(0.1, signal.pthread_kill, (main, signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        time.sleep(5)
    # a signal that arrives between calls does not hit the next one
    game = pybridge.load_game("tictactoe")
    assert game.initial_state().choose_move(1) in [str(i) for i in range(1, 10)]


def test_calls_from_many_threads_are_serialised() -> None:
    game = pybridge.load_game("tictactoe")
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            state = game.initial_state()
            while state.valid_moves():
                state = state.move(state.valid_moves()[seed % len(state.valid_moves())])
            assert state.game_over() is not None
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
