"""Shells for tests: ``quiet_shell`` run line by line with ``execute``,
and ``drive``, through prompt_toolkit's pipe input as a user would: one
chunk of keys at a time, each sent once the prompt is waiting. Every test
makes its shell here, so a change of Shell's parameters is made once."""

from __future__ import annotations

import io
import threading
import time
from typing import Any, Iterable, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from shell.repl.lines import CLEAR_HINT
from shell.repl.loop import Shell, ShellOptions

TAB = "\t"
ENTER = "\r"
CTRL_U = "\x15"


def make_shell(*, out: TextIO | None = None, color: bool = False,
               prompt_session: PromptSession[str] | None = None, **options: Any) -> Shell:
    """A shell printing to ``out`` (a new ``io.StringIO`` when none is
    given, read back as ``shell.out.getvalue()``), interactive when it has
    a ``prompt_session``; ``options`` are the rest of Shell's parameters
    (``log_dir``, ``move_time``, ...)."""
    return Shell(out=io.StringIO() if out is None else out, color=color,
                 prompt_session=prompt_session, interactive=prompt_session is not None,
                 options=ShellOptions(**options))


def quiet_shell(**options: Any) -> Shell:
    """A shell with no prompt and no colour, run with ``execute``."""
    return make_shell(**options)


def completions(shell: Shell, text: str) -> dict[str, str]:
    """What Tab offers after ``text`` (at the end of the line): each
    completion with the help shown beside it."""
    doc = Document(text, len(text))
    found = shell.completer().get_completions(doc, CompleteEvent(completion_requested=True))
    return {c.text: c.display_meta_text for c in found}


class Transcript:
    def __init__(self, shell: Shell, text: str, refused: list[str]) -> None:
        self.shell = shell
        self.text = text
        self.refused = refused  # what the validator said of each line it refused, in order

    def __contains__(self, part: str) -> bool:
        return part in self.text


def drive(chunks: Iterable[str], *, timeout: float = 60.0, setup=None) -> Transcript:
    """Run a shell fed with ``chunks``; end of input ends it (like Ctrl-D)."""
    with create_pipe_input() as pipe:
        session: PromptSession[str] = PromptSession(input=pipe, output=DummyOutput())
        out = io.StringIO()
        shell = make_shell(out=out, prompt_session=session)
        if setup is not None:
            setup(shell)
        failure: list[str] = []
        refused: list[str] = []

        def feed() -> None:
            seen = None  # the refusal already counted, until the line changes
            try:
                keys = iter(chunks)
                while True:
                    # settle first: a generator of chunks may look at the game
                    if not _settled(shell, session, timeout, seen):
                        failure.append("no prompt for the next keys")
                        break
                    error = session.default_buffer.validation_error
                    if error is not None and error is not seen:
                        # every refusal says how to clear the line; read as
                        # one line, as wrapped to the terminal it is not
                        message = " ".join(line.strip() for line in error.message.splitlines())
                        if not message.endswith(CLEAR_HINT):
                            failure.append(f"refusal without {CLEAR_HINT!r}: {message!r}")
                        refused.append(message.removesuffix(CLEAR_HINT))
                        seen = error
                    chunk = next(keys, None)
                    if chunk is None:
                        break
                    before = session.default_buffer.text
                    shell.prompt_ready.clear()
                    # a terminal sends bytes: a lone surrogate Hypothesis draws is none
                    pipe.send_text(chunk.encode("utf-8", "replace").decode("utf-8"))
                    if TAB in chunk:
                        _wait_for_completion(session, before)
                    if not chunk.endswith((ENTER, "\x03")):
                        shell.prompt_ready.set()  # still the same prompt
            finally:
                _settled(shell, session, timeout, None)
                pipe.close()

        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()
        shell.run()
        feeder.join(timeout)
        assert not failure, failure
        return Transcript(shell, out.getvalue(), refused)


def _settled(shell: Shell, session: PromptSession[str], timeout: float, seen: object) -> bool:
    """Wait for a new prompt, or for the validator to refuse the line (a
    refusal other than ``seen``, which is of keys sent before)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if shell.prompt_ready.wait(0.02) or shell.done:
            return True
        error = session.default_buffer.validation_error
        if error is not None and error is not seen:
            return True
    return False


def _wait_for_completion(session: PromptSession[str], before: str) -> None:
    deadline = time.monotonic() + 10
    buffer = session.default_buffer
    while time.monotonic() < deadline:
        if buffer.complete_state is not None or buffer.text != before:
            time.sleep(0.05)
            return
        time.sleep(0.02)
