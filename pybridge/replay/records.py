"""The records of a replay log: the one format every producer writes.

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
kinds, a result of the rules and a forfeit). Optional fields: in the
header ``state`` (a start position other than the initial one),
``opening`` (a tournament game's opening moves) and ``game_file`` (a game
file's path, SHA-256, dialect and config), ``trust_code`` (true: played
without the jail, the code declared the user's own); ``verdict``, ``detail``, ``raw`` in
a move the referee replaced; ``ply`` in an undo (the ply taken back);
``note`` in a move (what it decided, in the game's words);
``forfeit`` and ``detail`` in a forfeit result; the ``players`` record
(seats changed mid-game). An ``undo`` after the result takes back the
result and the last move, as ``Match.undo`` does; nothing else may follow
a result.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Mapping, Sequence

from pybridge.games.game import Game, State
from pybridge.jail import sandbox
from pybridge.play.players import PlayerSpec
from pybridge.types import Ply, Result, Verdict

FORMAT = "prolog-arena-replay"
VERSION = 1
RECORD_TYPES = ("header", "move", "undo", "players", "result")


def now_text() -> str:
    """The current UTC time as the header writes it."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def header_record(
    game: Game,
    players: Mapping[str, str],
    *,
    started: str | datetime | None = None,
    state: State | None = None,
    opening: Sequence[str] = (),
    game_path: str | None = None,
) -> dict[str, object]:
    """The header of a log of ``game`` with ``players`` (seat -> spec text).
    ``state`` is written for a game file, else only when it is not the
    game's initial state;
    ``opening``, the moves a tournament game started with; ``game_path``,
    where the game file is for the log's reader when it differs from where
    it was loaded (a worker's copy of the client's file)."""
    _check_seats(game, players)
    if isinstance(started, datetime):
        started = started.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    record: dict[str, object] = {
        "type": "header",
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "options": game.options,
        "players": {seat: str(PlayerSpec.parse(players[seat])) for seat in game.players},
        "started": started or now_text(),
    }
    if sandbox.current() == sandbox.Isolation.NONE and sandbox.code_trusted():
        record["trust_code"] = True  # played without the jail, the code declared the user's
    if game.file is not None:
        file_record = game.file.record()
        if game_path:
            file_record["path"] = game_path
        record["game_file"] = file_record
    # a game file's start is always written: its initial_state/2 may draw
    # at random (who begins), and the log's reader would draw again
    if state is not None and (game.file is not None or state != game.initial_state()):
        record["state"] = str(state)
    if opening:
        record["opening"] = list(opening)
    return record


def move_record(ply: Ply) -> dict[str, object]:
    record: dict[str, object] = {
        "type": "move", "ply": ply.number, "player": ply.player,
        "move": ply.move, "ms": ply.ms,
    }
    if ply.note:
        record["note"] = ply.note
    if ply.verdict != Verdict.OK:
        record["verdict"] = ply.verdict
        if ply.detail:
            record["detail"] = ply.detail
        if ply.raw is not None:
            record["raw"] = ply.raw
    return record


def undo_record(ply: int) -> dict[str, object]:
    return {"type": "undo", "ply": ply}


def players_record(game: Game, players: Mapping[str, str]) -> dict[str, object]:
    _check_seats(game, players)
    return {
        "type": "players",
        "players": {seat: str(PlayerSpec.parse(players[seat])) for seat in game.players},
    }


def result_record(result: Result) -> dict[str, object]:
    record: dict[str, object] = {"type": "result", "winner": result.winner, "reason": result.reason}
    if result.forfeit is not None:
        record["forfeit"] = result.forfeit
        if result.detail:
            record["detail"] = result.detail
    if result.termination:
        record["termination"] = result.termination
        if result.detail and result.forfeit is None:
            record["detail"] = result.detail    # the move a broken rule threw on
    return record


def record_line(record: Mapping[str, object]) -> bytes:
    """One record as its line of the log, newline included."""
    return (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def _check_seats(game: Game, players: Mapping[str, str]) -> None:
    if set(players) != set(game.players):
        raise ValueError(
            f"players must sit in the seats of {game.id} {list(game.players)}, got {sorted(players)}"
        )


__all__ = [
    "FORMAT", "RECORD_TYPES", "VERSION", "header_record", "move_record", "now_text",
    "players_record", "record_line", "result_record", "undo_record",
]
