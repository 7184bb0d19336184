"""Tournaments on a Dask cluster started by the test (a scheduler and two
worker processes on 127.0.0.1 with certificates made by `arena certs`,
working in a folder where the client's bot paths do not exist): the same
results as on this machine, a worker killed mid-run losing and doubling
nothing, a client stopped and resumed, and a worker of another version
refused."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from pybridge.championship import cluster
from pybridge.championship.certs import make_certificates
from pybridge.championship.tournament import Settings, Watchers, run_tournament
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "prolog" / "bots" / "examples"
DASK = Path(sys.executable).parent / "dask"
BOTS = ["greedy.pl:1", "minimax.pl:2", "first_move.pl", "tictactoe_classic.pl", "random.pl"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(args: list[str], cwd: Path, log: Path,
           env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen([str(DASK), *args], cwd=cwd, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, **(env or {})})


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _tls(certs: Path, role: str) -> list[str]:
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
        port = str(_free_port())
        self.address = f"{'tls' if tls else 'tcp'}://127.0.0.1:{port}"
        protocol = ["--protocol", "tls", *_tls(self.certs, "scheduler")] if self.certs else []
        self.scheduler = _start(["scheduler", "--host", "127.0.0.1", "--port", port,
                                 "--no-dashboard", *protocol], self.work, base / "scheduler.log")
        self.workers: list[subprocess.Popen[bytes]] = []
        for i in range(workers):
            self.add_worker(f"w{i}", base / f"worker{i}.log")
        self.wait_for(workers)

    @property
    def options(self) -> dict[str, object]:
        """What run_tournament needs to use this cluster."""
        if self.certs is None:
            return {"scheduler": self.address, "insecure_scheduler": True}
        return {"scheduler": self.address, "tls_dir": str(self.certs)}

    @property
    def argv(self) -> list[str]:
        """The same as `arena tournament` options."""
        if self.certs is None:
            return ["--scheduler", self.address, "--insecure-scheduler"]
        return ["--scheduler", self.address, "--tls-dir", str(self.certs)]

    def add_worker(self, name: str, log: Path, *, extra: Sequence[str] = (),
                   env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
        tls = _tls(self.certs, "worker") if self.certs else []
        worker = _start(["worker", self.address, "--nthreads", "1", "--no-nanny",
                         "--no-dashboard", "--name", name, *tls, *extra], self.work, log,
                        env=env)
        self.workers.append(worker)
        return worker

    def client(self) -> Any:
        from distributed import Client

        security = cluster.Scheduler.parse(self.address, tls_dir=self.options.get("tls_dir"),
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
            _stop(proc)


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory: pytest.TempPathFactory):
    found = Cluster(tmp_path_factory.mktemp("dask"))
    yield found
    found.close()


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The entrants as paths relative to the client's folder."""
    client = tmp_path / "client"
    (client / "bots").mkdir(parents=True)
    for spec in BOTS:
        name = spec.split(":")[0]
        shutil.copy(EXAMPLES / name, client / "bots" / name)
    monkeypatch.chdir(client)
    return [f"bots/{spec}" for spec in BOTS]


def _summary(out: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    doc = json.loads((out / "standings.json").read_text())
    table = [(b["name"], b["points"], b["won"], b["drawn"], b["lost"]) for b in doc["bots"]]
    games = [(g["first"], g["second"], g["winner"], g["reason"]) for g in doc["games"]]
    return table, games


def test_a_cluster_plays_what_this_machine_plays(dask_cluster: Cluster, bots: list[str],
                                                 tmp_path: Path) -> None:
    assert not any((dask_cluster.work / b.split(":")[0]).exists() for b in bots)
    local = run_tournament("tictactoe",
                           bots,
                           out=tmp_path / "local",
                           settings=Settings(jobs=1, seed=7))
    two = run_tournament("tictactoe",
                         bots,
                         out=tmp_path / "two",
                         settings=Settings(jobs=2, seed=7))
    remote = run_tournament("tictactoe",
                            bots,
                            out=tmp_path / "remote",
                            settings=Settings(seed=7, **dask_cluster.options))
    assert local.complete and two.complete and remote.complete
    assert len(remote.records) == remote.total == 20
    assert _summary(tmp_path / "remote") == _summary(tmp_path / "local") == _summary(tmp_path / "two")
    header = json.loads((tmp_path / "remote" / remote.records[0].replay).read_text().splitlines()[0])
    assert all(v.startswith("bots/") or v == "random" for v in header["players"].values()), header


def test_a_worker_killed_mid_run_loses_and_doubles_nothing(dask_cluster: Cluster, bots: list[str],
                                                          tmp_path: Path) -> None:
    killed = []

    def progress(p) -> None:
        if p.done == 3 and not killed:
            victim = dask_cluster.workers[0]
            _stop(victim)
            killed.append(victim)

    result = run_tournament("tictactoe",
                            bots,
                            out=tmp_path / "t",
                            settings=Settings(seed=7, move_time=2, **dask_cluster.options, games_per_pair=4),
                            watch=Watchers(progress=progress))
    assert killed, "no worker was killed"
    indices = [r.index for r in result.records]
    assert result.complete and sorted(indices) == list(range(result.total)) == sorted(set(indices))
    doc = json.loads((tmp_path / "t" / "standings.json").read_text())
    assert len(doc["games"]) == result.total
    assert len(list((tmp_path / "t" / "replays").iterdir())) == result.total
    dask_cluster.add_worker("w2", tmp_path / "worker2.log")
    dask_cluster.wait_for(2)


def test_a_stopped_client_resumes_on_the_cluster(dask_cluster: Cluster, bots: list[str],
                                                 tmp_path: Path) -> None:
    out = tmp_path / "t"
    argv = [sys.executable, "-m", "shell.cli.arena", "tournament", "tictactoe", *bots, "--out", str(out),
            "--seed", "7", "--games-per-pair", "4", *dask_cluster.argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    client = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if json.loads((out / "standings.json").read_text())["games_played"] >= 5:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    client.send_signal(signal.SIGINT)
    said = client.communicate(timeout=60)[0].decode()
    assert client.returncode == 130, said
    first = json.loads((out / "standings.json").read_text())
    assert not first["complete"] and 5 <= first["games_played"] < first["games_scheduled"]
    again = subprocess.run([*argv, "--resume"], capture_output=True, text=True, env=env,
                           timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr
    done = json.loads((out / "standings.json").read_text())
    assert done["complete"] and done["games_played"] == done["games_scheduled"] == 40
    local = run_tournament("tictactoe",
                           bots,
                           out=tmp_path / "local",
                           settings=Settings(seed=7, games_per_pair=4))
    assert local.complete
    assert _summary(out) == _summary(tmp_path / "local")


def test_a_worker_of_another_version_is_refused(dask_cluster: Cluster,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "version", lambda: "0.0.0-other")
    with pytest.raises(cluster.ClusterError, match="another prolog-arena version"):
        with cluster.Pool(scheduler=cluster.Scheduler.parse(
                dask_cluster.address, tls_dir=str(dask_cluster.certs))):
            pass


def test_no_scheduler_there_is_said_clearly() -> None:
    with pytest.raises(cluster.ClusterError, match="cannot reach a Dask scheduler"):
        with cluster.Pool(scheduler=cluster.Scheduler.parse(f"tcp://127.0.0.1:{_free_port()}",
                                                            insecure=True)):
            pass


def test_a_game_file_travels_with_its_games(dask_cluster: Cluster, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "client" / "nim"
    shutil.copytree(ROOT / "examples" / "games", game)
    monkeypatch.chdir(tmp_path / "client")
    path = str(game / "nim.pl")
    remote = run_tournament(path,
                            ["random", "ai:1"],
                            out=tmp_path / "remote",
                            settings=Settings(seed=3, **dask_cluster.options))
    local = run_tournament(path,
                           ["random", "ai:1"],
                           out=tmp_path / "local",
                           settings=Settings(seed=3))
    assert remote.complete and _summary(tmp_path / "remote") == _summary(tmp_path / "local")
    header = json.loads((tmp_path / "remote" / remote.records[0].replay).read_text().splitlines()[0])
    assert header["game_file"]["path"] == str(Path(path).resolve())


def test_a_scheduler_that_goes_away_stops_the_tournament_clearly(bots: list[str],
                                                                  tmp_path: Path) -> None:
    own = Cluster(tmp_path, tls=False)  # an unencrypted scheduler, accepted explicitly
    try:
        def progress(p) -> None:
            if p.done == 3:
                _stop(own.scheduler)

        with pytest.raises(cluster.ClusterError, match="lost the Dask scheduler.*--resume"):
            run_tournament("tictactoe",
                           bots,
                           out=tmp_path / "t",
                           settings=Settings(seed=7, games_per_pair=4, **own.options),
                           watch=Watchers(progress=progress))
    finally:
        own.close()
    kept = json.loads((tmp_path / "t" / "standings.json").read_text())
    assert 3 <= kept["games_played"] < kept["games_scheduled"]


def test_without_dask_a_scheduler_is_refused_clearly(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    with pytest.raises(cluster.ClusterError, match=r"pip install 'prolog-arena\[cluster\]'"):
        with cluster.Pool(scheduler=cluster.Scheduler.parse(f"tcp://127.0.0.1:{_free_port()}",
                                                            insecure=True)):
            pass
    # the command line says it in one line, and nothing is played
    from shell.cli.arena import main

    code = main(["tournament", "tictactoe", "random", "ai:1", "--out", str(tmp_path / "out"),
                 "--scheduler", f"tcp://127.0.0.1:{_free_port()}", "--insecure-scheduler"])
    err = capsys.readouterr().err
    assert code != 0 and "pip install 'prolog-arena[cluster]'" in err and "Traceback" not in err
    assert not (tmp_path / "out" / "replays").exists() or \
        not any((tmp_path / "out" / "replays").iterdir())
