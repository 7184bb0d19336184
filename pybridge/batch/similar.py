"""Similar projects: ``arena similar``'s comparison over the game files
of a run's submissions (each game file with the files it loads), saved
as ``OUT/similarity.json`` for the pages to flag."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from pybridge.batch.layout import SubmissionFolder
from pybridge.championship import similar
from pybridge.models import sources


def compare(out: Path, subs: Sequence[SubmissionFolder], *, threshold: float | None = None) -> int:
    """Compare the submissions' game files, save the pairs in ``out``;
    how many pairs are flagged (0 when fewer than two could be read)."""
    found = []
    for s in subs:
        if s.game is None:
            continue
        try:
            files = list(sources.files(s.game).values())
        except sources.GameSourcesError:
            continue
        kept = [str(f) for f in files if similar.usable(f) is None][:similar.MAX_FILES]
        if kept:
            found.append(similar.SubmissionFiles(s.name, tuple(kept)))
    if len(found) < 2:
        return 0
    result = similar.comparison(found, threshold=similar.THRESHOLD if threshold is None
                                else threshold)
    similar.save(out, result.pairs, result.skipped)
    return sum(p.flagged for p in result.pairs)


__all__ = ["compare"]
