"""Where a check-games run keeps what it found, inside ``OUT``::

    OUT/batch.json                       what was run, with which settings
    OUT/submissions/NAME/game/...        a copy of the game's files (+ adapter)
    OUT/submissions/NAME/game.jsonl      the whole game played
    OUT/submissions/NAME/game.html       its step-through page
    OUT/submissions/NAME/index.html      the submission's page
    OUT/submissions/NAME/result.json     the row, written atomically last

Everything in it is read back as untrusted: as regular files inside
``OUT``, bounded (:mod:`pybridge.safeio`)."""

from __future__ import annotations

from pathlib import Path

from pybridge.batch.model import SubmissionResult, from_json
from pybridge.safeio import UnsafeFileError, read_json_inside

KIND = "prolog-arena-check-games"
BATCH = "batch.json"
SUBMISSIONS = "submissions"
RESULT = "result.json"
LOG = "game.jsonl"
GAME_PAGE = "game.html"


def is_batch(out: str | Path) -> bool:
    """Whether ``out`` is a check-games folder (its batch.json says so)."""
    try:
        doc = read_json_inside(out, BATCH, limit=64 * 1024)
    except (OSError, UnsafeFileError, ValueError):
        return False
    return isinstance(doc, dict) and doc.get("kind") == KIND


def folder_of(name: str) -> str:
    """The folder of submission ``name``, from ``OUT``."""
    return f"{SUBMISSIONS}/{name}"


def read_row(out: Path, name: str) -> SubmissionResult | None:
    """The finished row of ``name`` in ``out``, None when there is none
    (or it is unreadable: the submission is checked again)."""
    try:
        doc = read_json_inside(out, f"{folder_of(name)}/{RESULT}", limit=4 * 1024 * 1024)
        row = from_json(doc)
    except (OSError, UnsafeFileError, ValueError):
        return None
    return row if row.name == name else None


def rows_of(out: Path) -> list[SubmissionResult]:
    """The finished rows in ``out``, in name order."""
    rows = []
    base = out / SUBMISSIONS
    names = sorted(p.name for p in base.iterdir() if p.is_dir() and not p.is_symlink()) \
        if base.is_dir() else []
    for name in names:
        row = read_row(out, name)
        if row is not None:
            rows.append(row)
    return rows


__all__ = ["BATCH", "GAME_PAGE", "KIND", "LOG", "RESULT", "SUBMISSIONS", "folder_of", "is_batch",
           "read_row", "rows_of"]
