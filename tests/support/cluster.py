"""A local Dask cluster for the tests: a scheduler and its workers, each a
process group of its own, on TLS or plain TCP."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pybridge.championship import cluster
from pybridge.championship.certs import make_certificates
from pybridge.championship.settings import Transport

DASK = Path(sys.executable).parent / "dask"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(args: list[str], cwd: Path, log: Path,
           env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen([str(DASK), *args], cwd=cwd, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, **(env or {})})


def listening(proc: subprocess.Popen[bytes], log: Path, port: int, seconds: float = 60) -> bool:
    """Whether the scheduler ``proc`` says in ``log`` that it listens on
    ``port`` within ``seconds`` (False at once when it exits)."""
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline:
        if re.search(rf"Scheduler at:\s+\S+:{port}\b", log.read_text(errors="replace")):
            return True
        time.sleep(0.1)
    return False


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def tls_options(certs: Path, role: str) -> list[str]:
    return ["--tls-ca-file", str(certs / "ca.pem"), "--tls-cert", str(certs / f"{role}.pem"),
            "--tls-key", str(certs / f"{role}-key.pem")]


class Cluster:
    """A scheduler and its workers, each a process group of its own: on
    TLS with the certificates in ``certs`` (made here unless given), or
    on plain TCP (``tls`` False)."""

    def __init__(self, base: Path, *, tls: bool = True, workers: int = 2,
                 certs: Path | None = None) -> None:
        self.base = base
        self.work = base / "workers"  # the workers' folder: no bot path of the client's
        self.work.mkdir()
        self.certs = certs or make_certificates(base / "certs").folder if tls else None
        protocol = ["--protocol", "tls", *tls_options(self.certs, "scheduler")] if self.certs else []
        for _ in range(3):  # a free port may be taken by another test before it is bound
            port = free_port()
            self.address = f"{'tls' if tls else 'tcp'}://127.0.0.1:{port}"
            self.scheduler = start(["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                    "--no-dashboard", *protocol], self.work, base / "scheduler.log")
            if listening(self.scheduler, base / "scheduler.log", port):
                break
            stop(self.scheduler)
        else:
            raise RuntimeError("the Dask scheduler did not start:\n"
                               + (base / "scheduler.log").read_text(errors="replace")[-2000:])
        self.workers: list[subprocess.Popen[bytes]] = []
        for i in range(workers):
            self.add_worker(f"w{i}", base / f"worker{i}.log")
        self.wait_for(workers)

    @property
    def transport(self) -> Transport:
        """What run_tournament needs to use this cluster."""
        if self.certs is None:
            return Transport(scheduler=self.address, insecure_scheduler=True)
        return Transport(scheduler=self.address, tls_dir=str(self.certs))

    @property
    def argv(self) -> list[str]:
        """The same as `arena tournament` options."""
        if self.certs is None:
            return ["--scheduler", self.address, "--insecure-scheduler"]
        return ["--scheduler", self.address, "--tls-dir", str(self.certs)]

    def add_worker(self, name: str, log: Path, *, extra: Sequence[str] = (),
                   env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
        tls = tls_options(self.certs, "worker") if self.certs else []
        worker = start(["worker", self.address, "--nthreads", "1", "--no-nanny",
                         "--no-dashboard", "--name", name, *tls, *extra], self.work, log,
                        env=env)
        self.workers.append(worker)
        return worker

    def client(self) -> Any:
        from distributed import Client

        security = cluster.Scheduler.parse(self.address, tls_dir=self.transport.tls_dir,
                                           insecure=self.certs is None).security()
        return Client(self.address, timeout="5s", security=security)

    def wait_for(self, n: int) -> None:
        deadline = time.monotonic() + 90
        while True:
            try:
                with self.client() as client:
                    if n:
                        client.wait_for_workers(n, timeout=60)
                return
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise

    def close(self) -> None:
        for proc in [*self.workers, self.scheduler]:
            stop(proc)
