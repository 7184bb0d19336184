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
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pybridge.championship import cluster
from pybridge.championship.tournament import Referee, Schedule, Settings, Transport, Watchers, run_tournament
from tests.support.cluster import Cluster, free_port, stop
from tests.support.paths import ROOT

EXAMPLES = ROOT / "prolog" / "bots" / "examples"
BOTS = ["greedy.pl:1", "minimax.pl:2", "first_move.pl", "tictactoe_classic.pl", "random.pl"]


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


@pytest.mark.slow
def test_a_cluster_plays_what_this_machine_plays(dask_cluster: Cluster, bots: list[str],
                                                 tmp_path: Path) -> None:
    assert not any((dask_cluster.work / b.split(":")[0]).exists() for b in bots)
    local = run_tournament("tictactoe",
                           bots,
                           out=tmp_path / "local",
                           settings=Settings(schedule=Schedule(seed=7), transport=Transport(jobs=1)))
    two = run_tournament("tictactoe",
                         bots,
                         out=tmp_path / "two",
                         settings=Settings(schedule=Schedule(seed=7), transport=Transport(jobs=2)))
    remote = run_tournament("tictactoe",
                            bots,
                            out=tmp_path / "remote",
                            settings=Settings(schedule=Schedule(seed=7), transport=dask_cluster.transport))
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
            stop(victim)
            killed.append(victim)

    result = run_tournament("tictactoe",
                            bots,
                            out=tmp_path / "t",
                            settings=Settings(schedule=Schedule(seed=7, games_per_pair=4),
                                              referee=Referee(move_time=2),
                                              transport=dask_cluster.transport),
                            watch=Watchers(progress=progress))
    assert killed, "no worker was killed"
    indices = [r.index for r in result.records]
    assert result.complete and sorted(indices) == list(range(result.total)) == sorted(set(indices))
    doc = json.loads((tmp_path / "t" / "standings.json").read_text())
    assert len(doc["games"]) == result.total
    assert len(list((tmp_path / "t" / "replays").iterdir())) == result.total
    dask_cluster.add_worker("w2", tmp_path / "worker2.log")
    dask_cluster.wait_for(2)


@pytest.mark.slow
def test_a_stopped_client_resumes_on_the_cluster(dask_cluster: Cluster, bots: list[str],
                                                 tmp_path: Path) -> None:
    out = tmp_path / "t"
    argv = [sys.executable, "-m", "shell.cli.arena", "tournament", "tictactoe", *bots, "--out", str(out),
            "--seed", "7", "--games-per-pair", "4", *dask_cluster.argv]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    client = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        # games.jsonl has a line per game as it is recorded (the standings
        # are written at most every second: all 40 games may be in by then)
        try:
            if len((out / "games.jsonl").read_bytes().splitlines()) >= 5:
                break
        except OSError:
            pass
        time.sleep(0.02)
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
                           settings=Settings(schedule=Schedule(seed=7, games_per_pair=4)))
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
        with cluster.Pool(scheduler=cluster.Scheduler.parse(f"tcp://127.0.0.1:{free_port()}",
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
                            settings=Settings(schedule=Schedule(seed=3), transport=dask_cluster.transport))
    local = run_tournament(path,
                           ["random", "ai:1"],
                           out=tmp_path / "local",
                           settings=Settings(schedule=Schedule(seed=3)))
    assert remote.complete and _summary(tmp_path / "remote") == _summary(tmp_path / "local")
    header = json.loads((tmp_path / "remote" / remote.records[0].replay).read_text().splitlines()[0])
    assert header["game_file"]["path"] == str(Path(path).resolve())


@pytest.mark.slow
def test_a_scheduler_that_goes_away_stops_the_tournament_clearly(bots: list[str],
                                                                  tmp_path: Path) -> None:
    own = Cluster(tmp_path, tls=False)  # an unencrypted scheduler, accepted explicitly
    try:
        def progress(p) -> None:
            if p.done == 3:
                stop(own.scheduler)

        with pytest.raises(cluster.ClusterError, match="lost the Dask scheduler.*--resume"):
            run_tournament("tictactoe",
                           bots,
                           out=tmp_path / "t",
                           settings=Settings(schedule=Schedule(seed=7, games_per_pair=4),
                                             transport=own.transport),
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
        with cluster.Pool(scheduler=cluster.Scheduler.parse(f"tcp://127.0.0.1:{free_port()}",
                                                            insecure=True)):
            pass
    # the command line says it in one line, and nothing is played
    from shell.cli.arena import main

    code = main(["tournament", "tictactoe", "random", "ai:1", "--out", str(tmp_path / "out"),
                 "--scheduler", f"tcp://127.0.0.1:{free_port()}", "--insecure-scheduler"])
    err = capsys.readouterr().err
    assert code != 0 and "pip install 'prolog-arena[cluster]'" in err and "Traceback" not in err
    assert not (tmp_path / "out" / "replays").exists() or \
        not any((tmp_path / "out" / "replays").iterdir())
