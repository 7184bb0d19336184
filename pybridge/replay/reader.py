"""Reading a replay log back, checking its form: :func:`read_replay`.
Anything unreadable is a :class:`ReplayFormatError` naming its 1-based
line; a torn final line (the writer died mid-write) is a warning and is
ignored.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Mapping, NoReturn, TypeVar, overload

from pybridge.models import gamefile
from pybridge.errors import ArenaError, GameFileError, GameRuleError, StateTextError
from pybridge.games.game import Game, State, games, load_game, load_game_ref
from pybridge.jail import sandbox
from pybridge.play.players import PlayerSpec
from pybridge.text import clean_line
from pybridge.safeio import MAX_JSON_DEPTH, MAX_LOG, UnsafeFileError, json_depth, read_inside, read_regular
from pybridge.models.options import OptionValue
from pybridge.types import BAD_VERDICTS, JSON, JSONObject, Ply, Result, ResultWord, Termination, Verdict
from pybridge.replay.records import FORMAT, RECORD_TYPES, VERSION


class ReplayError(ArenaError, ValueError):
    """A log that cannot be accepted; ``line`` is the 1-based line at fault
    (0: the file as a whole)."""

    def __init__(self, path: str | os.PathLike[str], line: int, message: str) -> None:
        where = f"{os.fspath(path)}:{line}" if line else os.fspath(path)
        super().__init__(f"{where}: {message}")
        self.path = os.fspath(path)
        self.line = line
        self.message = message


class ReplayFormatError(ReplayError):
    """Not a readable log: bad JSON, an unknown record type, a missing or
    mistyped field, another game, a newer format version."""


@dataclass(frozen=True)
class Header:
    """The header record, checked."""

    game: str
    options: Mapping[str, OptionValue]
    players: Mapping[str, str]
    started: str | None
    version: int
    state: str | None = None
    opening: tuple[str, ...] = ()  # a tournament game's opening moves


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
    def specs(self) -> tuple[str, str]:
        """The seats' specs, first player first."""
        first, second = (self.players[seat] for seat in self.game.players)
        return first, second

    def initial_state(self) -> State:
        """The position the game started from."""
        if self.header.state is None:
            return self.game.initial_state()
        return self.game.state_from_text(self.header.state)


def read_replay(path: str | os.PathLike[str], *, root: str | os.PathLike[str] | None = None
                ) -> Replay:
    """The log at ``path``, its form checked (not yet its moves: see
    :func:`rebuild`). ReplayFormatError naming the line of anything
    unreadable; OSError if the file cannot be read. The file must be a
    regular one of at most :data:`pybridge.safeio.MAX_LOG` bytes; with
    ``root``, ``path`` is relative to that folder and must stay inside it,
    reached through no link (a ReplayFormatError at line 0 otherwise)."""
    try:
        if root is None:
            data = read_regular(path, limit=MAX_LOG)
        else:
            relative = os.fspath(path) if isinstance(path, os.PathLike) else path
            data = read_inside(root, relative, limit=MAX_LOG, what="log's path")
    except UnsafeFileError as exc:
        raise ReplayFormatError(exc.path, 0, exc.message) from None
    return parse_replay(data, Path(path) if root is None else Path(root) / path)


def parse_replay(data: bytes, path: str | os.PathLike[str]) -> Replay:
    """The log whose bytes are ``data``, read as :func:`read_replay` reads
    a file (``path`` names it in messages)."""
    path = Path(path)
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


def _parse(path: Path, number: int, chunk: bytes) -> JSONObject:
    try:
        line = chunk.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayFormatError(path, number, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not line.strip():
        raise ReplayFormatError(path, number, "empty line")
    try:
        record: JSON = json.loads(line, parse_constant=_no_constant)
    except RecursionError:
        raise ReplayFormatError(path, number, f"bad JSON: nested deeper than {MAX_JSON_DEPTH}") from None
    except ValueError as exc:
        raise ReplayFormatError(path, number, f"bad JSON: {exc}") from None
    if json_depth(record) > MAX_JSON_DEPTH:
        raise ReplayFormatError(path, number, f"bad JSON: nested deeper than {MAX_JSON_DEPTH}")
    if not isinstance(record, dict):
        raise ReplayFormatError(path, number, f"a record is a JSON object, not {_json_kind(record)}")
    return record


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _json_kind(value: JSON) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return "a number"


#: The types a record's field is read as (an object: a JSON object).
_Field = TypeVar("_Field", str, int, JSONObject)


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

    def add(self, line: int, record: JSONObject) -> None:
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

    @overload
    def field(self, line: int, record: Mapping[str, JSON], name: str, kind: type[_Field],
              what: str) -> _Field: ...

    @overload
    def field(self, line: int, record: Mapping[str, JSON], name: str, kind: type[_Field],
              what: str, *, optional: Literal[True]) -> _Field | None: ...

    def field(self, line: int, record: Mapping[str, JSON], name: str, kind: type[_Field],
              what: str, *, optional: bool = False) -> _Field | None:
        """Field ``name`` of ``record``, of type ``kind`` (text, a whole
        number or an object); None if it is absent and ``optional``."""
        if name not in record:
            if optional:
                return None
            raise self.error(line, f"{what} has no field {name!r}")
        value = record[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = {str: "text", int: "a whole number", dict: "an object"}
            raise self.error(line, f"field {name!r} of {what} must be {names[kind]}, not {value!r}")
        return value

    def read_header(self, line: int, record: JSONObject) -> None:
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
        game_file = self.field(line, record, "game_file", dict, what, optional=True)
        if game_file is None and game_id not in games():
            raise self.error(line, f"unknown game {game_id!r} (games here: {', '.join(games())})")
        options = self.field(line, record, "options", dict, what, optional=True) or {}
        if game_file is not None:
            try:
                sandbox.require_jail_for_log()
            except sandbox.IsolationError as exc:
                raise self.error(line, str(exc)) from None
        try:
            if game_file is not None:
                game = load_game_ref(gamefile.from_record(game_file), **options)
            else:
                game = load_game(game_id, **options)
        except (GameFileError, GameRuleError) as exc:   # the file, or its rules in its host
            raise self.error(line, str(exc)) from None
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
        listed = record.get("opening") or []
        opening = [m for m in listed if isinstance(m, str)] if isinstance(listed, list) else []
        if not isinstance(listed, list) or len(opening) != len(listed):
            raise self.error(line, "field 'opening' of the header must be a list of move texts")
        self.game = game
        self.players = players
        self.header = Header(game_id, game.options, dict(players), started, version, state,
                             tuple(opening))

    def read_seats(self, line: int, record: Mapping[str, JSON], game: Game, what: str) -> dict[str, str]:
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

    def read_move(self, line: int, record: JSONObject) -> None:
        assert self.game is not None
        what = "a move record"
        number = self.field(line, record, "ply", int, what)
        player = self.field(line, record, "player", str, what)
        move = self.field(line, record, "move", str, what)
        ms = self.field(line, record, "ms", int, what)
        verdict = self.field(line, record, "verdict", str, what, optional=True) or "ok"
        detail = self.field(line, record, "detail", str, what, optional=True) or ""
        raw = self.field(line, record, "raw", str, what, optional=True)
        note = clean_line(self.field(line, record, "note", str, what, optional=True) or "", 300)
        if number < 1:
            raise self.error(line, f"ply {number}: plies are numbered from 1")
        if player not in self.game.players:
            raise self.error(line, f"player {player!r} is not a seat of {self.game.id} {list(self.game.players)}")
        if ms < 0:
            raise self.error(line, f"think time ms {ms} is negative")
        if verdict not in tuple(Verdict):
            raise self.error(line, f"unknown verdict {verdict!r} (verdicts: {', '.join(Verdict)})")
        self.moves.append(Logged(line, Ply(number, player, move, ms, Verdict(verdict), detail, raw,
                                               note)))

    def read_undo(self, line: int, record: JSONObject) -> None:
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

    def read_players(self, line: int, record: JSONObject) -> None:
        assert self.game is not None
        self.players = self.read_seats(line, record, self.game, "a players record")

    def read_result(self, line: int, record: JSONObject) -> None:
        assert self.game is not None
        what = "a result record"
        winner = self.field(line, record, "winner", str, what)
        reason = self.field(line, record, "reason", str, what)
        forfeit = self.field(line, record, "forfeit", str, what, optional=True)
        detail = self.field(line, record, "detail", str, what, optional=True) or ""
        if winner != ResultWord.DRAW and winner not in self.game.players:
            raise self.error(line, f"winner {winner!r} is neither a seat of {self.game.id} "
                             f"{list(self.game.players)} nor 'draw'")
        if forfeit is not None:
            if forfeit not in BAD_VERDICTS:
                raise self.error(line, f"forfeit {forfeit!r} is not a bad move's verdict "
                                 f"({', '.join(BAD_VERDICTS)})")
            if winner == ResultWord.DRAW:
                raise self.error(line, "a forfeit has a winner, not 'draw'")
        termination = self.field(line, record, "termination", str, what, optional=True) or ""
        if termination not in ("", "broken_rule"):
            raise self.error(line, f"termination {termination!r} is not 'broken_rule'")
        self.result = Result(winner, reason, None if forfeit is None else Verdict(forfeit), detail,
                             Termination(termination))
        self.result_line = line

    def replay(self, end: int, torn: bool, warnings: tuple[str, ...]) -> Replay:
        assert self.header is not None and self.game is not None
        return Replay(
            self.path, self.header, self.game, tuple(self.moves), self.result,
            self.result_line, dict(self.players), self.undos, self.lines, end, torn,
            warnings,
        )


__all__ = ["Header", "Logged", "Replay", "ReplayError", "ReplayFormatError", "parse_replay", "read_replay"]
