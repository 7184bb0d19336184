"""The start of a host's command line, the same for both hosts: swipl on
the saved state both start from, or on the host's Prolog source."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from pybridge.jail import sandbox


def host_prefix(state: Path | None, source: Path, *, jailed: bool,
                no_threads: bool = False) -> list[str]:
    """swipl's arguments up to ``--``: the saved state ``state`` (as the
    jail shows it when ``jailed``), else the Prolog file ``source``."""
    swipl = os.path.realpath(shutil.which("swipl") or "swipl")
    if state is not None:
        return [swipl, "-x", sandbox.STATE_MOUNT if jailed else str(state), "--"]
    return [swipl, "-f", "none", "-q", "--no-tty", "--no-packs",
            *(["--no-threads"] if no_threads else []), "--no-debug", str(source), "--"]


__all__ = ["host_prefix"]
