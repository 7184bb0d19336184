"""Replay logs: one JSON Lines file per game, written so that nothing is lost.

A log is a header, then one record per event, each on its own line::

    {"type":"header","format":"prolog-arena-replay","version":1,"game":"tictactoe","options":{},"players":{"x":"ai:3","o":"human"},"started":"2026-11-30T10:00:00Z"}
    {"type":"move","ply":1,"player":"x","move":"5","ms":12}
    {"type":"move","ply":2,"player":"o","move":"1","ms":0}
    {"type":"undo","ply":2}
    {"type":"move","ply":2,"player":"o","move":"3","ms":0,"verdict":"timeout","detail":"...","raw":"..."}
    {"type":"players","players":{"x":"ai:3","o":"ai:1"}}
    {"type":"result","winner":"x","reason":"three in a row"}
    {"type":"result","winner":"o","reason":"x forfeits: illegal","forfeit":"illegal","detail":"42"}

(a log holds one result in effect: the last two lines show its two
kinds, a result of the rules and a forfeit). Fields beyond those of ``DESIGN.md``, all optional when read:
``state`` in the header (a start position other than the initial one);
``verdict``, ``detail``, ``raw`` in a move the referee replaced; ``ply`` in
an undo (the ply taken back); ``forfeit`` and ``detail`` in a forfeit
result; the ``players`` record (seats changed mid-game). An ``undo`` after
the result takes back the result and the last move, as ``Match.undo``
does; nothing else may follow a result.

:class:`ReplayWriter` writes every record with one ``write`` and fsyncs it
before the game goes on, holding an exclusive lock on the log until closed. :func:`read_replay` reads a log back, checking its
form (:class:`ReplayFormatError`, with the 1-based line, for anything
unreadable); a torn final line (the writer died mid-write) is a warning and
is ignored. :func:`rebuild` and :func:`verify` replay the moves through the
rules (:class:`ReplayMismatch`, with the line, at the first illegal move or
wrong result).
"""

from __future__ import annotations

import fcntl
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Mapping

from .errors import ArenaError, IllegalMoveError, StateTextError
from .game import Game, State, games, load_game
from .match import Match, Ply, Recorder, Result
from .players import VERDICTS, PlayerSpec

FORMAT = "prolog-arena-replay"
VERSION = 1
RECORD_TYPES = ("header", "move", "undo", "players", "result")

_BAD_VERDICTS = tuple(v for v in VERDICTS if v != "ok")


# -- errors --------------------------------------------------------------------


class ReplayError(ArenaError, ValueError):
    """A log that cannot be accepted; ``line`` is the 1-based line at fault."""

    def __init__(self, path: str | os.PathLike[str], line: int, message: str) -> None:
        super().__init__(f"{os.fspath(path)}:{line}: {message}")
        self.path = os.fspath(path)
        self.line = line
        self.message = message


class ReplayFormatError(ReplayError):
    """Not a readable log: bad JSON, an unknown record type, a missing or
    mistyped field, another game, a newer format version."""


class ReplayMismatch(ReplayError):
    """A readable log whose game the rules refuse: an illegal move, a move
    by the wrong player or out of turn, a result the rules do not give.
    ``move`` is the move text at fault (None for a result)."""

    def __init__(
        self, path: str | os.PathLike[str], line: int, message: str, move: str | None = None
    ) -> None:
        super().__init__(path, line, message)
        self.move = move


class ReplayExistsError(ArenaError, FileExistsError):
    """A new log was asked for where a file exists already."""


class ReplayBusyError(ArenaError, RuntimeError):
    """Another writer (another process, or one not closed) holds the log."""


# -- records: the one format every producer writes -----------------------------


def now_text() -> str:
    """The current UTC time as the header writes it."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def header_record(
    game: Game,
    players: Mapping[str, str],
    *,
    started: str | datetime | None = None,
    state: State | None = None,
) -> dict[str, Any]:
    """The header of a log of ``game`` with ``players`` (seat -> spec text).
    ``state`` is written only when it is not the game's initial state."""
    _check_seats(game, players)
    if isinstance(started, datetime):
        started = started.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    record: dict[str, Any] = {
        "type": "header",
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "options": game.options,
        "players": {seat: str(PlayerSpec.parse(players[seat])) for seat in game.players},
        "started": started or now_text(),
    }
    if state is not None and state != game.initial_state():
        record["state"] = str(state)
    return record


def move_record(ply: Ply) -> dict[str, Any]:
    record: dict[str, Any] = {
        "type": "move", "ply": ply.number, "player": ply.player,
        "move": ply.move, "ms": ply.ms,
    }
    if ply.verdict != "ok":
        record["verdict"] = ply.verdict
        if ply.detail:
            record["detail"] = ply.detail
        if ply.raw is not None:
            record["raw"] = ply.raw
    return record


def undo_record(ply: int) -> dict[str, Any]:
    return {"type": "undo", "ply": ply}


def players_record(game: Game, players: Mapping[str, str]) -> dict[str, Any]:
    _check_seats(game, players)
    return {
        "type": "players",
        "players": {seat: str(PlayerSpec.parse(players[seat])) for seat in game.players},
    }


def result_record(result: Result) -> dict[str, Any]:
    record: dict[str, Any] = {"type": "result", "winner": result.winner, "reason": result.reason}
    if result.forfeit is not None:
        record["forfeit"] = result.forfeit
        if result.detail:
            record["detail"] = result.detail
    return record


def record_line(record: Mapping[str, Any]) -> bytes:
    """One record as its line of the log, newline included."""
    return (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def _check_seats(game: Game, players: Mapping[str, str]) -> None:
    if set(players) != set(game.players):
        raise ValueError(
            f"players must sit in the seats of {game.id} {list(game.players)}, got {sorted(players)}"
        )


# -- writing -------------------------------------------------------------------


class ReplayWriter:
    """Writes a log as a game goes; a :class:`pybridge.match.Recorder`.

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
            fd = os.open(path, flags, 0o644)
        except FileExistsError:
            raise ReplayExistsError(
                f"replay log {os.fspath(path)!r} exists already (arena resume continues it)"
            ) from None
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
        fd = _locked(os.open(path, os.O_WRONLY | os.O_APPEND), path)
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

    def _write(self, record: Mapping[str, Any]) -> None:
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


# -- reading -------------------------------------------------------------------


@dataclass(frozen=True)
class Header:
    """The header record, checked."""

    game: str
    options: Mapping[str, Any]
    players: Mapping[str, str]
    started: str | None
    version: int
    state: str | None = None


@dataclass(frozen=True)
class Logged:
    """A move record in effect, with its line."""

    line: int
    ply: Ply


@dataclass(frozen=True)
class Replay:
    """A log read back. ``moves`` are the moves in effect (undone ones
    removed), ``result`` the result in effect or None (unfinished),
    ``players`` the seats as last recorded."""

    path: Path
    header: Header
    game: Game
    moves: tuple[Logged, ...]
    result: Result | None
    result_line: int | None
    players: Mapping[str, str]
    undos: int
    lines: int  # complete lines read
    end: int  # byte offset just past the last complete record
    torn: bool  # a torn final line was ignored
    warnings: tuple[str, ...] = field(default=())

    @property
    def plies(self) -> list[Ply]:
        """The moves in effect, as ``Match(history=...)`` takes them."""
        return [m.ply for m in self.moves]

    @property
    def specs(self) -> tuple[str, ...]:
        """The seats' specs, first player first."""
        return tuple(self.players[seat] for seat in self.game.players)

    def initial_state(self) -> State:
        """The position the game started from."""
        if self.header.state is None:
            return self.game.initial_state()
        return self.game.state_from_text(self.header.state)


def read_replay(path: str | os.PathLike[str]) -> Replay:
    """The log at ``path``, its form checked (not yet its moves: see
    :func:`rebuild`). ReplayFormatError naming the line of anything
    unreadable; OSError if the file cannot be read."""
    path = Path(path)
    data = path.read_bytes()
    reader = _Reader(path)
    chunks = data.split(b"\n")
    tail = chunks.pop()  # b"" when the file ends with a newline
    offset = 0
    for number, chunk in enumerate(chunks, 1):
        reader.add(number, _parse(path, number, chunk))
        offset += len(chunk) + 1
    torn = False
    warnings: list[str] = []
    if tail:
        number = len(chunks) + 1
        try:
            record = _parse(path, number, tail)
        except ReplayFormatError:
            torn = True
            warnings.append(
                f"{os.fspath(path)}:{number}: torn final line ignored (the writer stopped mid-line)"
            )
        else:
            reader.add(number, record)
            offset += len(tail)
    if reader.header is None:
        what = "the file is empty" if not data else "its only line is torn"
        raise ReplayFormatError(path, 1, f"no header: {what}")
    return reader.replay(offset, torn, tuple(warnings))


def _parse(path: Path, number: int, chunk: bytes) -> dict[str, Any]:
    try:
        line = chunk.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayFormatError(path, number, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not line.strip():
        raise ReplayFormatError(path, number, "empty line")
    try:
        record = json.loads(line, parse_constant=_no_constant)
    except ValueError as exc:
        raise ReplayFormatError(path, number, f"bad JSON: {exc}") from None
    if not isinstance(record, dict):
        raise ReplayFormatError(path, number, f"a record is a JSON object, not {_json_kind(record)}")
    return record


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return "a number"


class _Reader:
    """Checks records one by one and keeps what is in effect."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.header: Header | None = None
        self.game: Game | None = None
        self.players: dict[str, str] = {}
        self.moves: list[Logged] = []
        self.result: Result | None = None
        self.result_line: int | None = None
        self.undos = 0
        self.lines = 0

    def error(self, line: int, message: str) -> ReplayFormatError:
        return ReplayFormatError(self.path, line, message)

    def add(self, line: int, record: dict[str, Any]) -> None:
        self.lines = line
        kind = self.field(line, record, "type", str, "a record")
        if kind not in RECORD_TYPES:
            raise self.error(line, f"unknown record type {kind!r} (types: {', '.join(RECORD_TYPES)})")
        if kind == "header":
            if self.header is not None:
                raise self.error(line, "a second header: a log holds one game")
            self.read_header(line, record)
            return
        if self.header is None:
            raise self.error(line, f"a {kind} record before the header: the first line must be the header")
        if self.result is not None and kind != "undo":
            raise self.error(
                line, f"a {kind} record after the result (line {self.result_line}): "
                "only an undo may follow a result")
        getattr(self, f"read_{kind}")(line, record)

    def field(self, line: int, record: Mapping[str, Any], name: str, kind: type,
              what: str, *, optional: bool = False) -> Any:
        if name not in record:
            if optional:
                return None
            raise self.error(line, f"{what} has no field {name!r}")
        value = record[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = {str: "text", int: "a whole number", dict: "an object"}
            raise self.error(line, f"field {name!r} of {what} must be {names[kind]}, not {value!r}")
        return value

    def read_header(self, line: int, record: dict[str, Any]) -> None:
        what = "the header"
        if line != 1:
            raise self.error(line, "the header must be the first line")
        fmt = self.field(line, record, "format", str, what)
        if fmt != FORMAT:
            raise self.error(line, f"not a replay log: format {fmt!r}, expected {FORMAT!r}")
        version = self.field(line, record, "version", int, what)
        if version > VERSION:
            raise self.error(
                line, f"format version {version} is newer than this arena reads "
                f"(version {VERSION}): upgrade prolog-arena")
        if version < 1:
            raise self.error(line, f"no format version {version}: versions start at 1")
        game_id = self.field(line, record, "game", str, what)
        if game_id not in games():
            raise self.error(line, f"unknown game {game_id!r} (games here: {', '.join(games())})")
        options = self.field(line, record, "options", dict, what, optional=True) or {}
        try:
            game = load_game(game_id, **options)
        except ValueError as exc:
            raise self.error(line, f"bad options for {game_id}: {exc}") from None
        players = self.read_seats(line, record, game, what)
        started = self.field(line, record, "started", str, what, optional=True)
        state = self.field(line, record, "state", str, what, optional=True)
        if state is not None:
            try:
                game.state_from_text(state)
            except StateTextError as exc:
                raise self.error(line, f"field 'state' of the header: {exc}") from None
        self.game = game
        self.players = players
        self.header = Header(game_id, game.options, dict(players), started, version, state)

    def read_seats(self, line: int, record: Mapping[str, Any], game: Game, what: str) -> dict[str, str]:
        players = self.field(line, record, "players", dict, what)
        if set(players) != set(game.players):
            raise self.error(
                line, f"field 'players' of {what} must name the seats {list(game.players)} "
                f"of {game.id}, not {list(players)}")
        seats: dict[str, str] = {}
        for seat in game.players:
            spec = self.field(line, players, seat, str, f"the players of {what}")
            try:
                seats[seat] = str(PlayerSpec.parse(spec))
            except ValueError as exc:
                raise self.error(line, f"seat {seat}: {exc}") from None
        return seats

    def read_move(self, line: int, record: dict[str, Any]) -> None:
        assert self.game is not None
        what = "a move record"
        number = self.field(line, record, "ply", int, what)
        player = self.field(line, record, "player", str, what)
        move = self.field(line, record, "move", str, what)
        ms = self.field(line, record, "ms", int, what)
        verdict = self.field(line, record, "verdict", str, what, optional=True) or "ok"
        detail = self.field(line, record, "detail", str, what, optional=True) or ""
        raw = self.field(line, record, "raw", str, what, optional=True)
        if number < 1:
            raise self.error(line, f"ply {number}: plies are numbered from 1")
        if player not in self.game.players:
            raise self.error(line, f"player {player!r} is not a seat of {self.game.id} {list(self.game.players)}")
        if ms < 0:
            raise self.error(line, f"think time ms {ms} is negative")
        if verdict not in VERDICTS:
            raise self.error(line, f"unknown verdict {verdict!r} (verdicts: {', '.join(VERDICTS)})")
        self.moves.append(Logged(line, Ply(number, player, move, ms, verdict, detail, raw)))

    def read_undo(self, line: int, record: dict[str, Any]) -> None:
        number = self.field(line, record, "ply", int, "an undo record", optional=True)
        if not self.moves:
            raise self.error(line, "an undo with no move to take back")
        last = self.moves[-1]
        if number is not None and number != last.ply.number:
            raise self.error(
                line, f"an undo of ply {number}, but the last move in effect is ply "
                f"{last.ply.number} (line {last.line})")
        self.moves.pop()
        self.result = None
        self.result_line = None
        self.undos += 1

    def read_players(self, line: int, record: dict[str, Any]) -> None:
        assert self.game is not None
        self.players = self.read_seats(line, record, self.game, "a players record")

    def read_result(self, line: int, record: dict[str, Any]) -> None:
        assert self.game is not None
        what = "a result record"
        winner = self.field(line, record, "winner", str, what)
        reason = self.field(line, record, "reason", str, what)
        forfeit = self.field(line, record, "forfeit", str, what, optional=True)
        detail = self.field(line, record, "detail", str, what, optional=True) or ""
        if winner != "draw" and winner not in self.game.players:
            raise self.error(line, f"winner {winner!r} is neither a seat of {self.game.id} "
                             f"{list(self.game.players)} nor 'draw'")
        if forfeit is not None:
            if forfeit not in _BAD_VERDICTS:
                raise self.error(line, f"forfeit {forfeit!r} is not a bad move's verdict "
                                 f"({', '.join(_BAD_VERDICTS)})")
            if winner == "draw":
                raise self.error(line, "a forfeit has a winner, not 'draw'")
        self.result = Result(winner, reason, forfeit, detail)
        self.result_line = line

    def replay(self, end: int, torn: bool, warnings: tuple[str, ...]) -> Replay:
        assert self.header is not None and self.game is not None
        return Replay(
            self.path, self.header, self.game, tuple(self.moves), self.result,
            self.result_line, dict(self.players), self.undos, self.lines, end, torn,
            warnings,
        )


# -- replaying through the rules -------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position of a rebuilt game: the start (``logged`` None) or the
    position after a logged move."""

    state: State
    logged: Logged | None = None


@dataclass(frozen=True)
class Rebuilt:
    """A log whose every move the rules accepted, and whose result (if
    any) the rules confirm."""

    replay: Replay
    positions: tuple[Position, ...]

    @property
    def final(self) -> State:
        return self.positions[-1].state

    @property
    def finished(self) -> bool:
        """The log records the game's result."""
        return self.replay.result is not None

    @property
    def result(self) -> Result | None:
        """The recorded result, or the rules' result when the game is over
        but its result was not written (the writer died just before)."""
        if self.replay.result is not None:
            return self.replay.result
        outcome = self.final.outcome()
        return Result(*outcome) if outcome is not None else None


def positions(replay: Replay) -> Iterator[Position]:
    """The start, then the position after each move in effect, each move
    replayed through the rules. ReplayMismatch, naming its line, at the
    first move that is out of turn, misnumbered or illegal."""
    path = replay.path
    state = replay.initial_state()
    yield Position(state)
    for index, logged in enumerate(replay.moves):
        ply = logged.ply
        line = logged.line
        expected = index + 1
        if ply.number != expected:
            raise ReplayMismatch(
                path, line, f"move {ply.move!r} is numbered ply {ply.number}, but ply "
                f"{expected} is due (a move is missing or repeated)", ply.move)
        outcome = state.outcome()
        if outcome is not None:
            raise ReplayMismatch(
                path, line, f"move {ply.move!r} by {ply.player} (ply {ply.number}) after the "
                f"game ended: {_describe(outcome[0], outcome[1])}", ply.move)
        if ply.player != state.current_player:
            raise ReplayMismatch(
                path, line, f"move {ply.move!r} (ply {ply.number}) is recorded for "
                f"{ply.player}, but {state.current_player} is to move", ply.move)
        try:
            state = state.move(ply.move)
        except IllegalMoveError as exc:
            raise ReplayMismatch(
                path, line, f"illegal move {ply.move!r} by {ply.player} (ply {ply.number}): "
                f"{exc.reason}", ply.move) from None
        yield Position(state, logged)


def check_result(replay: Replay, final: State) -> None:
    """ReplayMismatch, naming the result's line, unless the recorded result
    is the rules' result in ``final`` (for a forfeit: the game was not over
    and the loser was to move, or any seat for 'refused' at load)."""
    result = replay.result
    if result is None:
        return
    assert replay.result_line is not None
    line = replay.result_line
    path = replay.path
    outcome = final.outcome()
    recorded = _describe(result.winner, result.reason)
    if result.forfeit is not None:
        if outcome is not None:
            raise ReplayMismatch(
                path, line, f"result {recorded} (a forfeit), but the game had ended by the "
                f"rules: {_describe(*outcome)}")
        loser = replay.game.opponent(result.winner)
        if result.forfeit != "refused" and loser != final.current_player:
            raise ReplayMismatch(
                path, line, f"result {recorded}: {loser} forfeits by {result.forfeit}, but "
                f"{final.current_player} was to move")
        if result.forfeit == "illegal" and result.detail in final.valid_moves():
            raise ReplayMismatch(
                path, line, f"result {recorded}: {loser} forfeits by an illegal move, but "
                f"what it answered, {result.detail}, is a valid move there")
        return
    if outcome is None:
        raise ReplayMismatch(
            path, line, f"result {recorded}, but the game is not over by the rules "
            f"({final.current_player} to move)")
    if (result.winner, result.reason) != outcome:
        raise ReplayMismatch(
            path, line, f"result {recorded}, but the rules say {_describe(*outcome)}")


def rebuild(replay: Replay) -> Rebuilt:
    """Every position of the logged game, checked by the rules (see
    :func:`positions` and :func:`check_result`)."""
    found = tuple(positions(replay))
    check_result(replay, found[-1].state)
    return Rebuilt(replay, found)


def verify(path: str | os.PathLike[str]) -> Rebuilt:
    """Reads and rebuilds the log at ``path``: ReplayFormatError (exit 2)
    or ReplayMismatch (exit 1), each naming its line."""
    return rebuild(read_replay(path))


def _describe(winner: str, reason: str) -> str:
    head = "draw" if winner == "draw" else f"{winner} wins"
    return f"{head} ({reason})" if reason else head


def describe_result(result: Result) -> str:
    """A result in one line: 'x wins (three in a row)'."""
    return _describe(result.winner, result.reason)


__all__ = [
    "FORMAT",
    "VERSION",
    "Header",
    "Logged",
    "Position",
    "Rebuilt",
    "Recorders",
    "Replay",
    "ReplayBusyError",
    "ReplayError",
    "ReplayExistsError",
    "ReplayFormatError",
    "ReplayMismatch",
    "ReplayWriter",
    "check_result",
    "describe_result",
    "header_record",
    "move_record",
    "players_record",
    "positions",
    "read_replay",
    "rebuild",
    "record_line",
    "result_record",
    "undo_record",
    "verify",
]
