"""Where a tournament's games are played: in this process (one job), on a
local Dask cluster of single-threaded worker processes (``jobs`` > 1), or
on a Dask cluster whose scheduler is at an address. One game is one task,
and a task carries what it needs: the entrants' bot files travel by
content (workers share no file system with the client and never read its
paths), and the task plays the game in a temporary folder of its own.

The client gets each game's answer as it arrives, as plain data that it
checks before believing it (:mod:`pybridge.championship.answers`), and writes it itself
(logs, standings, checkpoint), so a worker that dies costs only its game,
which Dask plays again elsewhere; a game that two workers both finish is
counted once by the caller (by its pairing's index).

A Dask scheduler is reached over mutual TLS (``tls://``, the course's
certificates from :mod:`pybridge.championship.certs`); plain ``tcp://`` only when the
user says so (:class:`Scheduler`). The client decodes results as msgpack
only, never a pickle.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from pybridge.championship import answers
from pybridge.championship.cluster_address import (
    ClusterError,
    InsecureSchedulerError,
    Scheduler,
    dask_distributed,
)
from pybridge.championship.shipment import (
    Shipment,
    installed_version,
    pack,
    shipped_task,
    unpack,
    version,
)
from pybridge.text import clean_line
from pybridge.types import Isolation


@dataclasses.dataclass(frozen=True)
class Returned:
    """A task's answer (plain data, not yet believed), with its key and
    the worker that gave it."""

    key: str
    answer: Any
    worker: str


class Pool:
    """Plays tasks: in this process (``jobs`` 1), in ``jobs`` worker
    processes of this machine, or on the Dask cluster at ``scheduler``:
    one interface, the same task. Use it with ``with``; leaving it
    cancels what is still queued."""

    def __init__(self, *, jobs: int = 1, scheduler: Scheduler | None = None,
                 isolation: Isolation = Isolation.BWRAP,
                 task: Callable[..., Any] = shipped_task) -> None:
        self.jobs = max(1, jobs)
        # what a worker runs for one task: a game (shipped_task) or, for
        # other batches, a function of the same arguments answering plain data
        self.task = task
        self.scheduler = scheduler
        self.isolation = isolation  # what every game's bots must run under
        self._client: Any = None
        self._local: ProcessPoolExecutor | None = None
        self._queued: dict[str, tuple[Any, ...]] = {}  # task key -> its arguments
        self._keys: dict[Future[Any], str] = {}  # a local worker's task -> its key

    def __enter__(self) -> "Pool":
        if self.scheduler is not None:
            self._connect(self.scheduler)
        elif self.jobs > 1:
            self._local = _local_pool(self.jobs)
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        self.close(now=kind is not None)

    def _connect(self, scheduler: Scheduler) -> None:
        Client = dask_distributed().Client
        address = scheduler.address
        try:
            # results are decoded as msgpack only: never a pickle from a worker
            self._client = Client(address, timeout="10s", security=scheduler.security(),
                                  deserializers=("msgpack",))
        except (OSError, TimeoutError) as exc:
            why = clean_line(exc, 300)
            hint = (" (the scheduler must use the same course's certificates)"
                    if scheduler.tls_dir else "")
            raise ClusterError(f"cannot reach a Dask scheduler at {address}: {why}{hint}") \
                from None
        mine = version()
        try:
            found = self._client.run(installed_version)
        except TypeError as exc:  # an answer that is not plain data
            self.close()
            raise ClusterError(f"a worker of {address} answered its version with something "
                               f"else than text: {clean_line(exc, 200)}") from None
        other = {worker: v for worker, v in found.items() if v != mine}
        if other:
            listed = ", ".join(f"{clean_line(w, 80)} ({clean_line(v, 40)})"
                               for w, v in sorted(other.items(), key=str))
            self.close()
            raise ClusterError(f"workers of another prolog-arena version than this client's "
                               f"{mine}: {listed}; install {mine} on them")
        if not found:
            self.close()
            raise ClusterError(f"the Dask scheduler at {address} has no worker: start "
                               f"some with `dask worker {address}`")
        # a worker that joins later refuses each game it cannot jail instead
        unable = {worker: said[1] for worker, said in
                  self._client.run(answers.required_isolation, self.isolation).items()
                  if not isinstance(said, (list, tuple)) or said[1] is not None}
        if unable:
            listed = "; ".join(f"{clean_line(w, 80)}: {clean_line(why, 300)}"
                               for w, why in sorted(unable.items(), key=str))
            self.close()
            raise ClusterError(f"workers that cannot run bots under {self.isolation}: {listed}")

    def workers(self) -> int:
        """How many workers play games now."""
        if self._client is not None:
            return len(self._client.scheduler_info().get("workers", {}))
        return self.jobs

    def submit(self, play: Callable[..., Any], config: Any, pairing: Any,
               shipment: Shipment, *, key: str) -> Any:
        """Queue one game as a task named ``key``."""
        args = (play, config, pairing, shipment, version())
        if self._client is not None:
            return self._client.submit(self.task, *args, key=key, pure=False, retries=2)
        if self._local is not None:
            future = self._local.submit(self.task, *args)
            self._queued[key] = args
            self._keys[future] = key
            return future
        self._queued[key] = args
        return key

    def results(self, tasks: Iterable[Any]) -> Iterator[Returned]:
        """Answers as games finish. A worker process of this machine that
        dies has its games played again in a new one; ClusterError if the
        Dask scheduler goes away."""
        tasks = list(tasks)
        if self._client is not None:
            yield from self._dask_results(tasks)
        elif self._local is not None:
            yield from self._local_results(tasks)
        else:
            for key in tasks:
                yield Returned(key, self.task(*self._queued.pop(key)), "this process")

    def _dask_results(self, futures: list[Any]) -> Iterator[Returned]:
        as_completed = dask_distributed().as_completed
        try:
            with _ctrl_c_between_waits() as pressed:
                done = as_completed(futures)
                while not done.is_empty():
                    if pressed.is_set():
                        raise KeyboardInterrupt
                    if not done.has_ready():
                        time.sleep(WAIT_STEP)
                        continue
                    for future in done.next_batch(block=False):
                        if pressed.is_set():
                            raise KeyboardInterrupt
                        yield self._dask_answer(future)
        except (OSError, TimeoutError, CancelledError) as exc:
            raise ClusterError(f"lost the Dask scheduler at {self._address()} "
                               f"({type(exc).__name__}): the games finished so far are kept; "
                               "run the same command with --resume to go on") from None

    def _dask_answer(self, future: Any) -> Returned:
        worker = self._worker_of(future)
        try:
            found: Any = future.result()
        except TypeError as exc:  # not msgpack: refused undecoded
            found = answers.Unreadable(str(exc))
        except (OSError, TimeoutError, CancelledError):
            raise
        except Exception as exc:  # noqa: BLE001  the task raised: that game's failure only
            found = answers.Unreadable(f"the task raised {type(exc).__name__}: {exc}")
        return Returned(str(future.key), found, worker)

    def _worker_of(self, future: Any) -> str:
        """The address of the worker that holds ``future``'s answer."""
        try:
            held = self._client.who_has([future]).get(future.key) or ()
        except (OSError, TimeoutError):
            held = ()
        return clean_line(", ".join(map(str, held)) or "a worker", 200)

    def _address(self) -> str:
        return self.scheduler.address if self.scheduler is not None else ""

    def _local_results(self, futures: list[Future[Any]]) -> Iterator[Returned]:
        with _ctrl_c_between_waits() as pressed:
            yield from self._local_answers(futures, pressed)

    def _local_answers(self, futures: list[Future[Any]],
                       pressed: threading.Event) -> Iterator[Returned]:
        pending = set(futures)
        while pending:
            if pressed.is_set():
                raise KeyboardInterrupt
            done, pending = wait(pending, timeout=WAIT_STEP, return_when=FIRST_COMPLETED)
            lost = []
            for future in done:
                if pressed.is_set():
                    raise KeyboardInterrupt
                key = self._keys.pop(future)
                try:
                    outcome = future.result()
                except BrokenProcessPool:
                    lost.append(key)
                    continue
                except Exception as exc:  # noqa: BLE001  the task raised: that game's only
                    outcome = answers.Unreadable(f"the task raised {type(exc).__name__}: {exc}")
                self._queued.pop(key, None)
                yield Returned(key, outcome, "a worker process of this machine")
            if lost:
                # a worker died: the pool is broken; its unfinished games go on in a new one
                lost += [self._keys.pop(f) for f in pending]
                assert self._local is not None
                _stop(self._local)
                self._local = _local_pool(self.jobs)
                pending = set()
                for key in lost:
                    future = self._local.submit(self.task, *self._queued[key])
                    self._keys[future] = key
                    pending.add(future)

    def running(self) -> int:
        """Games being played now."""
        if self._client is not None:
            try:
                return sum(len(v) for v in self._client.processing().values())
            except (OSError, TimeoutError):
                return 0
        return self.jobs

    def close(self, *, now: bool = True) -> None:
        """Cancel what is queued, and let go of the workers: at once (games
        under way stop, their bots closed), or once they are idle."""
        client, local = self._client, self._local
        self._client = self._local = None
        self._queued.clear()
        self._keys.clear()
        if local is not None:
            if now:
                _stop(local)
            else:
                local.shutdown(wait=True)
        if client is not None:
            try:
                client.close()
            except (OSError, TimeoutError, RuntimeError):
                pass


#: How often, in seconds, a wait for answers looks whether Ctrl-C was pressed.
WAIT_STEP = 0.2


@contextlib.contextmanager
def _ctrl_c_between_waits() -> Iterator[threading.Event]:
    """Ctrl-C while answers are awaited is noted here and raised by the
    waiting loop itself, between two waits: raised anywhere, it can leave a
    future's lock held by this thread, and the pool's thread then waits on
    it forever, as does the interpreter's exit."""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield pressed
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.set())
    try:
        yield pressed
        if pressed.is_set():  # pressed during the last answers: still a Ctrl-C
            raise KeyboardInterrupt
    finally:
        signal.signal(signal.SIGINT, previous)


def _local_pool(jobs: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_signals)


def _worker_signals() -> None:
    """In a local worker: Ctrl-C belongs to the client; SIGTERM unwinds,
    so that every game closes its bot processes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _unwind)


def _unwind(signum: int, frame: Any) -> None:
    raise SystemExit(1)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the worker processes now and cancel what is queued."""
    processes = list(getattr(pool, "_processes", {}).values())
    for process in processes:
        if process.is_alive():
            process.kill()  # its bot sandboxes die with it (--die-with-parent)
    for process in processes:
        process.join(timeout=10)
    call_queue = getattr(pool, "_call_queue", None)
    if call_queue is not None:
        # its feeder thread may be stuck writing a task into the pipe of a
        # worker just killed: never wait for it at exit
        call_queue.cancel_join_thread()
    pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["ClusterError", "InsecureSchedulerError", "Pool", "Returned", "Scheduler", "Shipment",
           "pack", "shipped_task", "unpack", "version"]
