"""The arena's command line for tests: ``run`` calls it in this process
(its output read through capsys); ``ARENA`` and ``ARENA_MODULE`` start
it as a user does, the installed script or ``python -m shell``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from shell.cli.arena import main

#: The ``arena`` script installed beside this Python.
ARENA = str(Path(sys.executable).with_name("arena"))
#: The arena run as a module of the project (with the project on PYTHONPATH).
ARENA_MODULE = [sys.executable, "-m", "shell"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``arena ARGV`` in this process: its exit code, stdout and stderr."""
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err
