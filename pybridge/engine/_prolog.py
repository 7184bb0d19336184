"""The one place that calls pyswip.

One call at a time, under a lock, in the thread that started Prolog; calls
from other threads are served by one helper thread (each thread would
otherwise grow a Prolog engine of its own). Goals are fixed templates: data enters only
as quoted atoms and numbers made by :func:`term`, never as goal text.
Every goal runs inside ``arena_bridge:safe/2``, so a Prolog exception comes
back as data and is mapped to our exceptions; ``debug_on_error`` is off, so
nothing ever enters the debugger.

Ctrl-C: during a call made with ``interruptible=True`` SWI-Prolog owns
SIGINT (``on_signal/3``) and ``arena_bridge`` turns it into an exception; the
caller gets :class:`Interrupted`, the engine stays usable, and Python's
handler is back when the call returns.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import logging
import queue
import re
import signal
import threading
from typing import Any, Callable, Iterable, TypeVar, Union

from pybridge.errors import (
    GameRuleError,
    Interrupted,
    PrologError,
    PrologUnavailableError,
    PrologValueError,
    ThinkTimeout,
)
from pybridge.engine.resources import prolog_dir

log = logging.getLogger(__name__)

PROLOG_DIR = prolog_dir()

_INPUT_ERRORS = frozenset(
    {"domain_error", "type_error", "syntax_error", "existence_error",
     "instantiation_error", "representation_error"}
)

INSTALL_HINT = (
    "SWI-Prolog is not installed (or pyswip cannot find libswipl).\n"
    "On Debian or Ubuntu: sudo apt-get install swi-prolog-nox\n"
    "Elsewhere: https://www.swi-prolog.org/Download.html"
)


#: A ground Prolog answer as Python sees it: an atom or string as text, a
#: number, a list, or a compound term as (name, arguments).
Term = Union[str, int, float, list["Term"], tuple[str, list["Term"]]]

#: A query's variable bindings by variable name.
Bindings = dict[str, Term]


_R = TypeVar("_R")

#: What a quoted atom escapes: the backslash, the quote, C0 controls and DEL.
_ATOM_ESCAPED = re.compile(r"[\\'\x00-\x1f\x7f]")


def _atom_escape(match: re.Match[str]) -> str:
    ch = match.group()
    return "\\\\" if ch == "\\" else "\\'" if ch == "'" else f"\\x{ord(ch):x}\\"


def atom(text: str) -> str:
    """Prolog source text of a quoted atom whose name is ``text``."""
    return "'" + _ATOM_ESCAPED.sub(_atom_escape, text) + "'"


def term(value: object) -> str:
    """Prolog source text of a Python value: int, float, bool, str (as an
    atom), or a list/tuple of those."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"cannot pass {value!r} to Prolog")
        return repr(value)
    if isinstance(value, str):
        return atom(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(term(v) for v in value) + "]"
    raise TypeError(f"cannot pass {type(value).__name__} to Prolog")


def text(value: object) -> str:
    """A Prolog atom or string result as Python text."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    return str(value)


def items(value: Term) -> list[Term]:
    """A Prolog list result; TypeError when it is none."""
    if not isinstance(value, list):
        raise TypeError(f"a Prolog answer that is not a list: {value!r}")
    return value


def number(value: Term) -> float:
    """A Prolog number result; TypeError when it is none."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a Prolog answer that is not a number: {value!r}")
    return float(value)


def integer(value: Term) -> int:
    """A Prolog integer result; TypeError when it is none."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a Prolog answer that is not an integer: {value!r}")
    return value


class Engine:
    """The embedded SWI-Prolog, used from the thread that started it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._closed = False
        # pyswip initialises Prolog where it is imported: here, so that its
        # own atexit cleanup runs in the same thread
        self._pyswip = _import_pyswip()
        self._home = threading.get_ident()
        # Ctrl-C can stop a call only where Python's SIGINT handler lives
        self._signals = threading.current_thread() is threading.main_thread()
        self._python_sigint = signal.getsignal(signal.SIGINT) if self._signals else None
        self._worker: threading.Thread | None = None
        # the worker's jobs, each one call that settles its future; None ends it
        self._jobs: queue.SimpleQueue[Callable[[], None] | None] = queue.SimpleQueue()
        prolog = self._pyswip.Prolog
        list(prolog.query("set_prolog_flag(debug_on_error, false)", maxresult=1))
        list(prolog.query("set_prolog_flag(report_error, false)", maxresult=1))
        bridge = (PROLOG_DIR / "bridge.pl").as_posix()
        list(prolog.query(f"use_module({atom(bridge)})", maxresult=1))
        if self._signals:
            # call_with_time_limit/2 starts a timer thread on first use; start
            # it now with SIGINT blocked, so that Ctrl-C always reaches this
            # thread (threads inherit the signal mask of their creator)
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                list(prolog.query("call_with_time_limit(3600, true)", maxresult=1))
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        atexit.register(self.close)

    def call(
        self,
        goal: str,
        *,
        interruptible: bool = False,
    ) -> Bindings | None:
        """Run ``goal`` (Prolog text, already module-qualified) once.

        Returns the variable bindings when it succeeds and None when it
        fails; a Prolog exception raises :class:`PrologValueError` (input
        errors), :class:`ThinkTimeout`, :class:`Interrupted` or
        :class:`PrologError`.
        """
        home = threading.get_ident() == self._home
        interruptible = interruptible and home and self._signals
        if interruptible:
            goal = f"arena_bridge:interruptible(({goal}))"
        wrapped = f"arena_bridge:safe(({goal}), Result__)"
        with self._lock:
            if self._closed:
                raise PrologError("closed", "the Prolog engine is shut down")
            if home:
                try:
                    # interruptible/1 hands SIGINT to Prolog for the call
                    bindings = self._run(wrapped)
                finally:
                    if interruptible:
                        signal.signal(signal.SIGINT, self._python_sigint)
            else:
                # other threads would each grow a Prolog engine: one serves them
                bindings = self._submit(lambda: self._run(wrapped)).result()
        result = bindings.pop("Result__")
        if result == "true":
            return bindings
        if result == "false":
            return None
        raise error_for(*_error_parts(result))

    def _run(self, goal: str) -> Bindings:
        log.debug("?- %s", goal)
        answers = list(self._pyswip.Prolog.query(goal, maxresult=1, normalize=False))
        if len(answers) != 1:  # safe/2 always succeeds exactly once
            raise PrologError("bridge", f"no answer from {goal}")
        return _bindings(answers[0])

    def _submit(self, fn: Callable[[], _R]) -> concurrent.futures.Future[_R]:
        if self._worker is None:
            # a daemon: atexit callbacks run before it is stopped, so close()
            # can still hand its engine back
            self._worker = threading.Thread(target=self._serve, name="prolog", daemon=True)
            self._worker.start()
        future: concurrent.futures.Future[_R] = concurrent.futures.Future()

        def job() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                future.set_result(fn())
            except BaseException as exc:
                future.set_exception(exc)

        self._jobs.put(job)
        return future

    def _serve(self) -> None:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        while (job := self._jobs.get()) is not None:
            job()

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._worker is not None:
                # a foreign thread must give its engine back before it ends
                self._submit(self._pyswip.core._lib.PL_thread_destroy_engine).result()
                self._jobs.put(None)
        if self._worker is not None:
            self._worker.join()


def _import_pyswip() -> Any:
    try:
        import pyswip
        import pyswip.core
    except Exception as exc:  # SwiPrologNotFoundError is no ImportError
        raise PrologUnavailableError(f"{INSTALL_HINT}\n({exc})") from None
    return pyswip


def _bindings(answer: Any) -> Bindings:
    """``variable_names`` bindings of a non-normalized pyswip answer (Any:
    pyswip's objects have no types)."""
    out: Bindings = {}
    for binding in answer:
        name = binding.args[0] if hasattr(binding, "args") else None
        value = binding.args[1] if name is not None else None
        out[text(_value(name))] = _value(value)
    return out


def _value(value: object) -> Term:
    from pyswip.easy import Atom, Functor

    if isinstance(value, Atom):
        return str(value.value)
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, list):
        return [_value(v) for v in value]
    if isinstance(value, Functor):
        return (str(value.name.value), [_value(a) for a in value.args])
    if isinstance(value, (str, int, float)):
        return value
    return str(value)       # not ground (a variable): as text


def error_for(kind: str, message: str) -> BaseException:
    """The exception for a Prolog error of ``kind`` (as arena_bridge:safe/2
    names it) saying ``message``."""
    if kind == "interrupted":
        return Interrupted()
    if kind == "timeout":
        return ThinkTimeout(message)
    if kind in _INPUT_ERRORS:
        return PrologValueError(kind, message)
    if kind == "game_rule":
        return GameRuleError(kind, message)
    return PrologError(kind, message)


def _error_parts(result: Term) -> tuple[str, str]:
    # error(Kind, Message) arrives as a Functor, already mapped by _value
    if isinstance(result, tuple) and result[0] == "error" and len(result[1]) == 2:
        kind, message = result[1]
        return text(kind), text(message)
    return "other", str(result)


_engine: Engine | None = None
_engine_lock = threading.Lock()


def engine() -> Engine:
    """The process's Prolog engine, started on first use."""
    global _engine
    with _engine_lock:
        if _engine is None:
            _engine = Engine()
        return _engine


def call(goal: str, *, interruptible: bool = False) -> Bindings | None:
    return engine().call(goal, interruptible=interruptible)


def goal(name: str, *args: object, outputs: Iterable[str] = ()) -> str:
    """``arena_bridge:name(Args..., Outputs...)`` with ``args`` as terms."""
    parts = [term(a) for a in args] + list(outputs)
    return f"arena_bridge:{name}({', '.join(parts)})"


def bridge(name: str, *args: object, outputs: Iterable[str] = (),
           interruptible: bool = False) -> Bindings | None:
    """Call ``arena_bridge:name/N`` with ``args`` as data; see :meth:`Engine.call`."""
    return call(goal(name, *args, outputs=outputs), interruptible=interruptible)
