"""A Dask cluster secured by default, attacked: plain tcp:// refused unless
asked, workers and clients without the course's certificates kept out of
a TLS scheduler, a worker that cannot provide the isolation a game needs
refusing it, and rogue workers (with valid certificates: a compromised
machine) whose forged results and hostile pickle the client refuses.
Each test runs its own small cluster on 127.0.0.1."""

from __future__ import annotations

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pybridge.championship import cluster
from pybridge.championship.certs import make_certificates
from pybridge.championship.tournament import Schedule, Settings, run_tournament
from tests.support.cluster import Cluster, free_port, start, stop, tls_options
from tests.support.corpus import ROOT
from tests.support.paths import ROOT, TESTS
from tests.support.says import says

ROGUE = TESTS / "support" / "cluster_rogue.py"
PLAYERS = ["random", "ai:1"]


def _arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "shell.cli.arena", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=300)


@pytest.fixture
def small(tmp_path: Path):
    """A TLS scheduler without workers; the test adds its own."""
    found = Cluster(tmp_path, workers=0)
    yield found
    found.close()


@pytest.mark.slow
def test_plain_tcp_is_refused_unless_asked_and_then_warned(tmp_path: Path) -> None:
    for address in ("tcp://127.0.0.1:8786", "127.0.0.1:8786", "tcp://localhost:8786"):
        with pytest.raises(cluster.InsecureSchedulerError, match="--insecure-scheduler"):
            cluster.Scheduler.parse(address)
    said = _arena("tournament", "tictactoe", "random", "ai:1", "--out", str(tmp_path / "t"),
                  "--scheduler", "tcp://127.0.0.1:1", cwd=tmp_path)
    assert said.returncode == 2
    says(said.stderr, "refusing", "unencrypted")
    assert "Traceback" not in said.stderr and not (tmp_path / "t").exists()
    said = _arena("tournament", "tictactoe", "random", "ai:1", "--out", str(tmp_path / "t"),
                  "--scheduler", f"tcp://127.0.0.1:{free_port()}", "--insecure-scheduler",
                  cwd=tmp_path)
    assert said.stderr.startswith("warning: the Dask scheduler tcp://127.0.0.1:")
    says(said.stderr, "cannot reach", "Dask scheduler")
    assert said.returncode == 2


def test_tls_needs_the_certificate_folder(tmp_path: Path) -> None:
    with pytest.raises(cluster.InsecureSchedulerError, match="needs --tls-dir"):
        cluster.Scheduler.parse("tls://127.0.0.1:8786")
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "ca.pem").write_text("x")
    with pytest.raises(cluster.InsecureSchedulerError, match="no client.pem in"):
        cluster.Scheduler.parse("tls://127.0.0.1:8786", tls_dir=str(tmp_path / "half"))
    with pytest.raises(cluster.InsecureSchedulerError, match="--tls-dir is for tls://"):
        cluster.Scheduler.parse("tcp://127.0.0.1:8786", tls_dir=str(tmp_path / "half"),
                                insecure=True)
    with pytest.raises(cluster.InsecureSchedulerError, match="unknown scheduler address scheme"):
        cluster.Scheduler.parse("ws://127.0.0.1:8786", insecure=True)
    said = _arena("tournament", "tictactoe", "random", "ai:1", "--scheduler",
                  "tls://127.0.0.1:8786", cwd=tmp_path)
    assert said.returncode == 2 and "arena certs DIR" in said.stderr, said.stderr
    said = _arena("tournament", "tictactoe", "random", "ai:1", "--tls-dir", str(tmp_path),
                  cwd=tmp_path)
    assert said.returncode == 2, said.stderr
    says(said.stderr, "--tls-dir", "--scheduler ADDRESS")
    said = _arena("tournament", "tictactoe", "random", "ai:1", "--scheduler",
                  "tls://127.0.0.1:8786", "--insecure-scheduler", cwd=tmp_path)
    assert said.returncode == 2, said.stderr
    says(said.stderr, "--insecure-scheduler", "tcp://")
    assert not list(tmp_path.glob("tournament-*"))


@pytest.mark.slow
def test_no_certificate_no_entry(small: Cluster, tmp_path: Path) -> None:
    stranger = make_certificates(tmp_path / "stranger").folder  # another course's authority
    intruders = [
        start(["worker", small.address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                "--name", "stranger", "--death-timeout", "15", *tls_options(stranger, "worker")],
               small.work, tmp_path / "stranger.log"),
        start(["worker", small.address.replace("tls://", "tcp://"), "--nthreads", "1",
                "--no-nanny", "--no-dashboard", "--name", "plain", "--death-timeout", "15"],
               small.work, tmp_path / "plain.log"),
    ]
    try:
        for proc in intruders:
            assert proc.wait(timeout=120) != 0  # never joined: gave up at its death timeout
    finally:
        for proc in intruders:
            stop(proc)
    with small.client() as client:
        assert not client.scheduler_info()["workers"]
    for tls_dir in (str(stranger), None):  # a client of another course, a client without TLS
        with pytest.raises(cluster.ClusterError, match="cannot reach a Dask scheduler"):
            scheduler = (cluster.Scheduler.parse(small.address, tls_dir=tls_dir) if tls_dir else
                         cluster.Scheduler(small.address.replace("tls://", "tcp://"),
                                           insecure=True))
            with cluster.Pool(scheduler=scheduler):
                pass


def test_a_worker_without_the_isolation_asked_is_refused_before_any_game(
        small: Cluster, tmp_path: Path) -> None:
    small.add_worker("unjailed", tmp_path / "unjailed.log", env={"ARENA_ISOLATION": "none"})
    small.wait_for(1)
    with pytest.raises(cluster.ClusterError, match=r"workers that cannot run bots under bwrap: "
                       r"tls://127\.0\.0\.1:\d+: this worker runs bots with isolation none "
                       r"\(ARENA_ISOLATION=none in its environment\)"):
        run_tournament("tictactoe",
                       PLAYERS,
                       out=tmp_path / "t",
                       settings=Settings(schedule=Schedule(seed=3), transport=small.transport))
    doc = json.loads((tmp_path / "t" / "standings.json").read_text())
    assert doc["games_played"] == 0 and not doc["complete"]


def test_a_worker_without_the_isolation_plays_when_none_is_asked(
        small: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small.add_worker("unjailed", tmp_path / "unjailed.log", env={"ARENA_ISOLATION": "none"})
    small.wait_for(1)
    monkeypatch.setenv("ARENA_ISOLATION", "none")
    result = run_tournament("tictactoe",
                            PLAYERS,
                            out=tmp_path / "t",
                            settings=Settings(schedule=Schedule(seed=3), transport=small.transport))
    assert result.complete and {r.isolation for r in result.records} == {"none"}
    doc = json.loads((tmp_path / "t" / "standings.json").read_text())
    assert doc["isolation"] == "none" and {g["isolation"] for g in doc["games"]} == {"none"}


@pytest.mark.parametrize("mode, why", [
    ("winner", "does not follow the rules: .*but the rules say"),
    ("moves", "does not follow the rules: .*illegal move"),
])
@pytest.mark.slow
def test_a_rogue_worker_s_forged_result_is_not_counted_and_resume_plays_it(
        small: Cluster, tmp_path: Path, mode: str, why: str) -> None:
    small.add_worker("rogue", tmp_path / "rogue.log", env={"ARENA_ROGUE": mode},
                     extra=["--preload", str(ROGUE)])
    small.wait_for(1)
    out = tmp_path / "t"
    argv = ["tournament", "tictactoe", *PLAYERS, "--out", str(out), "--seed", "3", *small.argv]
    said = _arena(*argv, cwd=tmp_path)
    assert said.returncode == 1, said.stdout + said.stderr
    lines = [l for l in said.stderr.splitlines() if l.startswith("not counted: game")]
    assert len(lines) == 2 and all("random vs ai:1" in l or "ai:1 vs random" in l
                                   for l in lines), said.stderr
    assert all(re.search(why, l) for l in lines), lines
    doc = json.loads((out / "standings.json").read_text())
    assert doc["games_played"] == 0 and not doc["complete"] and len(doc["not_counted"]) == 2
    assert not any((out / "replays").iterdir())  # a forged log is never written
    for proc in small.workers:
        stop(proc)
    small.add_worker("honest", tmp_path / "honest.log")
    small.wait_for(1)
    again = _arena(*argv, "--resume", cwd=tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    done = json.loads((out / "standings.json").read_text())
    assert done["complete"] and done["games_played"] == 2 and done["not_counted"] == []


def test_a_rogue_worker_s_hostile_pickle_runs_nothing_in_the_client(small: Cluster,
                                                                    tmp_path: Path) -> None:
    marker = tmp_path / "unpickled"
    small.add_worker("rogue", tmp_path / "rogue.log", extra=["--preload", str(ROGUE)],
                     env={"ARENA_ROGUE": "pickle", "ARENA_ROGUE_MARKER": str(marker)})
    small.wait_for(1)
    result = run_tournament("tictactoe",
                            PLAYERS,
                            out=tmp_path / "t",
                            settings=Settings(schedule=Schedule(seed=3), transport=small.transport))
    assert not result.records and sorted(result.not_counted) == [0, 1]
    for why in result.not_counted.values():
        assert "not plain data" in why and "serialized with pickle" in why, why
    assert not marker.exists()
