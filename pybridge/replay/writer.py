"""Writing a replay log as a game goes: every record with one ``write``,
fsynced before the game goes on, under an exclusive lock on the log.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Iterator, Mapping

from pybridge.errors import ArenaError
from pybridge.invocation import command_line
from pybridge.games.game import Game, State
from pybridge.play.match import Match, Recorder
from pybridge.types import Ply, Result
from pybridge.replay.reader import ReplayFormatError, read_replay
from pybridge.replay.records import (
    header_record,
    move_record,
    players_record,
    record_line,
    result_record,
    undo_record,
)


class ReplayExistsError(ArenaError, FileExistsError):
    """A new log was asked for where a file exists already."""


def exists_message(path: str | os.PathLike[str]) -> str:
    """What to say where a new log ``path`` exists already: resume goes
    on with an unfinished game, not with one that has its result."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as log:
            log.seek(0, os.SEEK_END)
            log.seek(max(0, log.tell() - 65536))
            tail = log.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
        finished = b'"type":"result"' in tail.replace(b" ", b"")
    except OSError:
        finished = False
    if finished:
        return f"replay log {name!r} exists already and holds a finished game: give another name"
    return f"replay log {name!r} exists already ({command_line('resume', name)} continues it)"


class ReplayBusyError(ArenaError, RuntimeError):
    """Another writer (another process, or one not closed) holds the log."""


class ReplayWriter:
    """Writes a log as a game goes; a :class:`pybridge.play.match.Recorder`.

    Every record is appended with a single ``write`` and fsynced before the
    call returns, so a killed process leaves a log that reads back to its
    last move. The writer holds an exclusive ``flock`` on its log until
    :meth:`close` (or its process ends): a second writer on the same log
    gets ReplayBusyError instead of interleaving records.
    """

    def __init__(self, path: Path, game: Game, fd: int, *, plies: int = 0,
                 over: bool = False) -> None:
        """Use :meth:`create`, :meth:`from_match` or :meth:`append`."""
        self.path = path
        self.game = game
        self.plies = plies  # moves in effect
        self.over = over  # a result is in effect
        self._fd: int | None = fd

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        game: Game,
        players: Mapping[str, str],
        *,
        started: str | datetime | None = None,
        state: State | None = None,
        overwrite: bool = False,
    ) -> "ReplayWriter":
        """A new log at ``path`` (parent folders are made), its header
        written. ``players`` maps each seat to its spec text; ``state`` is
        the start position when the game does not start from the initial
        one. ReplayExistsError (a FileExistsError) if ``path`` exists,
        unless ``overwrite``."""
        header = header_record(game, players, started=started, state=state)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | (0 if overwrite else os.O_EXCL)
        try:
            fd = _open_log(path, flags)
        except FileExistsError:
            raise ReplayExistsError(exists_message(path)) from None
        writer = cls(path, game, _locked(fd, path))
        with _closing_on_error(writer):
            os.ftruncate(fd, 0)
            writer._write(header)
            _fsync_dir(path.parent)
        return writer

    @classmethod
    def from_match(
        cls,
        path: str | os.PathLike[str],
        match: Match,
        *,
        started: str | datetime | None = None,
        overwrite: bool = False,
    ) -> "ReplayWriter":
        """A new log of ``match`` so far: header, every move in effect and
        the result if any. Attach it (``match.recorder = writer``) to log
        the rest of the game too."""
        players = {seat: str(p.spec) for seat, p in match.players.items()}
        writer = cls.create(path, match.game, players, started=started,
                            state=match.initial_state, overwrite=overwrite)
        with _closing_on_error(writer):
            for ply in match.history:
                writer.move(ply)
            if match.result is not None:
                writer.result(match.result)
        return writer

    @classmethod
    def append(cls, path: str | os.PathLike[str]) -> "ReplayWriter":
        """Reopens the log at ``path`` to go on writing it (resume). The log
        must read back (ReplayFormatError otherwise); a torn final line is
        cut off first, and a missing final newline added."""
        path = Path(path)
        fd = _locked(_open_log(path, os.O_WRONLY | os.O_APPEND), path)
        try:
            replay = read_replay(path)
            if replay.torn:
                os.ftruncate(fd, replay.end)
            elif not _ends_line(path, replay.end):
                _write_all(fd, b"\n")
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, replay.game, fd, plies=len(replay.moves),
                   over=replay.result is not None)

    # -- the Recorder protocol --

    # Each refuses (ValueError) what would make the log unreadable.

    def move(self, ply: Ply) -> None:
        if self.over:
            raise ValueError(f"move {ply.move!r} after the result in {os.fspath(self.path)!r}: undo first")
        self._write(move_record(ply))
        self.plies += 1

    def undo(self) -> None:
        if self.plies == 0:
            raise ValueError(f"no move to undo in {os.fspath(self.path)!r}")
        self._write(undo_record(self.plies))
        self.plies -= 1
        self.over = False

    def result(self, result: Result) -> None:
        if self.over:
            raise ValueError(f"a second result in {os.fspath(self.path)!r}: undo first")
        self._write(result_record(result))
        self.over = True

    # -- more --

    def players(self, players: Mapping[str, str]) -> None:
        """Records that the seats changed (seat -> spec text of each seat)."""
        self._write(players_record(self.game, players))

    @property
    def closed(self) -> bool:
        return self._fd is None

    def close(self) -> None:
        """Releases the log (and its lock); every record is on disk already."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def _write(self, record: Mapping[str, object]) -> None:
        if self._fd is None:
            raise ValueError(f"replay log {os.fspath(self.path)!r} was closed")
        _write_all(self._fd, record_line(record))
        os.fsync(self._fd)

    def __enter__(self) -> "ReplayWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<ReplayWriter {os.fspath(self.path)!r}{' closed' if self.closed else ''}>"


def _open_log(path: Path, flags: int) -> int:
    """A descriptor for writing the log ``path``: never through a symbolic
    link, never a FIFO or a device (ReplayFormatError naming the file)."""
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ReplayFormatError(path, 0, "is a symbolic link: a log is written only "
                                    "to a file of its own") from None
        if exc.errno == errno.ENXIO:
            raise ReplayFormatError(path, 0, "is a FIFO, not a log file") from None
        raise
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise ReplayFormatError(path, 0, "is not a regular file")
    os.set_blocking(fd, True)
    return fd


def _ends_line(path: Path, end: int) -> bool:
    with open(path, "rb") as f:
        f.seek(end - 1)
        return f.read(1) == b"\n"


def _locked(fd: int, path: Path) -> int:
    """``fd`` once it holds the log's exclusive lock; ReplayBusyError (and
    ``fd`` closed) while another writer holds it."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise ReplayBusyError(
            f"replay log {os.fspath(path)!r} is being written by another writer "
            "(is its game still running?)"
        ) from None
    except OSError:
        pass  # a file system without locks: write unlocked
    return fd


@contextmanager
def _closing_on_error(writer: "ReplayWriter") -> Iterator[None]:
    try:
        yield
    except BaseException:
        writer.close()
        raise


class Recorders:
    """Several recorders as one (e.g. the shell's own log and --replay)."""

    def __init__(self, *recorders: Recorder) -> None:
        self.recorders = list(recorders)

    def move(self, ply: Ply) -> None:
        for r in self.recorders:
            r.move(ply)

    def undo(self) -> None:
        for r in self.recorders:
            r.undo()

    def result(self, result: Result) -> None:
        for r in self.recorders:
            r.result(result)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a directory
    finally:
        os.close(fd)


__all__ = ["Recorders", "ReplayBusyError", "ReplayExistsError", "ReplayWriter"]
