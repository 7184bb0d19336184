"""The control groups a jail can use here: the ``pids`` and ``memory``
controllers this process may make groups under, in cgroup v2 or v1, and
the words that say which bounds are in use (:func:`describe`)."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

#: The folder of this process's jails under each controller's cgroup.
FOLDER = "prolog-arena"

@dataclass(frozen=True)
class Controller:
    """A controller this process can make jails under: its folder of
    jails and the cgroup version."""

    name: str
    folder: Path
    version: int


def _mounts() -> list[tuple[str, str, str, set[str]]]:
    """(mount point, root in the hierarchy, fs type, super options) of
    every cgroup file system."""
    found = []
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return []
    for line in lines:
        left, _, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if len(fields) >= 5 and len(tail) >= 3 and tail[0] in ("cgroup", "cgroup2"):
            found.append((fields[4], fields[3], tail[0], set(tail[2].split(","))))
    return found


def _own_paths() -> dict[str, str]:
    """This process's cgroup path per v1 controller, and under '' in v2."""
    paths: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return paths
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) == 3:
            for name in parts[1].split(",") if parts[1] else [""]:
                paths[name] = parts[2]
    return paths


def _under(mount: str, root: str, path: str) -> Path | None:
    if path != root and not path.startswith(root.rstrip("/") + "/"):
        return None
    return Path(mount) / path[len(root.rstrip("/")):].lstrip("/")


def _usable(folder: Path, probe: str) -> bool:
    """Whether jails can be made in ``folder`` (made if need be) and get
    the controller's file ``probe``."""
    try:
        folder.mkdir(exist_ok=True)
        test = folder / f"probe-{os.getpid()}"
        test.mkdir(exist_ok=True)
        try:
            return (test / probe).exists() and os.access(test / "cgroup.procs", os.W_OK)
        finally:
            test.rmdir()
    except OSError:
        return False


def _find(name: str, probe: str) -> Controller | None:
    own = _own_paths()
    for mount, root, kind, options in _mounts():
        if kind == "cgroup" and name in options and name in own:
            base = _under(mount, root, own[name])
            if base is not None and _usable(base / FOLDER, probe):
                return Controller(name, base / FOLDER, 1)
    for mount, root, kind, _ in _mounts():
        if kind != "cgroup2" or "" not in own:
            continue
        base = _under(mount, root, own[""])
        if base is None:
            continue
        try:
            if name not in (base / "cgroup.controllers").read_text().split():
                continue
            if name not in (base / "cgroup.subtree_control").read_text().split():
                (base / "cgroup.subtree_control").write_text(f"+{name}")
            folder = base / FOLDER
            folder.mkdir(exist_ok=True)
            if name not in (folder / "cgroup.subtree_control").read_text().split():
                (folder / "cgroup.subtree_control").write_text(f"+{name}")
        except OSError:
            continue
        if _usable(folder, probe):
            return Controller(name, folder, 2)
    return None


@functools.lru_cache(maxsize=1)
def controllers() -> dict[str, Controller]:
    """The controllers jails get here (``pids``, ``memory``), found once;
    jails left behind by processes that are gone are removed."""
    found = {}
    for name, probe in (("pids", "pids.max"), ("memory", "memory.max")):
        got = _find(name, probe) or (_find(name, "memory.limit_in_bytes")
                                     if name == "memory" else None)
        if got is not None:
            found[name] = got
            _remove_stale(got.folder)
    return found


def _remove_stale(folder: Path) -> None:
    try:
        entries = list(folder.iterdir())
    except OSError:
        return
    for entry in entries:
        owner = entry.name.split("-", 1)[0]
        if entry.is_dir() and owner.isdigit() and not Path(f"/proc/{owner}").exists():
            try:
                entry.rmdir()
            except OSError:
                pass


def describe() -> str:
    """How jails bound their processes and memory here, in a few words."""
    found = controllers()
    if "pids" in found:
        pids = f"pids cgroup v{found['pids'].version}"
    elif os.geteuid() == 0:
        pids = "RLIMIT_NPROC under a user id per jail (none with isolation none)"
    else:
        pids = "RLIMIT_NPROC"
    memory = (f"memory cgroup v{found['memory'].version}" if "memory" in found
              else "RLIMIT_AS per process")
    return f"processes: {pids}; memory: {memory}"


__all__ = ["FOLDER", "Controller", "controllers", "describe"]
