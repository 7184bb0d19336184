"""Championships: every entrant against every other, in both seats.

Entrants (:mod:`pybridge.championship.entrants`) are bot files (untrusted, each game in
its own processes), submission folders and built-in players (``random``,
``ai:N``). Games run in parallel in ``jobs`` worker processes (each with
its own Prolog); one game is :func:`pybridge.championship.one_game.play_game`,
a pure function whose record and log this process writes as results
arrive: the log in ``OUT/replays``, a line in ``OUT/games.jsonl``, and the
standings (``OUT/standings.json``, ``OUT/standings.csv``). ``resume``
continues a tournament after Ctrl-C, a crash or a power cut
(:mod:`pybridge.championship.checkpoint`). The schedule is
:mod:`pybridge.championship.schedule`'s, scores and grades
:mod:`pybridge.championship.scoring`'s, the files' content
:mod:`pybridge.championship.result_files`', the ratings :mod:`pybridge.championship.ratings`'.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from pybridge.championship import answers
from pybridge.championship import checkpoint
from pybridge.championship import cluster
from pybridge import safeio, signing
from pybridge.jail import sandbox
from pybridge.bots.player import WARM, Limits, check_bot
from pybridge.championship.entrants import check_late, entrants, name_warnings, roster
from pybridge.models.gamefile import GameFileRef
from pybridge.games.game import load_tournament_game
from pybridge.championship.settings import (
    GameSetup, Grading, Progress, Referee, Schedule, Settings, Transport, Watchers)
from pybridge.championship.ratings import as_table, elo_ratings
from pybridge.championship.result_files import replay_name, standings_csv, standings_document
from pybridge.championship.schedule import Entrant, Pairing, TournamentError, schedule
from pybridge.championship.scoring import GameRecord, Standing, grade_table, standings
from pybridge.text import clean_line
from pybridge.championship.one_game import (
    SEATS,
    Config,
    GameOutcome,
    RefusedBot,
    cannot_play,
    draw_openings,
    play_game,
)
from pybridge.types import BotProtocol, Isolation

#: Seconds between two writes of a running tournament's standings.
SAVE_EVERY = 1.0


@dataclass(frozen=True)
class TournamentResult:
    game: str
    entrants: tuple[Entrant, ...]
    records: tuple[GameRecord, ...]
    standings: tuple[Standing, ...]
    total: int
    out: Path
    refused: Mapping[str, str]
    complete: bool
    kept: int = 0  # games kept from before a resume
    not_admitted: Mapping[str, int] = dataclasses.field(default_factory=dict)
    #: games whose worker's answer did not count (index -> worker and why)
    not_counted: Mapping[int, str] = dataclasses.field(default_factory=dict)
    #: where games.jsonl and a kept game's log disagreed (the log counted),
    #: or why games.jsonl could not be read
    disagreements: tuple[str, ...] = ()
    #: submission folders that could not play (name -> why)
    not_entered: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: what was passed over in folders of submissions, and why
    skipped: tuple[str, ...] = ()
    #: names that mislead (like a built-in player's, or like each other)
    warnings: tuple[str, ...] = ()
    #: on a resume, the files the folder's signatures did not prove
    signatures: tuple[str, ...] = ()

    @property
    def interrupted(self) -> bool:
        return not self.complete


@dataclass(frozen=True)
class CheckedBots:
    """What loading every bot once showed: the refused ones with why, the
    seats each loaded bot can play, the classic-protocol ones, and the
    calls of the game's own AI each makes (where --allow-game-ai let it)."""

    refused: Mapping[str, str]
    seats: Mapping[str, tuple[str, ...]]
    classic: frozenset[str]
    game_ai: Mapping[str, tuple[str, ...]]


def check_entrants(game: str, entrants_: Sequence[Entrant], *, limits: Limits,
                   jobs: int, game_file: GameFileRef | None = None) -> CheckedBots:
    """Load every bot once (``jobs`` at a time; for the game file
    ``game_file`` if given)."""
    bots = [e for e in entrants_ if e.path is not None]

    def one(e: Entrant) -> tuple[str, Any]:
        return e.name, check_bot(game, e.path or "", limits=limits, game_file=game_file).hello

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        hellos = dict(pool.map(one, bots))
    return CheckedBots(
        refused={n: h.detail for n, h in hellos.items() if not h.ready},
        seats={n: tuple(h.seats) for n, h in hellos.items() if h.ready and h.seats},
        classic=frozenset(n for n, h in hellos.items() if h.ready and h.protocol == BotProtocol.CLASSIC),
        game_ai={n: h.game_ai for n, h in hellos.items() if h.ready and h.game_ai},
    )


def rated_table(people: Sequence[Entrant], records: Sequence[GameRecord], *, grades: bool,
                refused: Mapping[str, str], late: Mapping[str, int], zero: Sequence[str],
                anchor: tuple[str, float] | None) -> list[Standing]:
    """The standings with grades (late days, zeroes) and Elo ratings."""
    ratings = elo_ratings([e.name for e in people], records, anchor=anchor)
    return standings(people, records, grades=grades, refused=refused, late=late, zero=zero,
                     ratings=as_table(ratings))


def run_tournament(game: str, specs: Sequence[str], *, out: str | os.PathLike[str],
                   settings: Settings = Settings(), resume: bool = False,
                   watch: Watchers = Watchers()) -> TournamentResult:
    """Run a round robin of ``specs`` at ``game`` as ``settings`` say and
    write its results in ``out``. Every bot is loaded once first. With
    ``resume`` the tournament recorded in ``out`` goes on (same game,
    settings and entrants, or TournamentError naming the difference).
    Ctrl-C stops it: the games finished so far are kept and the result
    says it is not complete. This process writes every result as it
    arrives, once its log is shown to follow the rules
    (:mod:`pybridge.championship.answers`); a game whose answer does not
    count is recorded in ``not_counted`` and left unplayed: the
    tournament is then not complete, and ``resume`` plays it again."""
    where = settings.transport.address()
    setup, rounds, referee, grading = (settings.setup, settings.schedule, settings.referee,
                                       settings.grading)
    loaded = load_tournament_game(game, dict(setup.options), config=setup.game_config,
                                  dialect=setup.dialect)  # checks game, options and config
    found = roster(specs, grading.house)
    people, not_admitted = check_late(found.entrants, dict(grading.late), grading.max_late)
    warnings = found.renamed + name_warnings(people)
    if watch.on_entrants is not None:
        watch.on_entrants([f"not entered: {n}: {why}" for n, why in found.not_entered.items()]
                          + [f"skipped: {what}" for what in found.skipped]
                          + [f"warning: {w}" for w in warnings])
    _check_names(people, settings)
    games = schedule([e.name for e in people], rounds.games_per_pair, rounds.openings,
                     against={e.name for e in people if e.house} if rounds.gauntlet else None)
    out_dir = Path(out)
    recorded = settings.recorded(not_admitted, found.not_entered)
    if found.renamed:
        recorded["renamed"] = list(found.renamed)
    # the signatures as they were, before this run writes anything
    seal = signing.check(out_dir) if resume and out_dir.is_dir() else None
    checkpoint.start(out_dir, checkpoint.plan_document(game, loaded.options, recorded, people),
                     resume=resume)
    signer = signing.Signer(out_dir, keep=seal)
    checked = check_entrants(game, people, limits=referee.limits, jobs=settings.transport.jobs,
                             game_file=loaded.file)
    if watch.on_checked is not None:
        watch.on_checked(dict(checked.refused))
    book = draw_openings(loaded, rounds.openings, rounds.opening_plies,
                         rounds.seed) if rounds.openings else []
    config = Config(
        game=loaded.file.path if loaded.file is not None else game,  # a file: by its path
        options=loaded.options, specs={e.name: e.spec for e in people},
        refused=dict(checked.refused), policy=referee.policy, move_time=referee.move_time,
        limits=referee.limits, seed=rounds.seed, openings=tuple(book), seats=checked.seats,
        classic=checked.classic, isolation=sandbox.current(), game_config=setup.game_config,
        dialect=setup.dialect,
    )
    resumed = checkpoint.finished_games(out_dir, games, loaded, specs=config.specs, seal=seal,
                                        accept_altered=settings.accept_altered) if resume \
        else checkpoint.Resumed({}, 0)
    kept = {index: (_lost_by_both(config, r), o) for index, (r, o) in resumed.kept.items()}
    if resume:
        checkpoint.rewrite_games(out_dir, kept)
        signer.prune()
        signer.sign(checkpoint.GAMES)
    signer.sign(checkpoint.PLAN)
    if checked.game_ai:  # named in standings.json: who used the game's own AI
        recorded = {**recorded, "game_ai": {n: list(c) for n, c in checked.game_ai.items()}}
    run = _Run(out_dir, signer, settings=settings, recorded=recorded, loaded=loaded,
               config=config, plan=_Plan(people, games, kept), watch=watch)
    complete = run.play(where)
    return TournamentResult(config.game, tuple(people),
                            tuple(sorted(run.records, key=lambda r: r.index)), tuple(run.table),
                            len(games), out_dir, config.refused, complete, len(kept),
                            not_admitted, run.not_counted, resumed.disagreements,
                            dict(found.not_entered), tuple(found.skipped), tuple(warnings),
                            tuple(seal.notes()) if seal is not None else ())


def _check_names(people: Sequence[Entrant], settings: Settings) -> None:
    if len(people) < 2:
        raise TournamentError("fewer than two entrants are admitted")
    grading = settings.grading
    if settings.schedule.gauntlet and (all(e.house for e in people)
                                       or not any(e.house for e in people)):
        raise TournamentError("a gauntlet needs house players (built-in players or --house "
                              "files) and entrants to play them")
    names = [e.name for e in people]
    for name in grading.zero:
        if name not in names:
            raise TournamentError(f"--zero {name!r}: no such entrant (entrants: {', '.join(names)})")
    if grading.elo_anchor is not None and grading.elo_anchor[0] not in names:
        raise TournamentError(f"--elo-anchor {grading.elo_anchor[0]!r}: no such entrant "
                              f"(entrants: {', '.join(names)})")


def _lost_by_both(config: Config, r: GameRecord) -> GameRecord:
    """A kept game's record, lost by both where neither entrant could play."""
    both = all(cannot_play(config, n, role) for n, role in zip((r.first, r.second), SEATS))
    reason = f"neither could play: {r.reason}" if both else r.reason
    return dataclasses.replace(r, lost_by_both=both, reason=reason)


@dataclass(frozen=True)
class _Plan:
    """What one run plays: the entrants, every pairing, and the games
    kept from an earlier run (by index: the record and its output)."""

    people: Sequence[Entrant]
    games: Sequence[Pairing]
    kept: Mapping[int, tuple[GameRecord, Any]]


class _Run:
    """The games of one run of a championship, and its results folder as
    they come in."""

    def __init__(self, out: Path, signer: signing.Signer, *, settings: Settings,
                 recorded: dict[str, Any], loaded: Any, config: Config, plan: _Plan,
                 watch: Watchers) -> None:
        self.out, self.settings, self.recorded, self.signer = out, settings, recorded, signer
        self.people, self.games, self.kept = plan.people, plan.games, plan.kept
        self.loaded, self.config, self.watch = loaded, config, watch
        self.records: list[GameRecord] = [r for r, _ in plan.kept.values()]
        self.not_counted: dict[int, str] = {}
        self.table: list[Standing] = []
        self.start = time.monotonic()
        self.saved = 0.0  # when the standings were last written

    def save(self, complete: bool) -> None:
        s = self.settings.grading
        self.table = rated_table(self.people, self.records, grades=s.grades,
                                 refused=self.config.refused, late=dict(s.late), zero=s.zero,
                                 anchor=s.elo_anchor)
        doc = standings_document(self.config.game, self.loaded.options, self.table, self.records,
                                 total=len(self.games), complete=complete,
                                 settings=self.recorded)
        doc["isolation"] = answers.isolation_used(self.config.isolation, self.records)
        if self.recorded.get("game_ai"):
            doc["game_ai"] = self.recorded["game_ai"]
        if doc["isolation"] == Isolation.NONE and sandbox.code_trusted():
            doc["trust_code"] = True  # without the jail: code the user declared their own
        doc["not_counted"] = [{"index": p.index, "first": p.first, "second": p.second,
                               "why": self.not_counted[p.index]}
                              for p in self.games if p.index in self.not_counted]
        safeio.write_inside(self.out, "standings.json", json.dumps(doc, indent=2) + "\n")
        safeio.write_inside(self.out, "standings.csv", standings_csv(self.table))
        self.signer.sign("standings.json")

    def finished(self, outcome: GameOutcome, pool: cluster.Pool) -> None:
        record = outcome.record
        safeio.write_inside(self.out, record.replay, outcome.log)
        checkpoint.append_game(self.out, record, outcome.output)
        self.signer.sign(record.replay, checkpoint.GAMES)
        self.records.append(record)
        # the standings of a running tournament, at most every second: the
        # games' logs and games.jsonl are what --resume and report read
        if time.monotonic() - self.saved >= SAVE_EVERY:
            self.save(False)
            self.saved = time.monotonic()
        if self.watch.progress is not None:
            self.watch.progress(Progress(len(self.records), len(self.games),
                                         time.monotonic() - self.start, record, len(self.kept),
                                         min(pool.running(), len(self.games) - len(self.records)),
                                         pool.workers()))

    def play(self, where: cluster.Scheduler | None) -> bool:
        """Play what is left; whether the championship is complete."""
        todo = [g for g in self.games if g.index not in self.kept]
        self.save(not todo)
        pool = cluster.Pool(jobs=self.settings.transport.jobs, scheduler=where,
                            isolation=self.config.isolation)
        complete = False
        try:
            with pool:
                if self.watch.progress is not None:
                    self.watch.progress(Progress(len(self.records), len(self.games), 0.0, None,
                                                 len(self.kept), 0, pool.workers()))
                self._answers(pool, todo)
            complete = not self.not_counted
        except KeyboardInterrupt:
            pass
        finally:
            WARM.close()  # the bots this process kept loaded (--jobs 1)
            self.save(complete)  # also when the pool failed: then it is raised
        return complete

    def _answers(self, pool: cluster.Pool, todo: Sequence[Pairing]) -> None:
        file = self.loaded.file
        shipment = cluster.pack(self.config.specs, game_file=file and file.path)
        run = f"{self.out.resolve()}-{time.time_ns()}"
        pairings = {f"game-{p.index}-{run}": p for p in todo}
        tasks = [pool.submit(play_game, self.config, p, shipment.only({p.first, p.second}),
                             key=key)
                 for key, p in pairings.items()]
        seen = set(self.kept)
        for returned in pool.results(tasks):
            pairing = pairings[returned.key]
            if pairing.index in seen:  # a game two workers finished counts once
                continue
            try:
                outcome = answers.accept(returned.answer, config=self.config, pairing=pairing,
                                         game=self.loaded)
            except Exception as exc:  # noqa: BLE001  one game's answer never stops the run
                why = exc.why if isinstance(exc, answers.NotCounted) else \
                    clean_line(f"its answer could not be checked: {type(exc).__name__}: {exc}", 500)
                self.not_counted[pairing.index] = f"{returned.worker}: {why}"
                if self.watch.on_not_counted is not None:
                    self.watch.on_not_counted(pairing, self.not_counted[pairing.index])
                continue
            seen.add(pairing.index)
            self.not_counted.pop(pairing.index, None)  # another worker's answer counted
            self.finished(outcome, pool)


# the names of the schedule, the scoring and the result files are importable from here too
__all__ = [
    "CheckedBots", "Entrant", "GameRecord", "GameSetup", "Grading", "Pairing", "Progress", "Referee",
    "RefusedBot", "Schedule", "Settings", "Standing", "Transport", "Watchers",
    "TournamentError", "TournamentResult", "check_entrants", "entrants", "grade_table",
    "play_game", "rated_table", "replay_name", "run_tournament", "schedule", "standings",
    "standings_csv", "standings_document",
]
