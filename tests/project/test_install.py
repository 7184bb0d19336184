"""A normal install works: the wheel holds every Prolog file, and the
``arena`` of a fresh virtual environment, run from another directory,
lists the games, plays and logs a game, verifies the log and checks an
example bot from the installed package data."""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from tests.support.paths import ROOT



@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel of this tree installed
    (its dependencies come from this environment, through a .pth file:
    the test needs no network)."""
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    # built from a copy of the sources: a build/ folder left in the tree
    # would add the files of an older build to the wheel
    source = base / "source"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "--quiet", "-w", str(wheels), str(source)],
                   check=True, cwd=base, capture_output=True)
    (wheel,) = wheels.glob("prolog_arena-*.whl")
    env = base / "venv"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--quiet", str(wheel)], check=True, capture_output=True)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    deps = [p for p in site.getsitepackages() if "site-packages" in p]
    Path(purelib, "arena_test_deps.pth").write_text("\n".join(deps) + "\n")
    return env


def test_the_wheel_holds_every_prolog_file(installed: Path) -> None:
    wheel = next((installed.parent / "wheels").glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {n.removeprefix("pybridge/prolog/") for n in names if n.endswith(".pl")}
    here = {p.relative_to(ROOT / "prolog").as_posix() for p in (ROOT / "prolog").rglob("*.pl")}
    assert shipped == here
    assert any(n.endswith("licenses/LICENSE") for n in names)
    assert "pybridge/report/gamepage.js" in names  # the game pages' script


def _arena(installed: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["XDG_STATE_HOME"] = str(cwd / "state")
    return subprocess.run([str(installed / "bin" / "arena"), *args], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)


def test_installed_arena_runs_from_another_directory(installed: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c",
         "import pybridge, pybridge.engine._prolog as p; print(pybridge.__file__); print(p.PROLOG_DIR)"],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert all(Path(w).is_relative_to(installed) for w in where), where
    assert Path(where[1], "bots", "host.pl").is_file()

    games = _arena(installed, tmp_path, "games")
    assert games.returncode == 0, games.stderr
    for game_id in ("alliances", "connect4", "sliding", "tictactoe", "trike"):
        assert game_id in games.stdout

    log = tmp_path / "game.jsonl"
    played = _arena(installed, tmp_path, "play", "tictactoe", "--first", "ai:3", "--second", "ai:3",
                    "--delay", "0", "--replay", str(log))
    assert played.returncode == 0, played.stdout + played.stderr
    assert "Draw" in played.stdout
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0]["type"] == "header" and records[-1]["type"] == "result"

    verified = _arena(installed, tmp_path, "verify", str(log))
    assert verified.returncode == 0, verified.stdout + verified.stderr

    example = Path(where[1], "bots", "examples", "tictactoe_pfl.pl")
    checked = _arena(installed, tmp_path, "check-bot", "tictactoe", str(example), "--games", "2")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "verdict:  ok" in checked.stdout
    assert [p.name for p in tmp_path.iterdir() if p.name != "state"] == ["game.jsonl"]
