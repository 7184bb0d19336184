"""Fixtures of the championship's tests: a copy of a played tournament."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


@pytest.fixture
def folder(played: Path, tmp_path: Path) -> Path:
    """A copy of the ``played`` tournament's folder, for a test to change."""
    out = tmp_path / "out"
    shutil.copytree(played, out)
    return out
