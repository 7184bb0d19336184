"""A worker's answer for one game, as data, and the client's check of it.

A worker (of this machine or of a Dask cluster) answers a game with plain
data only: a dict of text, bytes and numbers, which Dask carries without
pickle (:func:`answer`, :func:`refusal`). The client believes none of it
on trust (:func:`accept`): the log must be the game it asked for (game,
options, game file, entrants in their seats, opening) and must follow the
rules move by move to the result it records; the game's record is then
rebuilt from the log, never taken from the worker. An answer that fails
raises :class:`NotCounted`, and that game is not counted.

What a log cannot prove (that a bot really ran out of time, crashed or
failed to load on the worker) is believed from the worker that played it:
the cluster's mutual TLS decides which workers may play at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Mapping, TypedDict

from pybridge.jail import sandbox
from pybridge.types import Isolation
from pybridge.errors import ArenaError
from pybridge.safeio import UnsafeFileError, load_json
from pybridge.games.game import Game
from pybridge.play.players import PlayerSpec
from pybridge.replay.reader import ReplayError, parse_replay
from pybridge.replay.verifying import rebuild
from pybridge.championship.result_files import game_record, replay_name
from pybridge.championship.schedule import Pairing
from pybridge.championship.scoring import GameRecord
from pybridge.text import clean, clean_line
from pybridge.championship.one_game import OUTPUT_LIMIT, SEATS, Config, GameOutcome, cannot_play, opening_of

#: The largest log a worker may return for one game.
LOG_BYTES = 16 * 1024 * 1024
#: The longest a game may be said to have taken (a week).
MAX_SECONDS = 7 * 24 * 3600.0

KEYS = frozenset({"index", "log", "output", "isolation", "seconds"})
REFUSAL_KEYS = frozenset({"index", "refused", "isolation"})


class NotCounted(ArenaError, ValueError):
    """A worker's answer that does not count: refused by the worker, or
    a result that does not follow from its log. ``why`` says which."""

    def __init__(self, index: int, why: str) -> None:
        super().__init__(why)
        self.index = index
        self.why = why


class GameAnswer(TypedDict):
    """A worker's answer for a game it played (msgpack, so ``log`` is bytes)."""

    index: int
    log: bytes
    output: dict[str, str]
    isolation: str
    seconds: float


class Refusal(TypedDict):
    """A worker's answer for a game it will not play."""

    index: int
    refused: str
    isolation: str


class Failure(TypedDict):
    """A worker's answer for a game that raised."""

    index: int
    failed: str
    isolation: str


@dataclass(frozen=True)
class Unreadable:
    """An answer the client would not decode (not plain data)."""

    why: str


def answer(outcome: GameOutcome, isolation: Isolation) -> GameAnswer:
    """What a worker returns for a game it played with ``isolation``."""
    return {"index": outcome.record.index, "log": bytes(outcome.log),
            "output": {str(k): str(v) for k, v in outcome.output.items()},
            "isolation": str(isolation), "seconds": float(outcome.record.seconds)}


def refusal(index: int, why: str, isolation: Isolation) -> Refusal:
    """What a worker returns for a game it will not play, and why."""
    return {"index": index, "refused": why, "isolation": str(isolation)}


FAILURE_KEYS = frozenset({"index", "failed", "isolation"})


def failure(index: int, exc: BaseException, isolation: Isolation) -> Failure:
    """What a worker returns for a game that raised ``exc`` (a game's rule
    that threw, a host's bad answer, a fault of the arena's): the game is
    not counted, the others go on, and ``--resume`` plays it again."""
    return {"index": index, "failed": clean_line(f"{type(exc).__name__}: {exc}", 500),
            "isolation": str(isolation)}


def required_isolation(required: Isolation) -> tuple[Isolation, str | None]:
    """The isolation this process runs bots with, and why it cannot play
    a game that requires ``required`` (None: it can)."""
    have = sandbox.current()
    if required != Isolation.BWRAP:
        return have, None
    if have != Isolation.BWRAP:
        return have, (f"this worker runs bots with isolation {have} "
                      f"({sandbox.ENV}={have} in its environment), the tournament requires "
                      "bwrap: start the worker without it")
    try:
        sandbox.check(Isolation.BWRAP)
    except sandbox.IsolationError as exc:
        return have, f"this worker cannot run bots under bwrap: {exc}"
    return have, None


def accept(found: object, *, config: Config, pairing: Pairing, game: Game) -> GameOutcome:
    """The outcome of ``pairing`` from a worker's answer ``found``, every
    part of it checked (see the module's text); NotCounted if it fails."""
    index = pairing.index
    if isinstance(found, Unreadable):
        raise NotCounted(index, f"its answer is not plain data: {clean_line(found.why, 300)}")
    if not isinstance(found, dict):
        raise NotCounted(index, f"its answer is a {type(found).__name__}, not a dict")
    if set(found) == REFUSAL_KEYS and isinstance(found["refused"], str):
        raise NotCounted(index, f"the worker refused the game: {clean_line(found['refused'], 500)}")
    if set(found) == FAILURE_KEYS and isinstance(found["failed"], str):
        raise NotCounted(index, f"the game stopped: {clean_line(found['failed'], 500)}")
    if set(found) != KEYS:
        raise NotCounted(index, f"its answer has the fields {sorted(map(str, found))[:10]}, "
                                f"expected {sorted(KEYS)}")
    if type(found["index"]) is not int or found["index"] != index:
        raise NotCounted(index, f"its answer is for game {clean_line(found['index'], 40)}, "
                                f"not game {index}")
    log, output, isolation, seconds = (found["log"], found["output"], found["isolation"],
                                       found["seconds"])
    if not isinstance(log, bytes) or len(log) > LOG_BYTES:
        raise NotCounted(index, f"its log is not bytes of at most {LOG_BYTES // 2**20} MB")
    if isolation not in sandbox.MODES:
        raise NotCounted(index, f"it names an unknown isolation {clean_line(repr(isolation), 40)}")
    isolation = Isolation(isolation)
    if config.isolation == Isolation.BWRAP and isolation != Isolation.BWRAP:
        raise NotCounted(index, f"it was played with isolation {isolation}; bwrap is required")
    if type(seconds) not in (int, float) or not (0 <= seconds <= MAX_SECONDS) \
            or math.isnan(seconds):
        raise NotCounted(index, f"its time {clean_line(seconds, 40)} is not a number of seconds")
    names = (pairing.first, pairing.second)
    if not isinstance(output, dict) or not all(
            k in names and isinstance(v, str) for k, v in output.items()):
        raise NotCounted(index, "its bots' output is not text of the game's two entrants")
    record = verified_record(log, config=config, pairing=pairing, game=game,
                             seconds=float(seconds))
    output = {k: clean(v, OUTPUT_LIMIT) for k, v in output.items() if v}
    return GameOutcome(replace(record, isolation=isolation), log, output)


def verified_record(log: bytes, *, config: Config, pairing: Pairing, game: Game,
                    seconds: float) -> GameRecord:
    """The record of ``pairing`` rebuilt from ``log`` once the log is
    shown to be that game, played by the rules to its recorded end."""
    index = pairing.index
    name = replay_name(pairing)
    try:
        head = load_json(log.partition(b"\n")[0], "its log")
    except UnsafeFileError:
        raise NotCounted(index, "its log's first line is not a JSON header") from None
    if not isinstance(head, dict):
        raise NotCounted(index, "its log's first line is not a JSON header")
    wanted = {"game": game.id, "game_file": game.file.record() if game.file else None}
    for key, value in wanted.items():
        if head.get(key) != value:
            raise NotCounted(index, f"its log is for {key} {clean_line(head.get(key), 200)}, "
                                    f"not {clean_line(value, 200)}")
    seats = dict(zip(game.players, (pairing.first, pairing.second)))
    players = {seat: str(PlayerSpec.parse(config.specs[n])) for seat, n in seats.items()}
    if head.get("players") != players:
        raise NotCounted(index, f"its log's players are {clean_line(head.get('players'), 300)}, "
                                f"not {clean_line(players, 300)}")
    opening = opening_of(config, pairing)
    if tuple(head.get("opening") or ()) != opening or "state" in head:
        raise NotCounted(index, "its log starts from another position than the game's "
                                f"opening {list(opening)}")
    try:
        rebuilt = rebuild(parse_replay(log, name))
    except (ReplayError, ArenaError) as exc:   # a broken log, or the rules failing on it
        raise NotCounted(index, f"its log does not follow the rules: {clean_line(exc, 500)}") \
            from None
    replay = rebuilt.replay
    if dict(replay.game.options) != dict(game.options):
        raise NotCounted(index, f"its log is for the options {clean_line(replay.game.options, 200)}, "
                                f"not {clean_line(game.options, 200)}")
    if replay.result is None:
        raise NotCounted(index, "its log has no result: the game did not finish")
    both = all(cannot_play(config, n, role) for n, role in zip((pairing.first, pairing.second),
                                                               SEATS))
    record = game_record(pairing, game.players, replay.result, replay.plies, seconds,
                         opening=opening, lost_by_both=both)
    if both:
        record = replace(record, reason=f"neither could play: {record.reason}")
    return record


def isolation_used(required: Isolation,
                   records: Mapping[int, GameRecord] | list[GameRecord]) -> Isolation:
    """What standings say of the isolation: ``none`` when any game ran
    without bwrap, else bwrap when the games that say ran with it, else
    the ``required`` one."""
    said = {r.isolation for r in (records.values() if isinstance(records, Mapping) else records)
            if r.isolation is not None}
    if Isolation.NONE in said:
        return Isolation.NONE
    return Isolation.BWRAP if said else required


__all__ = ["FAILURE_KEYS", "Failure", "GameAnswer", "LOG_BYTES", "Refusal", "NotCounted", "Unreadable", "accept", "answer", "failure", "isolation_used",
           "refusal", "required_isolation", "verified_record"]
