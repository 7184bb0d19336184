"""``arena check-games``: every game project of a course's folder checked,
played and published in one run (layout, check, games, task, run,
publish, pages)."""

from pybridge.batch.check import BatchSettings
from pybridge.batch.model import SubmissionResult, SubmissionVerdict
from pybridge.batch.publish import publish
from pybridge.batch.run import BatchError, BatchProgress, run
from pybridge.batch.store import is_batch

__all__ = ["BatchError", "BatchProgress", "BatchSettings", "SubmissionResult", "SubmissionVerdict", "is_batch",
           "publish", "run"]
