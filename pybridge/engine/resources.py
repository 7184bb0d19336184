"""Where the Prolog files are: the package ``pybridge.prolog`` (the
project's ``prolog/`` folder, linked there as ``pybridge/prolog``), found
through importlib.resources in normal and editable installs alike."""

from __future__ import annotations

import importlib.resources
from pathlib import Path


def prolog_dir() -> Path:
    """The folder holding arena.pl, games/, ai/ and bots/. A source tree
    that is not installed finds its own ``prolog/`` beside this package."""
    try:
        found = importlib.resources.files("pybridge.prolog")
    except ModuleNotFoundError:
        found = None
    if isinstance(found, Path) and (found / "arena.pl").is_file():
        return found.resolve()
    return Path(__file__).resolve().parents[2] / "prolog"


__all__ = ["prolog_dir"]
