"""What a tournament writes about its games: a finished game's record
and the name of its log, the games and standings as standings.json
and games.jsonl hold them, and standings.csv (cells a spreadsheet
shows as text)."""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import asdict
from typing import Any, Mapping, Sequence

from pybridge.championship.schedule import Pairing
from pybridge.championship.scoring import GameRecord, Standing
from pybridge.text import clean_line
from pybridge.types import JSON, Isolation, JSONObject, Ply, Result, ResultWord, Termination, Verdict


# -- one game's record -------------------------------------------------------------


def _file_part(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)


def replay_name(pairing: Pairing) -> str:
    """The log's path in OUT: ``replays/0007-first-vs-second.jsonl``."""
    return (f"replays/{pairing.index + 1:04d}-{_file_part(pairing.first)}-vs-"
            f"{_file_part(pairing.second)}.jsonl")


def game_record(pairing: Pairing, players: Sequence[str], result: Result, history: Sequence[Ply],
                seconds: float, *, opening: Sequence[str] = (), lost_by_both: bool = False,
                ) -> GameRecord:
    """The record of a finished game; ``players`` are the game's seats;
    the first ``len(opening)`` plies of ``history`` are the opening."""
    seats = dict(zip(players, (pairing.first, pairing.second)))
    replaced: dict[str, int] = {}
    times: dict[str, list[int]] = {}
    for ply in history[len(opening):]:
        name = seats[ply.player]
        times.setdefault(name, []).append(ply.ms)
        if ply.verdict != Verdict.OK:
            replaced[name] = replaced.get(name, 0) + 1
    ms = {n: (round(sum(t) / len(t), 1), max(t), len(t)) for n, t in times.items()}
    return GameRecord(
        index=pairing.index, first=pairing.first, second=pairing.second,
        winner=result.winner if result.winner == ResultWord.DRAW else seats[result.winner],
        reason=result.reason, forfeit=result.forfeit, replaced=replaced,
        plies=len(history), seconds=round(seconds, 3), replay=replay_name(pairing),
        opening=tuple(opening), lost_by_both=lost_by_both, ms=ms,
        termination=result.termination,
    )


# -- the standings files -----------------------------------------------------------

CSV_FIELDS = ("rank", "name", "path", "played", "won", "drawn", "lost", "forfeits",
              "points", "grade", "replaced", "house", "late_days", "grade_before_late",
              "elo", "elo_error")


def standings_document(
    game: str, options: Mapping[str, JSON], table: Sequence[Standing],
    records: Sequence[GameRecord], *, total: int, complete: bool,
    settings: Mapping[str, JSON],
) -> JSONObject:
    """The content of standings.json."""
    return {
        "game": game,
        "options": dict(options),
        "complete": complete,
        "games_played": len(records),
        "games_scheduled": total,
        "settings": dict(settings),
        "isolation": settings.get("isolation", Isolation.BWRAP),
        "bots": [asdict(s) for s in table],
        "games": [game_document(r) for r in sorted(records, key=lambda r: r.index)],
    }


def game_document(r: GameRecord) -> JSONObject:
    """One game as standings.json lists it."""
    return {"index": r.index, "first": r.first, "second": r.second, "winner": r.winner,
            "reason": r.reason, "forfeit": r.forfeit, "plies": r.plies, "replay": r.replay,
            "opening": list(r.opening) or None, "lost_by_both": r.lost_by_both,
            "seconds": r.seconds, "replaced": dict(r.replaced),
            "ms": {n: list(v) for n, v in r.ms.items()}, "isolation": r.isolation,
            **({"termination": r.termination} if r.termination else {})}


def _verdict(text: str | None) -> Verdict | None:
    """A forfeit as a document wrote it: a verdict, or None."""
    return None if text is None else Verdict(text)


def record_from_document(d: Mapping[str, Any]) -> GameRecord:
    """The record :func:`game_document` wrote."""
    return GameRecord(
        index=int(d["index"]), first=d["first"], second=d["second"], winner=d["winner"],
        reason=d["reason"], forfeit=_verdict(d.get("forfeit")), replaced=dict(d.get("replaced") or {}),
        plies=int(d.get("plies", 0)), seconds=float(d.get("seconds", 0.0)),
        replay=d.get("replay", ""), opening=tuple(d.get("opening") or ()),
        lost_by_both=bool(d.get("lost_by_both")),
        ms={n: (float(v[0]), int(v[1]), int(v[2])) for n, v in (d.get("ms") or {}).items()},
        isolation=Isolation(d["isolation"]) if d.get("isolation") in tuple(Isolation) else None,
        termination=(Termination.BROKEN_RULE if d.get("termination") == Termination.BROKEN_RULE
                     else Termination.PLAYED),
    )


def _relative(path: str | None) -> str:
    """A path as the CSV shows it: relative to the working directory when
    it lies below it."""
    if not path:
        return ""
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


_NUMBER = re.compile(r"-?\d+(\.\d+)?\Z")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: one that begins with
    ``= + - @``, a tab or a carriage return gets a leading ``'`` (OWASP's
    advice against formula injection), except a plain number such as
    ``-3`` or ``-12.5``; control characters are escaped."""
    text = "" if value is None else clean_line(str(value), 4096)
    if text.startswith(_FORMULA_START) and not _NUMBER.match(text):
        return "'" + text
    return text


def standings_csv(table: Sequence[Standing]) -> str:
    """standings.csv: the late columns only when some entrant was late."""
    late = any(s.late_days for s in table)
    fields = [f for f in CSV_FIELDS if late or f not in ("late_days", "grade_before_late")]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for s in table:
        row = asdict(s)
        row["path"] = _relative(s.path)
        writer.writerow({k: csv_cell(row[k]) for k in fields})
    return buf.getvalue()


__all__ = [
    "CSV_FIELDS", "csv_cell", "game_document", "game_record", "record_from_document",
    "replay_name", "standings_csv", "standings_document",
]
