"""The one place that calls pyswip.

One call at a time, under a lock. Calls run in the thread that started
Prolog; interruptible ones (AI thinking) and calls from other threads run on
a dedicated Prolog thread. Goals are fixed templates: data enters only
as quoted atoms and numbers made by :func:`term`, never as goal text.
Every goal runs inside ``arena_bridge:safe/2``, so a Prolog exception comes
back as data and is mapped to our exceptions; ``debug_on_error`` is off, so
nothing ever enters the debugger.

Ctrl-C: a call made with ``interruptible=True`` is stopped by raising SIGINT
in the Prolog thread (``PL_thread_raise``), which ``arena_bridge`` turns into
an exception; the caller gets :class:`Interrupted` and the engine stays usable.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import ctypes
import logging
import queue
import signal
import threading
from pathlib import Path
from typing import Any, Iterable, Mapping

from .errors import (
    Interrupted,
    PrologError,
    PrologUnavailableError,
    PrologValueError,
    ThinkTimeout,
)

log = logging.getLogger(__name__)

PROLOG_DIR = Path(__file__).resolve().parent.parent / "prolog"

_INPUT_ERRORS = frozenset(
    {"domain_error", "type_error", "syntax_error", "existence_error",
     "instantiation_error", "representation_error"}
)

INSTALL_HINT = (
    "SWI-Prolog is not installed (or pyswip cannot find libswipl).\n"
    "On Debian or Ubuntu: sudo apt-get install swi-prolog-nox\n"
    "Elsewhere: https://www.swi-prolog.org/Download.html"
)


def atom(text: str) -> str:
    """Prolog source text of a quoted atom whose name is ``text``."""
    out = ["'"]
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == "'":
            out.append("\\'")
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\x{code:x}\\")
        else:
            out.append(ch)
    out.append("'")
    return "".join(out)


def term(value: Any) -> str:
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


def text(value: Any) -> str:
    """A Prolog atom or string result as Python text."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    return str(value)


class Engine:
    """The embedded SWI-Prolog, owned by one thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: queue.SimpleQueue[tuple[Any, concurrent.futures.Future[Any]] | None]
        self._jobs = queue.SimpleQueue()
        self._closed = False
        # pyswip initialises Prolog where it is imported: here, so that its
        # own atexit cleanup runs in the same thread
        self._pyswip = _import_pyswip()
        self._home = threading.get_ident()
        # a daemon: atexit callbacks run before it is stopped, so close() can
        # still hand its engine back
        self._thread = threading.Thread(target=self._serve, name="prolog", daemon=True)
        self._thread.start()
        try:
            self._tid = self._submit(self._start).result()
        except BaseException:
            self._jobs.put(None)
            raise
        if threading.current_thread() is threading.main_thread():
            # on_signal/3 took the process's SIGINT handler: give it back to
            # Python; the Prolog handler still serves PL_thread_raise
            signal.signal(signal.SIGINT, signal.getsignal(signal.SIGINT))
        self._thread_raise = self._pyswip.core._lib.PL_thread_raise
        self._thread_raise.argtypes = [ctypes.c_int, ctypes.c_int]
        self._thread_raise.restype = ctypes.c_int
        atexit.register(self.close)

    def _serve(self) -> None:
        # Ctrl-C belongs to the waiting caller, which forwards it
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        while (job := self._jobs.get()) is not None:
            fn, future = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as exc:
                future.set_exception(exc)

    def _submit(self, fn: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._jobs.put((fn, future))
        return future

    def _start(self) -> int:
        prolog = self._pyswip.Prolog
        list(prolog.query("set_prolog_flag(debug_on_error, false)", maxresult=1))
        list(prolog.query("set_prolog_flag(report_error, false)", maxresult=1))
        bridge = (PROLOG_DIR / "bridge.pl").as_posix()
        list(prolog.query(f"use_module({atom(bridge)})", maxresult=1))
        return int(self._pyswip.core.PL_thread_self())

    def call(
        self,
        goal: str,
        *,
        interruptible: bool = False,
    ) -> dict[str, Any] | None:
        """Run ``goal`` (Prolog text, already module-qualified) once.

        Returns the variable bindings when it succeeds and None when it
        fails; a Prolog exception raises :class:`PrologValueError` (input
        errors), :class:`ThinkTimeout`, :class:`Interrupted` or
        :class:`PrologError`.
        """
        if interruptible:
            goal = f"arena_bridge:interruptible(({goal}))"
        wrapped = f"arena_bridge:safe(({goal}), Result__)"
        interrupted = False
        with self._lock:
            if self._closed:
                raise PrologError("closed", "the Prolog engine is shut down")
            if not interruptible and threading.get_ident() == self._home:
                bindings = self._run(wrapped)
            else:
                # on the Prolog thread: this thread can forward Ctrl-C, and
                # other threads do not each grow a Prolog engine
                future = self._submit(lambda: self._run(wrapped))
                while True:
                    try:
                        # a timeout, so that a pending Ctrl-C is seen promptly
                        bindings = future.result(timeout=0.05)
                        break
                    except concurrent.futures.TimeoutError:
                        continue
                    except KeyboardInterrupt:
                        interrupted = True
                        if interruptible:
                            self._thread_raise(self._tid, signal.SIGINT)
        result = bindings.pop("Result__")
        if interrupted and not interruptible:
            raise KeyboardInterrupt  # the call finished; the caller's Ctrl-C stands
        if result == "true":
            return bindings
        if result == "false":
            if interrupted:
                raise Interrupted()
            return None
        kind, message = _error_parts(result)
        if kind == "interrupted":
            raise Interrupted()
        if interrupted:
            raise Interrupted()
        if kind == "timeout":
            raise ThinkTimeout(message)
        if kind in _INPUT_ERRORS:
            raise PrologValueError(kind, message)
        raise PrologError(kind, message)

    def _run(self, goal: str) -> dict[str, Any]:
        log.debug("?- %s", goal)
        answers = list(self._pyswip.Prolog.query(goal, maxresult=1, normalize=False))
        if len(answers) != 1:  # safe/2 always succeeds exactly once
            raise PrologError("bridge", f"no answer from {goal}")
        return _bindings(answers[0])

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            # a foreign thread must give its engine back before it ends
            self._submit(self._pyswip.core._lib.PL_thread_destroy_engine).result()
            self._jobs.put(None)
        self._thread.join()


def _import_pyswip() -> Any:
    try:
        import pyswip
        import pyswip.core
    except Exception as exc:  # SwiPrologNotFoundError is no ImportError
        raise PrologUnavailableError(f"{INSTALL_HINT}\n({exc})") from None
    return pyswip


def _bindings(answer: Any) -> dict[str, Any]:
    """``variable_names`` bindings of a non-normalized pyswip answer."""
    from pyswip.easy import Atom, Functor, Term, Variable  # noqa: F401

    out: dict[str, Any] = {}
    for binding in answer:
        name = binding.args[0] if hasattr(binding, "args") else None
        value = binding.args[1] if name is not None else None
        out[_value(name)] = _value(value)
    return out


def _value(value: Any) -> Any:
    from pyswip.easy import Atom, Functor

    if isinstance(value, Atom):
        return value.value
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, list):
        return [_value(v) for v in value]
    if isinstance(value, Functor):
        return (value.name.value, [_value(a) for a in value.args])
    return value


def _error_parts(result: Any) -> tuple[str, str]:
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


def call(goal: str, *, interruptible: bool = False) -> dict[str, Any] | None:
    return engine().call(goal, interruptible=interruptible)


def goal(name: str, *args: Any, outputs: Iterable[str] = ()) -> str:
    """``arena_bridge:name(Args..., Outputs...)`` with ``args`` as terms."""
    parts = [term(a) for a in args] + list(outputs)
    return f"arena_bridge:{name}({', '.join(parts)})"


def bridge(name: str, *args: Any, outputs: Iterable[str] = (),
           interruptible: bool = False) -> Mapping[str, Any] | None:
    """Call ``arena_bridge:name/N`` with ``args`` as data; see :meth:`Engine.call`."""
    return call(goal(name, *args, outputs=outputs), interruptible=interruptible)
