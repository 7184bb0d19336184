"""The command line of a bot host: swipl's arguments (from the saved state
or the host's source), and what tells the host about a game file (its
path as the jail shows it, its dialect)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pybridge.host.bot_limits import Limits, SeatRole
from pybridge.defaults import MOVE_TIME
from pybridge.errors import ArenaError
from pybridge.models import sources as gamesources
from pybridge.models.gamefile import GameFileRef
from pybridge.jail import sandbox
from pybridge.types import Isolation
from pybridge.host.swipl import host_prefix


def game_environment(game_file: GameFileRef | None, isolation: Isolation,
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
            if isolation == Isolation.BWRAP else game_file.path)
    root = (sandbox.GAME_MOUNT if isolation == Isolation.BWRAP
            else str(gamesources.folder(game_file.path, game_files)))
    env = {"ARENA_GAME_FILE": seen, "ARENA_GAME_DIALECT": game_file.dialect,
           "ARENA_GAME_ROOT": root}
    if isolation == Isolation.BWRAP:  # jailed: the game loads as in its own game host
        env["ARENA_GAME_JAIL"] = "true"
    return env, game_files


#: The level passed to a PFL bot when its spec names none (``bot.pl``):
#: every PFL project plays its best at level 2.
DEFAULT_LEVEL = 2


@dataclass(frozen=True, kw_only=True)
class BotPlay:
    """How a bot is asked to play one game: its ``level``, the
    ``move_time`` its inference budget is set for, and the ``seed`` of its
    random choices (None: a random one)."""

    level: int = DEFAULT_LEVEL
    move_time: float = MOVE_TIME
    seed: int | None = None


@dataclass(frozen=True, kw_only=True)
class HostCommand:
    """What one bot host is started with. ``state`` is the saved state
    (None: the host's source under ``prolog``); ``prolog`` and ``bot`` are
    paths as the host sees them; ``game`` is a game id, or ``arena_file_game_proxy``
    for a game file; ``play`` has its seed chosen."""

    state: Path | None
    prolog: Path
    bot: str
    isolation: Isolation
    game: str
    seat: SeatRole
    play: BotPlay
    limits: Limits

    def argv(self, req_fd: int, rep_fd: int) -> list[str]:
        """swipl's command line, requests read from ``req_fd`` and replies
        written to ``rep_fd``."""
        host = host_prefix(self.state, self.prolog / "bots" / "host.pl",
                           jailed=self.isolation == Isolation.BWRAP, no_threads=True)
        return host + [
            "--in-fd", str(req_fd), "--out-fd", str(rep_fd),
            "--game", self.game,
            "--stack-mb", str(self.limits.stack_mb),
            "--seat", self.seat,
            "--level", str(self.play.level),
            "--inferences", str(self.limits.inferences_for(self.play.move_time)),
            "--seed", str(self.play.seed),
            "--load-seconds", str(self.limits.load_seconds),
            self.bot,
        ]


__all__ = ["BotPlay", "DEFAULT_LEVEL", "HostCommand", "game_environment"]
