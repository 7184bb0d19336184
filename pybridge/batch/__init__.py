"""``arena check-games``: every game project of a course's folder checked,
played and published in one run (layout, check, games, task, run,
publish, pages)."""

from pybridge.batch.check import Settings
from pybridge.batch.model import Result, Verdict
from pybridge.batch.publish import publish
from pybridge.batch.run import BatchError, Progress, run
from pybridge.batch.store import is_batch

__all__ = ["BatchError", "Progress", "Result", "Settings", "Verdict", "is_batch", "publish", "run"]
