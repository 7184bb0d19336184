"""Fixtures of the jail's tests: no escape attack leaves its marker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.corpus import ESCAPE_PWNED


@pytest.fixture()
def no_escape_marker() -> Iterator[None]:
    """The file an escape attack creates is absent before the test and after it."""
    ESCAPE_PWNED.unlink(missing_ok=True)
    yield
    assert not ESCAPE_PWNED.exists(), "an attack created its marker file"
