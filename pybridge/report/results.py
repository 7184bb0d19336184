"""A championship's results to publish, gathered from its folder (a
finished or partial one): settings, standings, crosstable, similar pairs
and, per entrant, its games, forfeits, move times and output. This module
builds the data and ``OUT/report.md``; :mod:`pybridge.report.html` the
HTML pages. Everything bot-made is shown only after
:func:`pybridge.text.clean`.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from pybridge import signing
from pybridge.championship.checkpoint import read_games, recorded_specs, seat_specs
from pybridge.signing import Seal
from pybridge.championship.entrants import name_warnings
from pybridge.errors import ArenaError
from pybridge.championship.ratings import as_table, elo_ratings
from pybridge.replay import Rebuilt, ReplayError, verify
from pybridge.safeio import UnsafeFileError, read_json_inside, relative_parts
from pybridge.championship.result_files import game_document, game_record
from pybridge.championship.schedule import Entrant, Pairing, TournamentError
from pybridge.championship.scoring import GameRecord, POINTS, outcome_for, standings
from pybridge.text import clean, clean_line

#: What is shown of an entrant's output in all (the games' outputs joined).
SHOWN_OUTPUT = 4096
SIMILARITY = "similarity.json"
STANDINGS = "standings.json"


@dataclass
class EntrantReport:
    name: str
    row: Mapping[str, Any]
    games: list[Mapping[str, Any]] = field(default_factory=list)
    forfeits: list[Mapping[str, Any]] = field(default_factory=list)
    ms_mean: float | None = None
    ms_max: int | None = None
    moves: int = 0
    output: str = ""
    #: why its bot was refused at loading, and how many games it lost so
    refused: str = ""
    refused_games: int = 0


@dataclass
class Report:
    """A championship as its logs show it: ``doc`` is standings.json with
    its games and table derived from the verified logs; ``rebuilt`` the
    verified log of each game counted (by index); ``problems`` the games
    not counted and why; ``disagreements`` where standings.json said
    another result than the log; ``warnings`` about entrants' names."""

    out: Path
    doc: Mapping[str, Any]
    entrants: list[EntrantReport]
    #: points of the row's entrant against the column's (None: they played no game)
    crosstable: dict[str, dict[str, int | None]]
    similar: list[Mapping[str, Any]]
    rebuilt: dict[int, Rebuilt] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def anchor(name: str) -> str:
    """An HTML id for an entrant's section."""
    return "e-" + "".join(c if c.isalnum() or c in "-_" else f"_{ord(c):x}" for c in name)


def game_page(index: int) -> str:
    """The replay page of game ``index`` (0-based), relative to OUT."""
    return f"games/{index + 1:04d}.html"


def _bad(out: Path, what: str) -> TournamentError:
    return TournamentError(f"{os.fspath(out / STANDINGS)!r} is not a tournament's standings: {what}")


def _entrants(out: Path, doc: Mapping[str, Any]) -> list[Entrant]:
    bots = doc.get("bots")
    if not isinstance(bots, list) or not all(isinstance(b, dict) for b in bots):
        raise _bad(out, "'bots' must be a list of objects")
    people: list[Entrant] = []
    for i, b in enumerate(bots):
        name, path = b.get("name"), b.get("path")
        if not isinstance(name, str) or not name:
            raise _bad(out, f"bot {i + 1} has no name")
        if path is not None and not isinstance(path, str):
            raise _bad(out, f"bot {clean_line(name)!r}: 'path' must be text or null")
        if any(e.name == name for e in people):
            raise _bad(out, f"two bots named {clean_line(name)!r}")
        people.append(Entrant(name, name, path, house=b.get("house") is True))
    return people


def _number(value: Any, default: float = 0.0) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value) else default


@dataclass(frozen=True)
class _Checks:
    """What every listed game's log is checked against beside the rules:
    the folder's signatures (``accept``: count what they do not prove) and
    the entrants' specs from tournament.json (None: not recorded)."""

    seal: Seal
    accept: bool
    specs: Mapping[str, str] | None


def _derive(out: Path, doc: Mapping[str, Any], names: set[str], g: Any, seen: set[int],
            logs: dict[tuple[str, ...], int], checks: _Checks) -> tuple[GameRecord, Rebuilt]:
    """A listed game's record derived from its verified log; TournamentError
    saying why the game cannot be counted."""
    if not isinstance(g, dict):
        raise TournamentError("a game that is not an object")
    index, first, second = g.get("index"), g.get("first"), g.get("second")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 10**6:
        raise TournamentError(f"a game with the index {clean_line(repr(index), 40)}")
    if index in seen:
        raise TournamentError(f"game {index + 1} is listed twice")
    seen.add(index)
    if first not in names or second not in names or first == second:
        raise TournamentError(f"game {index + 1}: its entrants are not two of the bots listed")
    if not isinstance(g.get("replay"), str):
        raise TournamentError(f"game {index + 1}: its log's path is not text")
    parts = relative_parts(g["replay"], "log's path")
    if parts in logs:
        raise TournamentError(f"game {index + 1}: its log is game {logs[parts] + 1}'s")
    logs[parts] = index
    relative = "/".join(parts)
    if checks.seal.doubtful(relative) and not checks.accept:
        raise TournamentError(f"game {index + 1}: " + (
            f"{relative}: unsigned" if checks.seal.problem else checks.seal.why(relative))
            + " (--accept-altered counts it)")
    rebuilt = verify(g["replay"], root=out)
    replay = rebuilt.replay
    game = replay.game
    if doc.get("game") not in (game.id, game.file.path if game.file else None) \
            or dict(game.options) != doc.get("options", {}):
        raise TournamentError(f"game {index + 1}: its log is of {clean_line(game.id)} "
                              f"{dict(game.options)}, not of this tournament's game")
    if replay.result is None:
        raise TournamentError(f"game {index + 1}: its log records no result")
    pairing = Pairing(index, first, second)
    if checks.specs is not None and all(n in checks.specs for n in (first, second)):
        seats = seat_specs(game.players, pairing, checks.specs)
        if dict(replay.header.players) != seats:
            raise TournamentError(f"game {index + 1}: its log seats "
                                  f"{clean_line(dict(replay.header.players), 200)}, but "
                                  f"{clean_line(first)} plays first and {clean_line(second)} "
                                  "second in standings.json")
    opening = replay.header.opening
    both = g.get("lost_by_both") is True and replay.result.forfeit is not None
    record = game_record(pairing, game.players, replay.result,
                         replay.plies, _number(g.get("seconds")), opening=opening,
                         lost_by_both=both)
    record = dataclasses.replace(record, replay=g["replay"])
    if both:
        record = dataclasses.replace(record, reason=f"neither could play: {record.reason}")
    return record, rebuilt


def _claim(g: Mapping[str, Any]) -> tuple[Any, Any, Any]:
    reason = g.get("reason")
    if isinstance(reason, str):
        reason = reason.removeprefix("neither could play: ")
    return g.get("winner"), reason, g.get("forfeit")


def gather(out: str | os.PathLike[str], *, accept_altered: bool = False) -> Report:
    """Everything the report shows, from the folder ``out``: each game's
    result from its log, replayed through the rules (a game whose log
    does not verify, or seats other entrants than standings.json says, is
    listed as a problem and not counted), the table computed from those
    results. A log the folder's signatures do not prove (altered,
    unsigned) is not counted, and an altered standings.json gives no
    grades, unless ``accept_altered``."""
    out = Path(out)
    seal = signing.check(out)
    checks = _Checks(seal, accept_altered, recorded_specs(out))
    try:
        doc = read_json_inside(out, STANDINGS)
    except FileNotFoundError:
        raise TournamentError(f"{str(out)!r} holds no tournament (no standings.json)") from None
    if not isinstance(doc, dict):
        raise _bad(out, "not a JSON object")
    if not isinstance(doc.get("options", {}), dict) or not isinstance(doc.get("settings", {}), dict):
        raise _bad(out, "'options' and 'settings' must be objects")
    if not isinstance(doc.get("game"), str):
        raise _bad(out, "'game' must be text")
    listed_games = doc.get("games", [])
    if not isinstance(listed_games, list):
        raise _bad(out, "'games' must be a list")
    people_ = _entrants(out, doc)
    names = [e.name for e in people_]
    records: list[GameRecord] = []
    rebuilt: dict[int, Rebuilt] = {}
    problems: list[str] = []
    disagreements: list[str] = []
    seen: set[int] = set()
    logs: dict[tuple[str, ...], int] = {}
    problems += seal.notes()
    for g in listed_games:
        try:
            record, log = _derive(out, doc, set(names), g, seen, logs, checks)
        except (TournamentError, ReplayError, ArenaError) as exc:
            problems.append(f"not counted: {clean_line(exc)}")
            continue
        except (OSError, ValueError) as exc:
            problems.append(f"not counted: game {g.get('index', 0) + 1}: its log: "
                            f"{clean_line(getattr(exc, 'strerror', None) or exc)}")
            continue
        except Exception as exc:  # noqa: BLE001  one game never stops the report
            problems.append(f"not counted: a game whose log could not be checked "
                            f"({type(exc).__name__}: {clean_line(exc, 200)})")
            continue
        said = _claim(g)
        derived = _claim(game_document(record))
        if said != derived:
            disagreements.append(
                f"game {record.index + 1}: standings.json says {clean_line(said, 200)}, "
                f"its log says {clean_line(derived, 200)}: the log's result counts")
        records.append(record)
        rebuilt[record.index] = log
    records.sort(key=lambda r: r.index)
    graded = doc.get("settings", {}).get("grades") is True
    if graded and seal.doubtful(STANDINGS) and not accept_altered:
        graded = False
        problems.append(f"no grades: {STANDINGS} (its late days, zeroes and settings) is not "
                        "proven by the signatures (--accept-altered grades all the same)")
    doc = _recomputed(doc, people_, records, graded)
    try:
        outputs = {i: o for i, (_, o) in read_games(out).items()}
    except UnsafeFileError as exc:
        outputs = {}
        problems.append(f"what the bots printed is not shown: {clean_line(exc)}")
    bots = doc["bots"]
    people = {b["name"]: EntrantReport(b["name"], b) for b in bots}
    cross: dict[str, dict[str, int | None]] = {a: {b: None for b in names if b != a}
                                                for a in names}
    times: dict[str, list[tuple[float, int, int]]] = {n: [] for n in names}
    said_: dict[str, list[str]] = {n: [] for n in names}
    for r, g in zip(records, doc["games"]):
        a, b = g["first"], g["second"]
        both = g.get("lost_by_both")
        for me, other in ((a, b), (b, a)):
            cross[me][other] = (cross[me][other] or 0) + POINTS[outcome_for(r, me)]
            people[me].games.append(g)
            if g.get("forfeit") == "refused" and (g["winner"] != me or both):
                # refused at loading: said once, not once per game
                people[me].refused_games += 1
                logged = rebuilt[g["index"]].replay.result
                people[me].refused = people[me].refused or clean(logged.detail if logged else "")
            elif g.get("forfeit") and (g["winner"] != me or both):
                people[me].forfeits.append({**g, "position": _final_position(rebuilt[g["index"]])})
        for n, (mean, worst, moves) in (g.get("ms") or {}).items():
            times[n].append((mean, worst, moves))
        for n, text in outputs.get(g["index"], {}).items():
            if n in said_:
                said_[n].append(f"[game {g['index'] + 1}]\n{text}")
    for n, e in people.items():
        moves = sum(m for _, _, m in times[n])
        if moves:
            e.moves = moves
            e.ms_mean = round(sum(mean * m for mean, _, m in times[n]) / moves, 1)
            e.ms_max = max(w for _, w, _ in times[n])
        e.output = clean("\n".join(said_[n]), SHOWN_OUTPUT)
    similar = _similar(out, problems)
    renamed = doc.get("settings", {}).get("renamed")
    warnings = [clean_line(r, 500) for r in (renamed if isinstance(renamed, list) else ())
                if isinstance(r, str)] + name_warnings(people_)
    return Report(out, doc, [people[n] for n in names], cross, similar, rebuilt, problems,
                  disagreements, warnings)


def _recomputed(doc: Mapping[str, Any], people: Sequence[Entrant],
                records: Sequence[GameRecord], graded: bool) -> dict[str, Any]:
    """standings.json with its games and table made again from ``records``."""
    settings = doc.get("settings", {})
    rows = {b["name"]: b for b in doc["bots"]}
    late = {}
    for e in people:
        days = rows[e.name].get("late_days")
        if isinstance(days, int) and not isinstance(days, bool) and 0 < days < 10**4:
            late[e.name] = days
    zero = [z for z in settings.get("zero") or [] if isinstance(z, str)] \
        if isinstance(settings.get("zero"), list) else []
    anchor_ = settings.get("elo_anchor")
    anchored = None
    if isinstance(anchor_, list) and len(anchor_) == 2 and anchor_[0] in rows \
            and isinstance(anchor_[1], (int, float)) and math.isfinite(anchor_[1]):
        anchored = (anchor_[0], float(anchor_[1]))
    ratings = as_table(elo_ratings([e.name for e in people], records, anchor=anchored))
    table = standings(people, records, grades=graded, late=late,
                      zero=zero, ratings=ratings)
    games = [game_document(r) for r in records]
    for r, g in zip(records, games):
        g["lost_by_both"] = r.lost_by_both
    return {**doc, "bots": [dataclasses.asdict(s) for s in table], "games": games,
            "games_played": len(records)}


def _similar(out: Path, problems: list[str]) -> list[Mapping[str, Any]]:
    """The pairs similarity.json lists (those of a sound shape)."""
    try:
        doc = read_json_inside(out, SIMILARITY)
    except FileNotFoundError:
        return []
    except UnsafeFileError as exc:
        problems.append(f"similarity not shown: {clean_line(exc)}")
        return []
    pairs = doc.get("pairs") if isinstance(doc, dict) else None
    if not isinstance(pairs, list):
        problems.append(f"similarity not shown: {SIMILARITY} lists no pairs")
        return []
    skipped = doc.get("skipped")
    for k in skipped if isinstance(skipped, list) else []:
        if isinstance(k, dict):
            problems.append(f"similarity: not compared: {setting_text(k.get('submission'))}: "
                            f"{setting_text(k.get('file'))}: {setting_text(k.get('reason'))}")
    return [p for p in pairs if isinstance(p, dict) and isinstance(p.get("a"), str)
            and isinstance(p.get("b"), str) and isinstance(p.get("score"), (int, float))
            and math.isfinite(p["score"]) and isinstance(p.get("flagged", False), bool)]


def setting_text(value: object) -> str:
    """A setting as text (it may come from a crafted folder)."""
    return clean_line(value if isinstance(value, str) else json.dumps(value), 200)


def _final_position(rebuilt: Rebuilt) -> str:
    """The board where a forfeited game stopped, as the game displays it."""
    try:
        return clean(rebuilt.final.display(color=False).rstrip())
    except (ArenaError, ValueError) as exc:
        return f"(position unavailable: {clean_line(exc)})"


def notes(report: Report) -> list[str]:
    """What a reader must know about these results: warnings about names,
    games not counted, results the logs corrected."""
    return ([f"warning: {w}" for w in report.warnings] + list(report.problems)
            + [f"corrected: {d}" for d in report.disagreements])


__all__ = ["EntrantReport", "Report", "SIMILARITY", "anchor", "game_page", "gather", "notes",
           "setting_text"]
