"""Tournaments on a cluster: games per second of a 10-bot sliding round
robin played with --jobs 2 on this machine and with a Dask scheduler and
two worker processes on 127.0.0.1 over mutual TLS (certificates from
`arena certs`), side by side in one run, and the overhead per game of the
cluster path (the same games, the same bots; every returned log replayed
by the client on both)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.table import print_table
from pybridge.championship.certs import make_certificates
from pybridge.championship.cluster_address import Scheduler
from pybridge.championship.tournament import Referee, Settings, Transport, run_tournament
EXAMPLES = Path(__file__).resolve().parent.parent / "prolog" / "bots" / "examples"
ROUND_ROBIN = [
    "greedy.pl:1", "greedy.pl:2", "minimax.pl:1", "minimax.pl:2", "minimax.pl:3",
    "first_move.pl", "value_pfl4.pl:1", "value_pfl4.pl:2", "sliding_classic.pl",
    "sliding_pfl.pl",
]
DASK = Path(sys.executable).parent / "dask"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tls(certs: Path, role: str) -> list[str]:
    return ["--tls-ca-file", str(certs / "ca.pem"), "--tls-cert", str(certs / f"{role}.pem"),
            "--tls-key", str(certs / f"{role}-key.pem")]


def _cluster(work: Path, certs: Path) -> tuple[str, list[subprocess.Popen[bytes]]]:
    from distributed import Client

    address = f"tls://127.0.0.1:{_port()}"
    procs = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port",
                               address.rsplit(":", 1)[1], "--no-dashboard", "--protocol", "tls",
                               *_tls(certs, "scheduler")], cwd=work,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)]
    procs += [subprocess.Popen([str(DASK), "worker", address, "--nthreads", "1", "--no-nanny",
                                "--no-dashboard", *_tls(certs, "worker")], cwd=work,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
              for _ in range(2)]
    security = Scheduler.parse(address, tls_dir=str(certs)).security()
    deadline = time.monotonic() + 90
    while True:
        try:
            with Client(address, timeout="5s", security=security) as client:
                client.wait_for_workers(2, timeout=60)
            return address, procs
        except (OSError, TimeoutError):
            if time.monotonic() > deadline:
                raise


def _run(specs: list[str], out: Path, **where: object) -> list[object]:
    start = time.perf_counter()
    result = run_tournament("sliding",
                            specs,
                            out=out,
                            settings=Settings(referee=Referee(move_time=1.0),
                                              transport=Transport(**where)))  # type: ignore[arg-type]
    wall = time.perf_counter() - start
    games = len(result.records)
    plies = sum(r.plies for r in result.records)
    return [games, plies, wall, games / wall, wall / games * 1000]


def main() -> None:
    specs = [str(EXAMPLES / name) for name in ROUND_ROBIN]
    with tempfile.TemporaryDirectory(prefix="arena-bench-") as tmp:
        base = Path(tmp)
        (base / "work").mkdir()
        certs = make_certificates(base / "certs").folder
        address, procs = _cluster(base / "work", certs)
        try:
            rows = []
            for i in range(2):  # alternate, so that load on the machine falls on both
                for label, where in ((("--jobs 2", {"jobs": 2}), ("Dask, 2 workers",
                                      {"scheduler": address, "tls_dir": str(certs)}))
                                    [::1 if i == 0 else -1]):
                    rows.append([label, *_run(specs, base / f"{i}-{label[:5]}", **where)])
        finally:
            for proc in procs:
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    print("10-bot sliding round robin, 2 games per pair, 1 s per move, bots in bubblewrap:")
    print_table(["where", "games", "plies", "wall s", "games/s", "ms/game"], rows)
    local = [r for r in rows if r[0] == "--jobs 2"]
    dask = [r for r in rows if r[0] != "--jobs 2"]
    per_local = sum(r[3] for r in local) / sum(r[1] for r in local)
    per_dask = sum(r[3] for r in dask) / sum(r[1] for r in dask)
    print(f"cluster path overhead: {1000 * (per_dask - per_local):+.1f} ms per game "
          f"({per_dask / per_local:.2f}x the wall time per game of --jobs 2)")


if __name__ == "__main__":
    main()
