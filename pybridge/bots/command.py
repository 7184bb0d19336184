"""The command line of a bot host: swipl's arguments (from the saved state
or the host's source), and what tells the host about a game file (its
path as the jail shows it, its dialect)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from pybridge.bots.limits import Limits
from pybridge.errors import ArenaError
from pybridge.models import sources as gamesources
from pybridge.models.gamefile import GameFileRef
from pybridge.jail import sandbox


def game_environment(game_file: GameFileRef | None, isolation: str,
                     name: str) -> tuple[dict[str, str], dict[str, Path]]:
    """(the host's environment for ``game_file``, the files it loads by
    their path in its folder): prolog/file_game.pl loads it read-only."""
    if game_file is None:
        return {}, {}
    try:
        game_files = gamesources.files(game_file.path)
    except gamesources.GameSourcesError as exc:
        raise ArenaError(f"cannot start bot {name}: {exc}") from None
    seen = (f"{sandbox.GAME_MOUNT}/{next(iter(game_files))}"
            if isolation == "bwrap" else game_file.path)
    root = (sandbox.GAME_MOUNT if isolation == "bwrap"
            else str(gamesources.folder(game_file.path, game_files)))
    env = {"ARENA_GAME_FILE": seen, "ARENA_GAME_DIALECT": game_file.dialect,
           "ARENA_GAME_ROOT": root}
    if isolation == "bwrap":  # jailed: the game loads as in its own game host
        env["ARENA_GAME_JAIL"] = "true"
    return env, game_files


def host_command(state: Path | None, prolog: Path, bot: str, isolation: str, file_game: bool,
                 game_id: str, seat: str, level: int, seed: int, limits: Limits,
                 move_time: float, req_fd: int, rep_fd: int, unchecked: bool) -> list[str]:
    """swipl's command line for one bot host, requests read from
    ``req_fd`` and replies written to ``rep_fd``."""
    swipl = os.path.realpath(shutil.which("swipl") or "swipl")
    if state is not None:
        seen_state = sandbox.STATE_MOUNT if isolation == "bwrap" else str(state)
        host = [swipl, "-x", seen_state, "--"]
    else:
        host = [swipl, "-f", "none", "-q", "--no-tty", "--no-packs", "--no-threads",
                "--no-debug", str(prolog / "bots" / "host.pl"), "--"]
    return host + [
        "--in-fd", str(req_fd), "--out-fd", str(rep_fd),
        "--game", "arena_file_game_proxy" if file_game else game_id,
        "--stack-mb", str(limits.stack_mb),
        "--seat", seat,
        "--level", str(level),
        "--inferences", str(limits.inferences_for(move_time)),
        "--seed", str(seed),
        "--load-seconds", str(limits.load_seconds),
        *(["--unchecked", "test"] if unchecked else []),
        bot,
    ]


__all__ = ["game_environment", "host_command"]
