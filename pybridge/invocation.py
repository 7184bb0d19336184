"""The commands the arena tells its user to type: :func:`command_line`
gives one that works when copied into the same terminal (``arena`` where
that is on the PATH, else this program's own path; inside the shell, the
shell's own command)."""

from __future__ import annotations

import functools
import os
import shlex
import shutil
import sys

#: What an ``arena`` subcommand is called inside the interactive shell.
SHELL_COMMANDS = {"resume": "load", "replay": "replay", "games": "games"}


@functools.lru_cache(maxsize=1)
def program() -> str:
    """The words that start the arena in this terminal, quoted for a shell:
    ``arena`` when the PATH finds this program (or finds one while this
    program is not the ``arena`` script), else the script's own absolute
    path, else ``PYTHON -m shell``."""
    argv0 = sys.argv[0] if sys.argv else ""
    me = os.path.abspath(argv0) if os.path.basename(argv0) == "arena" \
        and os.path.isfile(argv0) else None
    found = shutil.which("arena")
    if found is not None and (me is None or _same_file(found, me)):
        return "arena"
    if me is None:
        beside = os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "arena")
        if os.path.isfile(beside) and os.access(beside, os.X_OK):
            me = beside
    if me is None:
        return f"{shlex.quote(sys.executable)} -m shell"
    return shlex.quote(me)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def command_line(*words: str, in_shell: bool = False) -> str:
    """``arena WORDS...`` as the user can type it here, every word quoted
    as a shell needs; ``in_shell``: as the interactive shell's own
    command (``resume FILE`` is ``load FILE`` there), where it has one."""
    quoted = [shlex.quote(w) for w in words]
    if in_shell and words and words[0] in SHELL_COMMANDS:
        return " ".join([SHELL_COMMANDS[words[0]], *quoted[1:]])
    return " ".join([program(), *quoted])


__all__ = ["SHELL_COMMANDS", "command_line", "program"]
