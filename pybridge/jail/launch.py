"""Starting one host process (a bot host or a game host) in its jail: the
request and reply pipes, prlimit's bounds, bubblewrap's view (or, with
isolation none, a working folder of its own), the jail's control groups
entered before anything runs, and the start from the one spawning thread."""

from __future__ import annotations

import logging
import os
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from pybridge.errors import ArenaError
from pybridge.jail import processes as jail
from pybridge.jail import sandbox
from pybridge.jail.spawn import sane_name, spawn
from pybridge.types import Isolation

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Started:
    """A host process and the two ends of its protocol kept here."""

    proc: subprocess.Popen[bytes]
    requests: IO[bytes]  # written here, read by the host
    replies: IO[bytes]  # written by the host, read here


@dataclass(frozen=True, kw_only=True)
class HostFiles:
    """The files a host process reads: the arena's Prolog folder, its
    ``main_file`` (the bot or the game file), the ``game_files`` by their
    path in the game's folder, and the saved ``state`` (None: none)."""

    prolog_dir: Path
    main_file: Path
    game_files: Mapping[str, Path]
    state: Path | None


def start_host(command: Callable[[int, int], list[str]], *, isolation: Isolation,
               its_jail: jail.Jail, limits: sandbox.RLimits, files: HostFiles,
               env: Mapping[str, str], workdir: str, what: str) -> Started:
    """Start ``command(request_fd, reply_fd)`` (swipl's command line) in
    ``its_jail``: under bubblewrap with the ``files`` mounted and ``env``
    set inside, or with isolation ``none`` in ``workdir``. ArenaError
    naming ``what`` when it cannot start; the caller closes the jail."""
    req_r, req_w = os.pipe()
    rep_r, rep_w = os.pipe()
    copies: list[int] = []  # files bubblewrap copies in (a jail with a user of its own)

    def copied(path: Path) -> int:
        copies.append(os.open(path, os.O_RDONLY | os.O_CLOEXEC))
        return copies[-1]

    try:
        argv = sandbox.limited(command(req_r, rep_w), limits)
        if its_jail.uid is not None:  # the host opens its pipes again by /proc/self/fd
            for fd in (req_r, rep_w):
                os.fchown(fd, its_jail.uid, its_jail.uid)
        if isolation == Isolation.BWRAP:
            argv = sandbox.bwrap_argv(
                argv, prolog_dir=files.prolog_dir, bot=files.main_file.resolve(),
                game_files=files.game_files, env=dict(env), bot_name=sane_name(files.main_file),
                state=files.state,
                copied=copied if its_jail.uid is not None else None)
            run_env = {"PATH": os.environ.get("PATH", os.defpath)}
            cwd = "/"
        else:
            run_env = {"PATH": os.environ.get("PATH", os.defpath), "LANG": "C.UTF-8",
                       "HOME": workdir, **env}
            if "SWI_HOME_DIR" in os.environ:
                run_env["SWI_HOME_DIR"] = os.environ["SWI_HOME_DIR"]
            cwd = workdir
        argv = its_jail.enter(argv)
        log.debug("%s: start %s", what, " ".join(argv))
        fds = (req_r, rep_w, *copies)
        proc = spawn(lambda: subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            cwd=cwd, env=run_env, pass_fds=fds, start_new_session=True, close_fds=True))
    except BaseException as exc:
        for fd in (req_r, req_w, rep_r, rep_w, *copies):
            os.close(fd)
        if isinstance(exc, OSError):
            raise ArenaError(f"cannot start {what}: {exc}") from None
        raise
    its_jail.started(proc.pid)
    for fd in (req_r, rep_w, *copies):
        os.close(fd)
    return Started(proc, os.fdopen(req_w, "wb"), os.fdopen(rep_r, "rb"))


__all__ = ["HostFiles", "Started", "start_host"]
