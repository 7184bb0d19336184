"""Running a plunit file of ours (tests/*_unit.pl) in a fresh swipl."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def run_plunit(unit: Path) -> str:
    """Runs every test of ``unit``; fails the calling test on a failed
    test, an error or a warning (a choice point left by a det test is
    one), and returns swipl's output."""
    run = subprocess.run(
        ["swipl", "-g", f"consult('{unit.as_posix()}'), run_tests", "-t", "halt"],
        capture_output=True, text=True, timeout=60,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "Warning" not in output and "ERROR" not in output, output
    assert re.search(r"All \d+ tests passed", output), output
    return output
