"""What a tournament folder records so that it can be resumed.

``OUT/tournament.json`` holds what makes the games what they are: the
game and its options, the settings that change a game (games per pair,
move time, policy, seed, openings, isolation, a game file's config term
and dialect) and the entrants with their
files' sha256. ``OUT/games.jsonl`` has one line per finished game (its
record and what each bot printed), appended and fsynced once its log is
written. A resumed tournament keeps every game whose log has a result
that verifies, and plays the others again from the start.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from pybridge.errors import ArenaError
from pybridge.play.players import PlayerSpec
from pybridge.signing import Seal
from pybridge.games.game import Game
from pybridge.replay import ReplayError, verify
from pybridge.safeio import (
    MAX_GAMES,
    UnsafeFileError,
    ensure_folder,
    load_json,
    read_inside,
    read_json_inside,
    remove_inside,
    write_atomically,
    write_inside,
)
from pybridge.championship.result_files import (
    game_document,
    game_record,
    record_from_document,
    replay_name,
)
from pybridge.championship.schedule import Entrant, Pairing, TournamentError
from pybridge.championship.scoring import GameRecord
from pybridge.text import clean, clean_line
from pybridge.types import JSON, JSONObject, ResultWord

#: What is kept of one entrant's output of one game read back.
OUTPUT_SHOWN = 4096

PLAN = "tournament.json"
GAMES = "games.jsonl"
#: Settings that must be the same to resume (the others may change).
BINDING = ("games_per_pair", "move_time", "policy", "seed", "openings", "opening_plies",
           "isolation", "config", "dialect")
#: What a plan recorded before a setting existed had (a game file's
#: --config and --dialect).
BINDING_DEFAULTS: Mapping[str, JSON] = {"config": None, "dialect": "auto"}


def plan_document(game: str, options: Mapping[str, JSON], settings: Mapping[str, JSON],
                  people: Sequence[Entrant]) -> JSONObject:
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
        then, now = rs.get(key, BINDING_DEFAULTS.get(key)), ws.get(key)
        if then != now:
            flag = f" (--{key})" if key in BINDING_DEFAULTS else ""
            out.append(f"{key}{flag}: recorded {then!r}, now {now!r}")
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
        try:
            recorded = read_json_inside(out, PLAN)
        except FileNotFoundError:
            raise TournamentError(f"cannot resume: {os.fspath(out)!r} records no tournament "
                                  f"(no {PLAN})") from None
        except UnsafeFileError as exc:
            raise TournamentError(f"cannot resume: {exc}") from None
        if not _plan_shape(recorded):
            raise TournamentError(f"cannot resume: {os.fspath(recorded_path)!r} is not a "
                                  "tournament's plan")
        diff = differences(recorded, plan)
        if diff:
            raise TournamentError(f"cannot resume the tournament in {os.fspath(out)!r}, "
                                  "it was started otherwise: " + "; ".join(diff))
    out.mkdir(parents=True, exist_ok=True)
    ensure_folder(out, "replays")
    write_inside(out, PLAN, json.dumps(plan, indent=2) + "\n")


@dataclass(frozen=True)
class RecordedRun:
    """What a results folder says of the tournament it holds, enough to go
    on with it from the folder alone: the game as it was named and its
    options, the entrants as specs (``NAME=SPEC`` where the name is not the
    spec's own) and house files, and the settings recorded (the binding
    ones from the plan, the others from standings.json when it has them;
    ``late``: days late by entrant)."""

    game: str
    options: Mapping[str, Any]
    specs: tuple[str, ...]
    house: tuple[str, ...]
    settings: Mapping[str, Any]
    late: Mapping[str, int]


def recorded_run(out: Path) -> RecordedRun:
    """The tournament recorded in ``out`` (TournamentError saying why there
    is none to go on with)."""
    try:
        plan = read_json_inside(out, PLAN)
    except FileNotFoundError:
        raise TournamentError(f"cannot resume: {os.fspath(out)!r} records no tournament "
                              f"(no {PLAN}); name the game and the entrants again") from None
    except (UnsafeFileError, ValueError) as exc:
        raise TournamentError(f"cannot resume: {exc}") from None
    if not _plan_shape(plan) or not isinstance(plan.get("game"), str) \
            or not isinstance(plan.get("options", {}), dict):
        raise TournamentError(f"cannot resume: {os.fspath(out / PLAN)!r} is not a "
                              "tournament's plan")
    specs: list[str] = []
    house: list[str] = []
    for e in plan.get("entrants", []):
        spec = e.get("spec") or e["name"]
        text = spec if e["name"] == spec else f"{e['name']}={spec}"
        (house if e.get("house") and e.get("sha256") else specs).append(text)
    settings: dict[str, Any] = {}
    late: dict[str, int] = {}
    try:
        standing = read_json_inside(out, "standings.json")
    except (FileNotFoundError, UnsafeFileError, ValueError):
        standing = {}
    if isinstance(standing, dict):
        if isinstance(standing.get("settings"), dict):
            settings.update(standing["settings"])
        for bot in standing.get("bots") or ():
            if isinstance(bot, dict) and isinstance(bot.get("late_days"), int) \
                    and bot["late_days"] > 0 and isinstance(bot.get("name"), str):
                late[bot["name"]] = bot["late_days"]
    settings.update({k: v for k, v in plan.get("settings", {}).items() if k in BINDING})
    return RecordedRun(plan["game"], dict(plan.get("options", {})), tuple(specs), tuple(house),
                       settings, late)


def _plan_shape(doc: object) -> bool:
    """Whether ``doc`` has the shape of a plan :func:`differences` reads."""
    if not isinstance(doc, dict) or not isinstance(doc.get("settings", {}), dict):
        return False
    people = doc.get("entrants", [])
    return isinstance(people, list) and all(
        isinstance(e, dict) and isinstance(e.get("name"), str)
        and isinstance(e.get("spec", ""), str) for e in people)


def append_game(out: Path, record: GameRecord, output: Mapping[str, str]) -> None:
    """Add a finished game to ``OUT/games.jsonl`` (its log written first)."""
    line = json.dumps({**game_document(record), "output": dict(output)}, ensure_ascii=False)
    path = out / GAMES
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW
                     | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise UnsafeFileError(path, f"cannot be appended to ({exc.strerror}; a symbolic "
                              "link or a FIFO is never followed)") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafeFileError(path, "is not a regular file")
        view = memoryview((line + "\n").encode("utf-8"))
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def read_games(out: Path) -> dict[int, tuple[GameRecord, dict[str, str]]]:
    """The games ``OUT/games.jsonl`` lists, as written there (a line that
    is not a game record is ignored, as is a torn last line). What it says
    of a result is a claim: :func:`finished_games` takes results from the
    logs."""
    found: dict[int, tuple[GameRecord, dict[str, str]]] = {}
    try:
        data = read_inside(out, GAMES, limit=MAX_GAMES)
    except FileNotFoundError:
        return found
    for line in data.split(b"\n"):
        try:
            doc = load_json(line, out / GAMES)
            record = record_from_document(doc)
            output = doc.get("output") or {}
            if not isinstance(output, dict):
                continue
            said = {clean_line(k, 80): clean(v, OUTPUT_SHOWN) for k, v in output.items()
                    if isinstance(v, str)}
            found[record.index] = (record, said)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError):
            continue
    return found


@dataclass(frozen=True)
class Resumed:
    """What :func:`finished_games` found: the games kept (index -> record
    and output), how many logs were removed, and every disagreement
    between games.jsonl and the logs (or why games.jsonl was not read), in
    words."""

    kept: dict[int, tuple[GameRecord, dict[str, str]]]
    removed: int
    disagreements: tuple[str, ...] = ()


def seat_specs(players: Sequence[str], pairing: Pairing, specs: Mapping[str, str]
               ) -> dict[str, str]:
    """The players a log of ``pairing`` must name in its header: each seat
    of the game (``players``) with its entrant's spec, as logs write it."""
    return {seat: str(PlayerSpec.parse(specs[name]))
            for seat, name in zip(players, (pairing.first, pairing.second))}


def recorded_specs(out: Path) -> Mapping[str, str] | None:
    """The entrants' specs tournament.json records (None: none readable)."""
    try:
        plan = read_json_inside(out, PLAN)
    except (FileNotFoundError, UnsafeFileError):
        return None
    people = plan.get("entrants") if isinstance(plan, dict) else None
    if not isinstance(people, list):
        return None
    specs = {e["name"]: e["spec"] for e in people if isinstance(e, dict)
             and isinstance(e.get("name"), str) and isinstance(e.get("spec"), str)}
    try:
        for spec in specs.values():
            PlayerSpec.parse(spec)
    except ValueError:
        return None
    return specs


def finished_games(out: Path, pairings: Iterable[Pairing], game: Game | None = None, *,
                   specs: Mapping[str, str] | None = None, seal: Seal | None = None,
                   accept_altered: bool = False) -> Resumed:
    """The games of ``pairings`` already finished in ``out``: each has a log
    (a regular file inside ``out``) of ``game`` whose result verifies
    through the rules, whose header seats the pairing's entrants (their
    ``specs``) and, given the folder's ``seal``, whose signature matches
    (an altered or unsigned log is kept only with ``accept_altered``).
    Each record is derived from its log; games.jsonl gives only what a
    log does not hold (the bots' output, the game's wall time), and where
    it says another result, that is reported. Every other log is removed
    (TournamentError when it cannot be)."""
    kept: dict[int, tuple[GameRecord, dict[str, str]]] = {}
    removed = 0
    notes: list[str] = []
    if seal is not None and seal.problem is not None:
        notes.append(f"{seal.problem}: " + ("its logs are counted all the same (--accept-altered)"
                                            if accept_altered else
                                            "its games are played again (--accept-altered "
                                            "keeps those whose logs verify)"))
    try:
        listed = read_games(out)
    except UnsafeFileError as exc:
        listed = {}
        notes.append(f"{clean_line(exc)}: every game's record comes from its log alone")
    for pairing in pairings:
        relative = replay_name(pairing)
        try:
            rebuilt = verify(relative, root=out)
            ok = rebuilt.finished and rebuilt.result is not None
            if ok and game is not None:
                ok = (rebuilt.replay.game.id == game.id
                      and dict(rebuilt.replay.game.options) == dict(game.options))
            if ok and specs is not None and dict(rebuilt.replay.header.players) != seat_specs(
                    rebuilt.replay.game.players, pairing, specs):
                ok = False
                notes.append(f"game {pairing.index + 1} ({relative}): its log seats "
                             f"{clean_line(dict(rebuilt.replay.header.players), 200)}, not "
                             f"{pairing.first} and {pairing.second}: played again")
            if ok and seal is not None and seal.doubtful(relative):
                ok = accept_altered
                if seal.problem is None:    # else said once, for the folder
                    notes.append(f"game {pairing.index + 1}: {seal.why(relative)}: " + (
                        "counted all the same (--accept-altered)" if ok
                        else "played again (--accept-altered keeps it)"))
        except FileNotFoundError:
            continue
        except (ReplayError, ArenaError, OSError, ValueError):
            ok = False
        except Exception as exc:  # noqa: BLE001  one log never stops a resume: played again
            ok = False
            notes.append(f"game {pairing.index + 1} ({relative}): its log could not be "
                         f"checked ({type(exc).__name__}: {clean_line(exc, 200)}): played again")
        if not ok:
            try:
                remove_inside(out, relative)
            except UnsafeFileError as exc:
                raise TournamentError(f"cannot resume: {exc}") from None
            removed += 1
            continue
        replay = rebuilt.replay
        assert replay.result is not None
        said = listed.get(pairing.index)
        record = game_record(pairing, replay.game.players, replay.result, replay.plies,
                             said[0].seconds if said else 0.0,
                             opening=replay.header.opening)
        if said is not None and _claim(said[0]) != _claim(record):
            notes.append(f"game {pairing.index + 1} ({clean_line(relative)}): {GAMES} says "
                         f"{clean_line(_claim(said[0]))}, its log says {_claim(record)}: "
                         "the log's result counts")
        kept[pairing.index] = (record, said[1] if said else {})
    return Resumed(kept, removed, tuple(notes))


def _claim(record: GameRecord) -> str:
    """A record's result in words, to compare two records of one game."""
    forfeit = f" (forfeit: {record.forfeit})" if record.forfeit else ""
    reason = record.reason.removeprefix("neither could play: ")
    return f"{record.winner} wins: {reason}{forfeit}" if record.winner != ResultWord.DRAW \
        else f"draw: {reason}"


def rewrite_games(out: Path, games: Mapping[int, tuple[GameRecord, Mapping[str, str]]]) -> None:
    """``OUT/games.jsonl`` with exactly ``games`` (after a resume sorted out
    which are kept)."""
    lines = [json.dumps({**game_document(r), "output": dict(o)}, ensure_ascii=False) + "\n"
             for _, (r, o) in sorted(games.items())]
    write_inside(out, GAMES, "".join(lines))


__all__ = ["BINDING", "GAMES", "PLAN", "RecordedRun", "Resumed", "recorded_run", "append_game",
           "differences", "finished_games", "plan_document", "read_games", "recorded_specs",
           "rewrite_games", "seat_specs", "start", "write_atomically"]
