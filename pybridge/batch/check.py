"""One submission checked, as a worker does it on its own copy of the
game's files: loaded (contract year, dialect, load problems),
check-game's verdict, the adapter (none needed, proposed and checked, or
why none), a whole game played, and the game's own AI levels measured.
Each phase is timed and bounded by what is left of the submission's
budget; nothing of it raises: a failure is the row's reason.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable

from pybridge.batch import games as played_games
from pybridge.batch.model import (
    Adapter,
    AdapterStatus,
    Levels,
    WholeGame,
    ProblemGroup,
    SubmissionResult,
    SubmissionVerdict,
)
from pybridge.host import game_registry
from pybridge.errors import ArenaError, GameFileError
from pybridge.games.conformance import CheckPlan, ConformanceReport, Problem, check_game
from pybridge.games.game import Game, load_game_file
from pybridge.models import gamefile
from pybridge.models import sources as gamesources
from pybridge.text import clean, clean_line, plural
from pybridge.types import Dialect, Isolation, Termination, result_text

ADAPTER_SUFFIX = "-arena.pl"
#: The share of the budget check-game may take (each run), and its cap.
CHECK_SHARE = 0.25
CHECK_SECONDS = 60.0
#: The share of what is left after the checks kept for the levels, and its cap.
LEVEL_SHARE = 0.3
LEVEL_SECONDS = 60.0


@dataclass(frozen=True)
class BatchSettings:
    """What every submission of a run shares."""

    seconds: float = 300.0           # the budget of one submission
    move_time: float = 0.5           # seconds a move, for every AI
    mcts: int = 3                    # the general AI's level
    level_games: int = 2             # games of each level series
    check_games: int = 20            # check-game's random games
    seed: int = 0
    isolation: Isolation = Isolation.BWRAP


@dataclass(frozen=True)
class Task:
    """One submission to check: its name, its game file (as its folder
    has it, and its path in the shipped copy), its config and dialect,
    an adapter of its own beside the game ('' if none), and where the
    client keeps the copy of the game's files (the log names it)."""

    name: str
    game_file: str
    main: str
    found_by: str = ""
    config: str | None = None
    dialect: Dialect = Dialect.AUTO
    own_adapter: str = ""
    client_folder: str = ""
    notes: tuple[str, ...] = ()


@dataclass
class CheckedSubmission:
    """What a worker answers besides the row: the adapter's text and the
    played game's log."""

    result: SubmissionResult
    adapter_text: str = ""
    log: bytes = b""


def contract_year(present: Iterable[str], missing: Iterable[str]) -> str:
    """The course's contract year whose predicates a file defines: a form,
    not a date (courses kept an earlier year's form, and some moved to a
    later one early)."""
    have = set(present)
    if {"players/1", "current_player/2"} <= have:
        return "arena"
    if "initial_state/1" in have:
        return "2021/22 form"
    if "initial/1" in have:
        return "2019/20-2020/21 form"
    if "valid_moves/3" in have or "choose_move/4" in have:
        return "2022/23-2023/24 form"
    if "initial_state/2" in have:
        return "2024/25 form"
    return "unknown"


_SEEN = re.compile(r"\s*\(seen (\d+) times?\)")
_QUOTED = re.compile(r"`[^`']{40,}'")


def grouped(problems: Iterable[Problem]) -> tuple[ProblemGroup, ...]:
    """Problems of one predicate with one message counted together (the
    terms a message quotes and check-game's own "seen N times" aside), in
    the order first seen, with the first one's message, state and move."""
    groups: dict[tuple[str, str], ProblemGroup] = {}
    for p in problems:
        seen_n = sum(int(n) for n in _SEEN.findall(p.message)) or 1
        message = _SEEN.sub("", p.message)
        key = (clean_line(p.predicate, 100), clean_line(_QUOTED.sub("`…'", message), 600))
        if p.state:
            message = message.replace(p.state, "the state")
        seen = groups.get(key)
        groups[key] = (replace(seen, count=seen.count + seen_n) if seen is not None else
                       ProblemGroup(key[0], clean_line(message, 600), seen_n,
                                    clean_line(p.state, 600), clean_line(p.move, 200)))
    return tuple(groups.values())


class _Clock:
    def __init__(self, budget: float) -> None:
        self.start = time.monotonic()
        self.deadline = self.start + budget
        self.phases: dict[str, float] = {}
        self._phase = self.start

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def lap(self, phase: str) -> None:
        now = time.monotonic()
        self.phases[phase] = round(self.phases.get(phase, 0.0) + now - self._phase, 2)
        self._phase = now

    def seconds(self) -> dict[str, float]:
        return {**self.phases, "total": round(time.monotonic() - self.start, 2)}


def check_submission(settings: BatchSettings, task: Task, folder: Path) -> CheckedSubmission:
    """The row of ``task`` whose game's files are in ``folder``; never raises
    for what the submission does."""
    clock = _Clock(settings.seconds)
    base = SubmissionResult(task.name, task.game_file, task.found_by, notes=task.notes)
    try:
        with gamesources.within(folder):    # never a sibling submission's files
            checked = _check(settings, task, folder, clock, base)
    except Exception as exc:            # the arena's own failure: still a row
        checked = CheckedSubmission(replace(base, verdict=SubmissionVerdict.FAILED, notes=base.notes + (
            clean_line(f"the check stopped: {type(exc).__name__}: {exc}", 600),)))
    finally:
        game_registry.close_all()
    checked.result = replace(checked.result, seconds=clock.seconds())
    return checked


_REFUSED = WholeGame(False, reason="the game file was refused at load")
_UNREAD = Adapter(AdapterStatus.NONE, why="the game file was refused at load")


def _check_time(clock: _Clock) -> float:
    return max(5.0, min(CHECK_SECONDS, clock.left() * CHECK_SHARE))


def _check(settings: BatchSettings, task: Task, folder: Path, clock: _Clock, row: SubmissionResult) -> CheckedSubmission:
    path = folder / task.main
    try:
        ref = gamefile.resolve(path, dialect=task.dialect, config=task.config)
        _, dialect, missing = game_registry.load_report(ref)
        host = game_registry.host_for(ref)
        present = [clean_line(p, 100) for p in host.hello.get("present", [])]
        warnings = host.warnings()
    except GameFileError as exc:
        clock.lap("load")
        return CheckedSubmission(replace(row, verdict=SubmissionVerdict.REFUSED, load=(_local(exc, folder),),
                               played=_REFUSED, adapter=_UNREAD))
    row = replace(row, year=contract_year(present, missing), dialect=dialect,
                  load=tuple(clean_line(w, 600) for w in warnings))
    clock.lap("load")
    report = _checked(path, task, clock, settings)
    clock.lap("check")
    if isinstance(report, str):
        return CheckedSubmission(replace(row, verdict=SubmissionVerdict.REFUSED, load=row.load + (report,),
                               played=_REFUSED, adapter=_UNREAD))
    row = replace(row, problems=grouped(report.problems))
    target, adapter_text = path, ""
    if missing:
        adapter, target_or_none, adapter_text = _adapter(task, folder, path, report, clock,
                                                         settings)
        clock.lap("adapter")
        row = replace(row, adapter=adapter)
        if target_or_none is None:
            return CheckedSubmission(replace(row, verdict=SubmissionVerdict.INCOMPLETE,
                                   played=WholeGame(False, reason="required predicates missing: "
                                                 + ", ".join(missing))))
        target = target_or_none
        row = replace(row, verdict=SubmissionVerdict.ADAPTED if adapter.passing else SubmissionVerdict.PROBLEMS)
    else:
        row = replace(row, verdict=SubmissionVerdict.CONFORMS if report.conforms else SubmissionVerdict.PROBLEMS)
    checked = CheckedSubmission(row, adapter_text)
    try:
        game = load_game_file(str(target), dialect=task.dialect, config=task.config)
    except (ArenaError, ValueError) as exc:
        checked.result = replace(row, played=WholeGame(False, reason=_local(exc, folder)))
        return checked
    checked.result, checked.log = _play(settings, task, folder, target, game, clock, row)
    clock.lap("play")
    levels = _levels(settings, game, present, clock)
    clock.lap("levels")
    checked.result = replace(checked.result, levels=levels)
    return checked


def _checked(path: Path, task: Task, clock: _Clock, settings: BatchSettings) -> ConformanceReport | str:
    try:
        return check_game(str(path), config=task.config, dialect=task.dialect,
                          plan=CheckPlan(games=settings.check_games, seed=settings.seed,
                                         seconds=_check_time(clock)))
    except GameFileError as exc:
        return _local(exc, path.parent)


def _adapter(task: Task, folder: Path, path: Path, report: ConformanceReport, clock: _Clock,
             settings: BatchSettings) -> tuple[Adapter, Path | None, str]:
    """The adapter of a game that lacks players/current player: its own,
    the proposed one, or why none; checked unedited."""
    beside = path.with_name(path.stem + ADAPTER_SUFFIX)
    if task.own_adapter:
        status = AdapterStatus.OWN
        beside = folder / task.own_adapter
    elif report.proposal.startswith("adapter proposed in") and beside.is_file():
        status = AdapterStatus.PROPOSED
    else:
        why = report.proposal.removeprefix("no adapter proposed: ") or (
            "check-game proposes an adapter only where players/1 or current_player/2 "
            "is missing")
        return Adapter(AdapterStatus.NONE, why=_local(why, folder)), None, ""
    text = beside.read_text(encoding="utf-8", errors="replace")
    name = beside.relative_to(folder).as_posix()
    checked = _checked(beside, task, clock, settings)
    if isinstance(checked, str):
        return Adapter(status, name, False, why=checked), None, text
    missing = [p for p in checked.problems if p.message.startswith("required, but")]
    adapter = Adapter(status, name, checked.conforms, grouped(checked.problems),
                      "" if checked.conforms else "check-game finds problems in it")
    return adapter, None if missing else beside, text


def _play(settings: BatchSettings, task: Task, folder: Path, target: Path, game: Game,
          clock: _Clock, row: SubmissionResult) -> tuple[SubmissionResult, bytes]:
    """The whole game: random (the general AI's level 1, so that no level of
    the game's own is needed) against the general AI, its log kept."""
    specs = dict(zip(game.players, (played_games.RANDOM, f"mcts:{settings.mcts}")))
    relative = target.relative_to(folder).as_posix()
    shown = f"{task.client_folder}/{relative}" if task.client_folder else None
    game.seed(settings.seed)
    log = played_games.LogLines(game, specs, shown, start=game.initial_state())
    deadline = clock.deadline - _level_reserve(clock)
    out = played_games.play_one(game, specs, move_time=settings.move_time, deadline=deadline,
                                recorder=log)
    players = {seat: spec for seat, spec in specs.items()}
    if out.result is None:
        played = WholeGame(False, players, "", len(out.plies), reason=_local(out.reason, folder))
        if not out.plies:
            return replace(row, played=played), b""     # no game to show
    elif out.result.forfeit is not None or out.result.termination is Termination.BROKEN_RULE:
        # the arena's own players lost by a move the rules refused, or the
        # rules broke: the game's fault, not a game played to its end
        said = f"{result_text(out.result)} after {plural(len(out.plies), 'ply')}"
        played = WholeGame(False, players, clean_line(result_text(out.result), 300),
                        len(out.plies), reason=_local(said, folder))
    else:
        played = WholeGame(True, players, clean_line(result_text(out.result), 300), len(out.plies))
    return replace(row, played=played), log.data()


def _level_reserve(clock: _Clock) -> float:
    """Time kept back from the played game for the levels: the whole game
    comes first."""
    return max(0.0, min(clock.left() * LEVEL_SHARE, LEVEL_SECONDS))


def _levels(settings: BatchSettings, game: Game, present: list[str], clock: _Clock) -> Levels:
    if not {"choose_move/3", "choose_move/4"} & set(present):
        return Levels(False, "the game has no choose_move of its own")
    if clock.left() <= 1:
        return Levels(False, "the time budget ran out before the levels")
    deadline = clock.deadline
    n = settings.level_games
    run = played_games.SeriesRun(move_time=settings.move_time, deadline=deadline,
                                 seed=settings.seed)
    one = played_games.series(game, "ai:1", played_games.RANDOM, n, run=run)
    greedy = played_games.GreedyCheck(deadline=deadline)
    if "value/3" not in present:
        greedy.skipped, greedy.stopped = "the game has no value/3", True
    two = played_games.series(game, "ai:2", "ai:1", n, watch=greedy, run=run)
    scale = played_games.series(game, "ai:2", f"mcts:{settings.mcts}", n, run=run)
    return Levels(True, "", (one, two, scale), greedy.result(),
                  {k: v for k, v in run.slowest.items() if k.startswith("ai:")})


def _local(text: object, folder: Path) -> str:
    """A message with the worker's temporary folder left out."""
    return clean(str(text).replace(str(folder) + "/", "").replace(str(folder), "."), 1500)


__all__ = ["ADAPTER_SUFFIX", "BatchSettings", "CheckedSubmission", "Task", "check_submission", "contract_year",
           "grouped"]
