"""One submission as a task of the championship's worker pool
(:class:`pybridge.championship.cluster.Pool`): what travels (the game's
files by content, as a tournament ships a game file), what the worker
runs (its own copy in a temporary folder, checked there) and the plain
data it answers, which the client reads back as untrusted
(:func:`read_answer`)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path, PurePosixPath
from typing import Callable, TypedDict

from pybridge.batch.check import ADAPTER_SUFFIX, CheckedSubmission, BatchSettings, Task
from pybridge.batch.layout import SubmissionFolder, safe_name
from pybridge.batch.model import SubmissionResult, SubmissionVerdict, from_json
from pybridge.championship import answers
from pybridge.championship.shipment import GAME_FOLDER_BYTES, Shipment, installed_version
from pybridge.jail import sandbox
from pybridge.models import sources
from pybridge.safeio import relative_parts
from pybridge.text import clean_line
from pybridge.types import Isolation, JSONObject

#: The largest adapter and log an answer may carry.
ADAPTER_BYTES = 256 * 1024
LOG_BYTES = 8 * 1024 * 1024
KEYS = frozenset({"name", "result", "adapter", "log", "isolation"})


class ShipmentError(ValueError):
    """A submission whose game's files cannot be shipped (too large, unreadable)."""


def shipment(sub: SubmissionFolder) -> tuple[Shipment, str]:
    """The game's files of ``sub`` (the game file, what it loads, an
    adapter of its own beside it with what that loads, and the Prolog
    files beside it that fit), and the adapter's name in them ('' if
    none)."""
    assert sub.game is not None
    game = Path(sub.game)
    own = game.with_name(game.stem + ADAPTER_SUFFIX)
    try:
        with sources.within(sub.folder):    # never a sibling submission's files
            found = dict(sources.files(game))
            if own.is_file() and not own.is_symlink():
                found.update({k: v for k, v in sources.files(own).items() if k not in found})
    except sources.GameSourcesError as exc:
        raise ShipmentError(str(exc)) from None
    contents, size = [], 0
    for relative, path in found.items():
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise ShipmentError(f"cannot read {clean_line(relative, 200)}: {exc.strerror}") \
                from None
        size += len(data)
        if size > GAME_FOLDER_BYTES:
            raise ShipmentError(f"the game file and the files it loads hold more than "
                                f"{GAME_FOLDER_BYTES // 2**20} MB")
        contents.append((relative, data))
    main = next(iter(found))
    contents += _beside(game, PurePosixPath(main).parent, set(found.values()),
                        GAME_FOLDER_BYTES - size)
    own_name = next((k for k, v in found.items() if v == own.resolve()), "")
    return Shipment((), (main, tuple(contents)), str(game)), own_name


def _beside(game: Path, at: PurePosixPath, shipped: set[Path],
            room: int) -> list[tuple[str, bytes]]:
    """The Prolog files beside the game that it does not load (parts no
    file loads, which check-game may load with it), as long as they fit
    in ``room`` bytes: (relative name under ``at``, contents) pairs."""
    out: list[tuple[str, bytes]] = []
    try:
        beside = sorted(game.parent.iterdir())[:sources.MAX_FILES]
    except OSError:
        return out
    for path in beside:
        if path.suffix not in sources.SUFFIXES[1:] or path.is_symlink() or not path.is_file() \
                or path.resolve() in shipped:
            continue
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if len(data) > room:
            continue
        room -= len(data)
        out.append((str(at / path.name), data))
    return out


def unpack(shipped: Shipment, where: Path) -> Path:
    """The shipped game's files written under ``where``; the folder."""
    assert shipped.game is not None
    for relative, data in shipped.game[1]:
        target = where.joinpath(*relative_parts(relative, "shipped file"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return where


def run_task(check: Callable[[BatchSettings, Task, Path], CheckedSubmission],
             settings: BatchSettings, task: Task, shipped: Shipment, client_version: str
             ) -> SubmissionAnswer:
    """What a worker runs for one submission (the pool's task): its files
    in a temporary folder of its own, ``check`` run on them there, the
    folder removed; the answer is plain data."""
    mine = installed_version()
    if mine != client_version:
        return _refusal(task, f"this worker runs prolog-arena {mine}, the client "
                              f"{client_version}: install the same version on both",
                        sandbox.current())
    isolation, problem = answers.required_isolation(settings.isolation)
    if problem is not None:
        return _refusal(task, problem, isolation)
    where = Path(tempfile.mkdtemp(prefix="arena-check-"))
    try:
        # laid out as the client's copy is (OUT/submissions/NAME/game/)
        got = check(settings, task, unpack(shipped, where / safe_name(task.name) / "game"))
    except Exception as exc:            # never the pool's failure: a row that says so
        return _refusal(task, f"{type(exc).__name__}: {exc}", isolation)
    finally:
        shutil.rmtree(where, ignore_errors=True)
    return {"name": task.name, "result": got.result.to_json(),
            "adapter": got.adapter_text[:ADAPTER_BYTES], "log": bytes(got.log[:LOG_BYTES]),
            "isolation": str(isolation)}


class SubmissionAnswer(TypedDict):
    """A worker's answer for one submission (msgpack, so ``log`` is bytes)."""

    name: str
    result: JSONObject
    adapter: str
    log: bytes
    isolation: str


def _refusal(task: Task, why: str, isolation: Isolation) -> SubmissionAnswer:
    row = SubmissionResult(task.name, task.game_file, task.found_by,
                           verdict=SubmissionVerdict.FAILED, notes=(clean_line(f"the worker could not check it: {why}", 600),))
    return {"name": task.name, "result": row.to_json(), "adapter": "", "log": b"",
            "isolation": str(isolation)}


def read_answer(task: Task, found: object, *, required: str) -> CheckedSubmission:
    """A worker's answer for ``task`` read as untrusted data: its row (the
    name and game file are the client's own), the adapter's text, the log.
    An answer that is not one gives a row saying so."""
    def failed(why: str) -> CheckedSubmission:
        return CheckedSubmission(SubmissionResult(task.name, task.game_file, task.found_by, verdict=SubmissionVerdict.FAILED,
                              notes=(clean_line(why, 600),)))

    if isinstance(found, answers.Unreadable):
        return failed(f"the worker's answer is not plain data: {found.why}")
    if not isinstance(found, dict) or set(found) != KEYS:
        return failed("the worker's answer has other fields than a check's")
    if found["name"] != task.name:
        return failed(f"the worker answered for {clean_line(found['name'], 80)!r}")
    if required == Isolation.BWRAP and found["isolation"] != Isolation.BWRAP:
        return failed(f"it was checked with isolation {clean_line(found['isolation'], 20)}; "
                      "bwrap is required")
    adapter, log = found["adapter"], found["log"]
    if not isinstance(adapter, str) or len(adapter) > ADAPTER_BYTES:
        return failed("the worker's adapter is not text of at most 256 KB")
    if not isinstance(log, bytes) or len(log) > LOG_BYTES:
        return failed("the worker's log is not bytes of at most 8 MB")
    try:
        row = from_json(found["result"])
    except ValueError as exc:
        return failed(f"the worker's row is unreadable: {exc}")
    from dataclasses import replace

    row = replace(row, name=task.name, game_file=task.game_file, found_by=task.found_by)
    return CheckedSubmission(row, adapter, log)


__all__ = ["ShipmentError", "SubmissionAnswer", "read_answer", "run_task", "shipment", "unpack"]
