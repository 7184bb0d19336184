"""A course's run of ``arena check-games``: every submission of the
folders checked as a task of the championship's worker pool (this
process, ``jobs`` worker processes, or a Dask cluster), each answer read
as untrusted, its adapter and log written into ``OUT`` and the log
replayed through the rules before the row says the game was played.

``OUT`` keeps a folder per submission (:mod:`pybridge.batch.store`). A
row is final once its result.json is written: ``resume`` keeps those and
checks the others; Ctrl-C loses only the submissions under way.
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Sequence

from pybridge.batch import layout
from pybridge.batch.check import ADAPTER_SUFFIX, CheckedSubmission, BatchSettings, Task, check_submission
from pybridge.batch.model import Adapter, AdapterStatus, WholeGame, SubmissionResult, SubmissionVerdict
from pybridge.batch.pages import write_game_page
from pybridge.batch.store import BATCH, KIND, LOG, RESULT, folder_of, is_batch, read_row
from pybridge.batch.task import ShipmentError, read_answer, run_task, shipment
from pybridge.championship.cluster import Pool, Scheduler
from pybridge.championship.shipment import Shipment
from pybridge.errors import ArenaError
from pybridge.replay import ReplayError, rebuild
from pybridge.replay.reader import parse_replay
from pybridge.safeio import UnsafeFileError, ensure_folder, write_inside
from pybridge.text import clean_line

class BatchError(ArenaError, ValueError):
    """A run that cannot start: OUT holds something else, nothing to check."""


@dataclass(frozen=True)
class BatchProgress:
    done: int
    total: int
    kept: int
    elapsed: float
    last: SubmissionResult | None = None


@dataclass(frozen=True)
class BatchOutcome:
    out: Path
    rows: list[SubmissionResult]
    kept: int
    passed: list[str]


def _start(out: Path, folders: Sequence[str], settings: BatchSettings, resume: bool) -> None:
    if out.exists() and not out.is_dir():
        raise BatchError(f"--out {clean_line(out, 300)} is a file")
    if out.is_dir() and any(out.iterdir()):
        if not is_batch(out):
            raise BatchError(f"--out {clean_line(out, 300)} is not empty and holds no "
                             "check-games run: give a new folder")
        if not resume:
            raise BatchError(f"--out {clean_line(out, 300)} holds a check-games run already: "
                             "add --resume to go on with it, or give a new folder")
    out.mkdir(parents=True, exist_ok=True)
    doc = {"kind": KIND, "folders": [str(Path(f).resolve()) for f in folders],
           "settings": dataclasses.asdict(settings),
           "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    write_inside(out, BATCH, json.dumps(doc, indent=2) + "\n")


def run(folders: Sequence[str], out: str | Path, *, settings: BatchSettings, jobs: int = 1,
        scheduler: Scheduler | None = None, resume: bool = False,
        on_progress: Callable[[BatchProgress], None] | None = None) -> BatchOutcome:
    """Check every submission of ``folders`` into ``out`` (see the module's
    text). KeyboardInterrupt leaves the finished rows for ``resume``."""
    out = Path(out)
    subs, passed = layout.submissions(list(folders))
    if not subs:
        raise BatchError("no submission folder in " + ", ".join(clean_line(f, 200)
                                                              for f in folders))
    _start(out, folders, settings, resume)
    rows: dict[str, SubmissionResult] = {}
    for sub in subs:
        row = read_row(out, sub.name) if resume else None
        if row is not None:
            rows[sub.name] = row
    kept = len(rows)
    start = time.monotonic()

    def finish(row: SubmissionResult) -> None:
        rows[row.name] = row
        write_inside(out, f"{folder_of(row.name)}/{RESULT}",
                     json.dumps(row.to_json(), indent=1, ensure_ascii=False) + "\n")
        if on_progress is not None:
            on_progress(BatchProgress(len(rows), len(subs), kept, time.monotonic() - start, row))

    todo: list[tuple[Task, Shipment]] = []
    for sub in subs:
        if sub.name in rows:
            continue
        staged = _stage(out, sub)
        if isinstance(staged, SubmissionResult):
            finish(staged)
        else:
            todo.append(staged)
    tasks = {t.name: t for t, _ in todo}
    if todo:
        with Pool(jobs=jobs, scheduler=scheduler, isolation=settings.isolation,
                  task=run_task) as pool:
            futures = [pool.submit(check_submission, settings, t, shipped, key=t.name)
                       for t, shipped in todo]
            for returned in pool.results(futures):
                t = tasks.get(returned.key)
                if t is None or t.name in rows:
                    continue             # not asked for, or answered twice
                checked = read_answer(t, returned.answer, required=settings.isolation)
                finish(_written(out, t, checked))
    ordered = [rows[s.name] for s in subs if s.name in rows]
    return BatchOutcome(out, ordered, kept, passed)


def _stage(out: Path, sub: layout.SubmissionFolder) -> tuple[Task, Shipment] | SubmissionResult:
    """The copy of the game's files in OUT and the task that checks it,
    or the row of a submission that cannot be checked."""
    row = SubmissionResult(sub.name, sub.relative_game, sub.found_by, notes=sub.notes)
    if sub.game is None:
        return replace(row, verdict=SubmissionVerdict.NO_GAME,
                       played=WholeGame(False, reason=clean_line(sub.why, 600)),
                       adapter=Adapter(AdapterStatus.NONE, why="no game file"),
                       load=(clean_line(sub.why, 600),))
    try:
        shipped, own = shipment(sub)
        game_dir = ensure_folder(out, f"{folder_of(sub.name)}/game")
        assert shipped.game is not None
        for relative, data in shipped.game[1]:
            write_inside(game_dir, relative, data)
    except (ShipmentError, UnsafeFileError, OSError) as exc:
        return replace(row, verdict=SubmissionVerdict.FAILED,
                       notes=row.notes + (clean_line(f"not shipped: {exc}", 600),))
    main = shipped.game[0]
    return Task(sub.name, sub.relative_game, main, sub.found_by, sub.config, sub.dialect, own,
                str(game_dir.resolve()), sub.notes), shipped


def _written(out: Path, task: Task, checked: CheckedSubmission) -> SubmissionResult:
    """The row once its adapter and log are in OUT and the log has been
    replayed through the rules (a log that does not replay: not played)."""
    row = checked.result
    base = folder_of(task.name)
    name = row.adapter.file
    if checked.adapter_text and name and name.endswith(ADAPTER_SUFFIX) \
            and "/" not in name and name != task.main:
        try:
            write_inside(out, f"{base}/game/{name}", checked.adapter_text)
        except UnsafeFileError as exc:
            row = replace(row, notes=row.notes + (clean_line(f"adapter not written: {exc}"),))
    if not checked.log:
        return row
    try:
        write_inside(out, f"{base}/{LOG}", checked.log)
    except UnsafeFileError as exc:
        return replace(row, played=WholeGame(False, reason=clean_line(f"log not written: {exc}")))
    played = replace(row.played, log=f"{base}/{LOG}")
    try:
        rebuilt = rebuild(parse_replay(checked.log, out / base / LOG))
    except (ReplayError, ArenaError, ValueError) as exc:
        return replace(row, played=replace(played, done=False, reason=clean_line(
            f"its log does not replay through the rules: {exc}", 600)))
    if played.done and rebuilt.replay.result is None:
        played = replace(played, done=False, reason="its log has no result")
    try:
        write_game_page(out, task.name, rebuilt)
    except (ArenaError, ValueError, OSError) as exc:
        row = replace(row, notes=row.notes + (clean_line(f"game page not written: {exc}"),))
    return replace(row, played=played)


__all__ = ["BatchError", "BatchOutcome", "BatchProgress", "run"]
