"""Where the project and its test data lie, for tests in any folder."""

from __future__ import annotations

from pathlib import Path

#: The tests folder: its data (gamefiles/, hostile/, bot_files/) and support/.
TESTS = Path(__file__).resolve().parent.parent
#: The project's root.
ROOT = TESTS.parent

__all__ = ["ROOT", "TESTS"]
