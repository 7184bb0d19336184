"""What a tournament folder records so that it can be resumed.

``OUT/tournament.json`` holds what makes the games what they are: the
game and its options, the settings that change a game (games per pair,
move time, policy, seed, openings, isolation) and the entrants with their
files' sha256. ``OUT/games.jsonl`` has one line per finished game (its
record and what each bot printed), appended and fsynced once its log is
written. A resumed tournament keeps every game whose log has a result
that verifies, and plays the others again from the start.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from .replay import ReplayError, verify
from .scoring import (
    Entrant,
    GameRecord,
    Pairing,
    TournamentError,
    game_document,
    game_record,
    record_from_document,
    replay_name,
)

PLAN = "tournament.json"
GAMES = "games.jsonl"
#: Settings that must be the same to resume (the others may change).
BINDING = ("games_per_pair", "move_time", "policy", "seed", "openings", "opening_plies",
           "isolation")


def write_atomically(path: Path, data: str | bytes) -> None:
    """Replace ``path`` with ``data`` so that a reader sees the old or the
    new content, never a part."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def plan_document(game: str, options: Mapping[str, Any], settings: Mapping[str, Any],
                  people: Sequence[Entrant]) -> dict[str, Any]:
    return {
        "game": game,
        "options": dict(options),
        "settings": {k: settings.get(k) for k in BINDING},
        "entrants": [{"name": e.name, "spec": e.spec, "sha256": e.sha256, "house": e.house}
                     for e in people],
    }


def differences(recorded: Mapping[str, Any], wanted: Mapping[str, Any]) -> list[str]:
    """What differs between the plan recorded in a folder and the one asked
    for now, in words."""
    out = []
    for key in ("game", "options"):
        if recorded.get(key) != wanted.get(key):
            out.append(f"{key}: recorded {recorded.get(key)!r}, now {wanted.get(key)!r}")
    rs, ws = recorded.get("settings", {}), wanted["settings"]
    for key in BINDING:
        if rs.get(key) != ws.get(key):
            out.append(f"{key}: recorded {rs.get(key)!r}, now {ws.get(key)!r}")
    re_ = {e["name"]: e for e in recorded.get("entrants", [])}
    we = {e["name"]: e for e in wanted["entrants"]}
    for name in re_.keys() - we.keys():
        out.append(f"entrant {name!r} was in the tournament and is not now")
    for name in we.keys() - re_.keys():
        out.append(f"entrant {name!r} is new (not in the recorded tournament)")
    for name in re_.keys() & we.keys():
        a, b = re_[name], we[name]
        if a.get("sha256") != b.get("sha256"):
            out.append(f"entrant {name!r}: its file's content changed")
        elif a.get("sha256") is None and a.get("spec") != b.get("spec"):
            out.append(f"entrant {name!r}: recorded {a.get('spec')!r}, now {b.get('spec')!r}")
        elif a.get("spec", "").rpartition(":")[2] != b.get("spec", "").rpartition(":")[2]:
            out.append(f"entrant {name!r}: its level changed ({a.get('spec')!r} -> {b.get('spec')!r})")
        if a.get("house") != b.get("house"):
            out.append(f"entrant {name!r}: house player {a.get('house')} -> {b.get('house')}")
    if not out and [e["name"] for e in recorded.get("entrants", [])] != list(we):
        out.append("the entrants are listed in another order (it changes the schedule)")
    return out


def start(out: Path, plan: Mapping[str, Any], *, resume: bool) -> None:
    """Make ``out`` ready: a new tournament needs an empty folder; a
    resumed one must record the same plan (TournamentError naming every
    difference)."""
    recorded_path = out / PLAN
    if out.exists() and any(out.iterdir()):
        if not resume:
            raise TournamentError(
                f"output folder {os.fspath(out)!r} is not empty (to continue the tournament "
                f"recorded there, add --resume)")
        if not recorded_path.exists():
            raise TournamentError(f"cannot resume: {os.fspath(out)!r} records no tournament "
                                  f"(no {PLAN})")
        try:
            recorded = json.loads(recorded_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise TournamentError(f"cannot resume: {os.fspath(recorded_path)!r} is unreadable: "
                                  f"{exc}") from None
        diff = differences(recorded, plan)
        if diff:
            raise TournamentError(f"cannot resume the tournament in {os.fspath(out)!r}, "
                                  "it was started otherwise: " + "; ".join(diff))
    (out / "replays").mkdir(parents=True, exist_ok=True)
    write_atomically(recorded_path, json.dumps(plan, indent=2) + "\n")


def append_game(out: Path, record: GameRecord, output: Mapping[str, str]) -> None:
    """Add a finished game to ``OUT/games.jsonl`` (its log written first)."""
    line = json.dumps({**game_document(record), "output": dict(output)}, ensure_ascii=False)
    with open(out / GAMES, "a", encoding="utf-8") as f:
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())


def read_games(out: Path) -> dict[int, tuple[GameRecord, dict[str, str]]]:
    """The games ``OUT/games.jsonl`` lists (a torn last line is ignored)."""
    found: dict[int, tuple[GameRecord, dict[str, str]]] = {}
    try:
        text = (out / GAMES).read_text(encoding="utf-8")
    except FileNotFoundError:
        return found
    for line in text.splitlines():
        try:
            doc = json.loads(line)
            found[int(doc["index"])] = (record_from_document(doc), dict(doc.get("output") or {}))
        except (ValueError, KeyError, TypeError):
            continue
    return found


def finished_games(out: Path, pairings: Iterable[Pairing]
                   ) -> tuple[dict[int, tuple[GameRecord, dict[str, str]]], int]:
    """The games of ``pairings`` already finished in ``out``: each has a log
    whose result verifies (its record from games.jsonl, or rebuilt from
    the log when the tournament stopped in between). Every other log is
    removed; how many is the second value."""
    listed = read_games(out)
    kept: dict[int, tuple[GameRecord, dict[str, str]]] = {}
    removed = 0
    for pairing in pairings:
        path = out / replay_name(pairing)
        if not path.exists():
            continue
        try:
            rebuilt = verify(path)
            ok = rebuilt.finished
        except (ReplayError, OSError):
            ok = False
        if not ok:
            path.unlink()
            removed += 1
            continue
        if pairing.index in listed:
            kept[pairing.index] = listed[pairing.index]
            continue
        replay = rebuilt.replay
        opening = _opening(path)
        assert replay.result is not None
        kept[pairing.index] = (game_record(pairing, replay.game.players, replay.result,
                                           replay.plies, 0.0, opening=opening), {})
    return kept, removed


def _opening(path: Path) -> tuple[str, ...]:
    """The opening moves a log's header records."""
    with open(path, encoding="utf-8") as f:
        header = json.loads(f.readline())
    return tuple(header.get("opening") or ())


def rewrite_games(out: Path, games: Mapping[int, tuple[GameRecord, Mapping[str, str]]]) -> None:
    """``OUT/games.jsonl`` with exactly ``games`` (after a resume sorted out
    which are kept)."""
    lines = [json.dumps({**game_document(r), "output": dict(o)}, ensure_ascii=False) + "\n"
             for _, (r, o) in sorted(games.items())]
    write_atomically(out / GAMES, "".join(lines))


__all__ = ["BINDING", "GAMES", "PLAN", "append_game", "differences", "finished_games",
           "plan_document", "read_games", "rewrite_games", "start", "write_atomically"]
