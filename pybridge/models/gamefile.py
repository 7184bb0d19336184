"""Game files: games written outside the arena, named by their path.

A game file is loaded in a process of its own, jailed like a bot
(pybridge/host/game_registry.py, prolog/gamehost.pl): the referee's Prolog
engine never loads it. Logs record a file game by :class:`GameFileRef`:
its path and SHA-256, so that replaying a log can say when the file is
gone or has changed since.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pybridge.safeio import UnsafeFileError, sha256_file
from pybridge.errors import GameFileError
from pybridge.invocation import command_line
from pybridge.text import clean_line
from pybridge.types import Dialect

DIALECTS = tuple(Dialect)
SUFFIXES = (".pl", ".pro", ".prolog")


def is_game_path(spec: str) -> bool:
    """Whether ``spec`` names a game file rather than a built-in game."""
    return isinstance(spec, str) and (
        spec.endswith(SUFFIXES) or "/" in spec or spec.startswith(".")
    )


def names_file(spec: str) -> bool:
    """Whether ``spec`` is taken as a game file where a game is loaded: a
    Prolog file name, or the path of a file that exists."""
    return isinstance(spec, str) and (spec.endswith(SUFFIXES) or Path(spec).is_file())


#: A game file larger than this is refused before it is read.
MAX_BYTES = 16 * 1024 * 1024


def sha256_of(path: str | Path) -> str:
    """The SHA-256 of the file at ``path``; GameFileError when it is larger
    than MAX_BYTES (a log may name any file)."""
    try:
        return sha256_file(path, limit=MAX_BYTES)
    except UnsafeFileError:
        raise GameFileError(f"the game file {path} is larger than {MAX_BYTES // 2**20} MB") from None


@dataclass(frozen=True)
class GameFileRef:
    """Where a file game came from: its absolute path, the SHA-256 of the
    file when it was loaded, the dialect asked for and the config term
    passed verbatim to initial_state/2 (None: the options list)."""

    path: str
    sha256: str
    dialect: Dialect = Dialect.AUTO
    config: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "dialect", Dialect(self.dialect))

    def record(self) -> dict[str, str]:
        """The log's ``game_file`` field."""
        out = {"path": self.path, "sha256": self.sha256}
        if self.dialect is not Dialect.AUTO:
            out["dialect"] = str(self.dialect)
        if self.config is not None:
            out["config"] = self.config
        return out


def resolve(path: str | Path, *, dialect: Dialect = Dialect.AUTO,
            config: str | None = None) -> GameFileRef:
    """The reference of the game file at ``path`` as it is now, to be read
    in ``dialect``."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise GameFileError(f"no game file {str(path)!r}" + (
            "" if p.exists() else " (it does not exist)"))
    try:
        digest = sha256_of(p)
    except OSError as exc:
        raise GameFileError(f"cannot read game file {str(path)!r}: {exc.strerror}") from None
    return GameFileRef(str(p.resolve()), digest, dialect, config)


def from_record(record: object) -> GameFileRef:
    """The reference a log's ``game_file`` field holds; a missing file or
    one changed since the game was played raises GameFileError saying so."""
    if not isinstance(record, dict) or not isinstance(record.get("path"), str) \
            or not isinstance(record.get("sha256"), str):
        raise GameFileError(f"bad game_file record {clean_line(repr(record), 300)}: "
                            "expected path and sha256")
    path = record["path"]
    if not Path(path).is_file():
        raise GameFileError(f"the game file {clean_line(path, 500)} this log was played with "
                            "is missing")
    unchanged(path, record["sha256"], since="the game was played")
    config, dialect = record.get("config"), record.get("dialect", Dialect.AUTO)
    if dialect not in DIALECTS:
        raise GameFileError(f"bad game_file record: dialect {clean_line(repr(dialect), 40)} is not "
                            f"one of {', '.join(DIALECTS)}")
    return GameFileRef(path, record["sha256"], Dialect(dialect),
                       config if isinstance(config, str) else None)


def unchanged(path: str, sha256: str, *, since: str) -> None:
    """GameFileError unless the game file at ``path`` can be read and still
    has the SHA-256 ``sha256``, taken when ``since`` says ("it was loaded")."""
    try:
        now = sha256_of(path)
    except OSError as exc:
        raise GameFileError(f"cannot read the game file {clean_line(path, 500)}: "
                            f"{exc.strerror}") from None
    if now != sha256:
        raise GameFileError(
            f"the game file {clean_line(path, 500)} has changed since {since} "
            f"(SHA-256 {sha256[:12]}... then, {now[:12]}... now)")


def game_id(ref: GameFileRef) -> str:
    """The id a file game goes by: its file name without the suffix (and
    without the ``-arena`` of an adapter: ``nim-arena.pl`` is nim)."""
    stem = Path(ref.path).stem.lower()
    stem = re.sub(r"[^a-z0-9_]", "_", stem.removesuffix("-arena") or stem)
    return stem if re.match(r"[a-z]", stem) else f"game_{stem}"


def adapter_hint(path: str, missing: tuple[str, ...]) -> str:
    """What to do about a course file without players/current player: its
    adapter beside it, if one is there, else check-game proposes one (the
    command as it can be typed here) ('' for a file that lacks other predicates only)."""
    if not {"players/1", "current_player/2"} & set(missing):
        return ""
    adapter = Path(path).with_name(f"{Path(path).stem}-arena.pl")
    if adapter.exists():
        return f"; its adapter {adapter} lies beside it: play that file instead"
    return (f"; a course submission needs an adapter: {command_line('check-game', path)} "
            f"proposes one ({adapter.name})")


__all__ = ["DIALECTS", "GameFileRef", "adapter_hint", "from_record", "game_id", "is_game_path",
           "names_file", "resolve", "sha256_of", "unchanged"]
