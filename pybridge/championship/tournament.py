"""Championships: every entrant against every other, in both seats.

Entrants (:mod:`pybridge.championship.entrants`) are bot files (untrusted, each game in
its own processes), submission folders and built-in players (``random``,
``ai:N``). Games run in parallel in ``jobs`` worker processes (each with
its own Prolog); one game is :func:`pybridge.championship.one_game.play_game`,
a pure function whose record and log this process writes as results
arrive: the log in ``OUT/replays``, a line in ``OUT/games.jsonl``, and the
standings (``OUT/standings.json``, ``OUT/standings.csv``). ``resume``
continues a tournament after Ctrl-C, a crash or a power cut
(:mod:`pybridge.championship.checkpoint`). The schedule, scores and grades are
:mod:`pybridge.championship.scoring`'s, the ratings :mod:`pybridge.championship.ratings`'.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from pybridge.championship import answers
from pybridge.championship import checkpoint
from pybridge.championship import cluster
from pybridge import safeio
from pybridge.jail import sandbox
from pybridge.bots.player import WARM, Limits, check_bot
from pybridge.championship.entrants import MAX_LATE, check_late, entrants, name_warnings, roster
from pybridge.games.gamefile import GameFileRef
from pybridge.games.game import load_tournament_game
from pybridge.play.match import POLICIES
from pybridge.championship.ratings import as_table, elo_ratings
from pybridge.championship.scoring import (
    Entrant,
    GameRecord,
    Pairing,
    Standing,
    TournamentError,
    grade_table,
    replay_name,
    schedule,
    standings,
    standings_csv,
    standings_document,
)
from pybridge.championship.one_game import (
    SEATS,
    Config,
    GameOutcome,
    RefusedBot,
    cannot_play,
    draw_openings,
    play_game,
)

#: Seconds between two writes of a running tournament's standings.
SAVE_EVERY = 1.0


@dataclass(frozen=True)
class Progress:
    """Where a tournament is: ``done`` of ``total`` games."""

    done: int
    total: int
    elapsed: float
    last: GameRecord | None = None
    kept: int = 0  # finished before a resume
    running: int = 0  # games being played now
    workers: int = 1  # worker processes in use

    @property
    def remaining(self) -> float | None:
        """Estimated seconds left (None before the first new game ends)."""
        if self.done <= self.kept:
            return None
        return self.elapsed / (self.done - self.kept) * (self.total - self.done)


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

    @property
    def interrupted(self) -> bool:
        return not self.complete


@dataclass(frozen=True)
class Checked:
    """What loading every bot once showed: the refused ones with why, the
    seats each loaded bot can play, the classic-protocol ones."""

    refused: Mapping[str, str]
    seats: Mapping[str, tuple[str, ...]]
    classic: frozenset[str]


def check_entrants(game: str, entrants_: Sequence[Entrant], *, limits: Limits,
                   jobs: int, game_file: GameFileRef | None = None) -> Checked:
    """Load every bot once (``jobs`` at a time; for the game file
    ``game_file`` if given)."""
    bots = [e for e in entrants_ if e.path is not None]

    def one(e: Entrant) -> tuple[str, Any]:
        return e.name, check_bot(game, e.path or "", limits=limits, game_file=game_file).hello

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        hellos = dict(pool.map(one, bots))
    return Checked(
        refused={n: h.detail for n, h in hellos.items() if not h.ready},
        seats={n: tuple(h.seats) for n, h in hellos.items() if h.ready and h.seats},
        classic=frozenset(n for n, h in hellos.items() if h.ready and h.protocol == "classic"),
    )


def rated_table(people: Sequence[Entrant], records: Sequence[GameRecord], *, grades: bool,
                refused: Mapping[str, str], late: Mapping[str, int], zero: Sequence[str],
                anchor: tuple[str, float] | None) -> list[Standing]:
    """The standings with grades (late days, zeroes) and Elo ratings."""
    ratings = elo_ratings([e.name for e in people], records, anchor=anchor)
    return standings(people, records, grades=grades, refused=refused, late=late, zero=zero,
                     ratings=as_table(ratings))


def run_tournament(
    game: str,
    specs: Sequence[str],
    *,
    out: str | os.PathLike[str],
    options: Mapping[str, Any] | None = None,
    games_per_pair: int = 2,
    move_time: float = 1.0,
    jobs: int = 1,
    grades: bool = False,
    policy: str = "forfeit",
    limits: Limits = Limits(),
    seed: int = 1,
    house: Sequence[str] = (),
    late: Mapping[str, int] | None = None,
    max_late: int = MAX_LATE,
    zero: Sequence[str] = (),
    openings: int = 0,
    opening_plies: int = 4,
    elo_anchor: tuple[str, float] | None = None,
    resume: bool = False,
    game_config: str | None = None,
    dialect: str = "auto",
    scheduler: str | None = None,
    tls_dir: str | None = None,
    insecure_scheduler: bool = False,
    progress: Callable[[Progress], None] | None = None,
    on_checked: Callable[[dict[str, str]], None] | None = None,
    on_not_counted: Callable[[Pairing, str], None] | None = None,
    on_entrants: Callable[[list[str]], None] | None = None,
) -> TournamentResult:
    """Run a round robin of ``specs`` (and ``house`` bot files, which get
    no grade) at ``game`` and write its results in ``out``. Entrants more
    than ``max_late`` days ``late`` are not admitted. Every bot is loaded
    once first: ``on_checked`` gets the refused ones (name -> why), which
    then forfeit every game without a process. ``on_entrants`` gets, before
    any game, lines about the entrants: submissions not entered, what was
    skipped in folders, misleading names. ``progress`` is called
    before the first game and after each. With ``resume`` the tournament
    recorded in ``out`` goes on (same game, settings and entrants, or
    TournamentError naming the difference). A game file is loaded with
    the config term ``game_config`` (--config; None: the options list) and
    ``dialect`` (--dialect); both are recorded with the settings. Ctrl-C stops it: the games
    finished so far are kept and the result says it is not complete.
    Games are played in this process (``jobs`` 1), in ``jobs`` worker
    processes, or on the Dask cluster whose scheduler is at
    ``scheduler`` (:mod:`pybridge.championship.cluster`: ``tls://`` with the
    certificates in ``tls_dir``, or ``tcp://`` with ``insecure_scheduler``);
    this process writes every result as it arrives, once its log is
    shown to follow the rules (:mod:`pybridge.championship.answers`). A game whose
    answer does not count is reported to ``on_not_counted`` (the pairing
    and why), recorded in ``not_counted`` and left unplayed: the
    tournament is then not complete, and ``resume`` plays it again."""
    if policy not in POLICIES:
        raise TournamentError(f"unknown policy {policy!r} (use {' or '.join(POLICIES)})")
    if jobs < 1:
        raise TournamentError(f"jobs must be at least 1, got {jobs}")
    if move_time <= 0:
        raise TournamentError(f"the move time must be positive, got {move_time}")
    if max_late < 0:
        raise TournamentError(f"--max-late must be 0 or more, got {max_late}")
    late = dict(late or {})
    where = None if scheduler is None else cluster.Scheduler.parse(
        scheduler, tls_dir=tls_dir, insecure=insecure_scheduler)
    loaded = load_tournament_game(game, dict(options or {}), config=game_config,
                                  dialect=dialect)  # checks game, options and config
    found = roster(specs, house)
    people, not_admitted = check_late(found.entrants, late, max_late)
    warnings = name_warnings(people)
    if on_entrants is not None:
        on_entrants([f"not entered: {n}: {why}" for n, why in found.not_entered.items()]
                    + [f"skipped: {what}" for what in found.skipped]
                    + [f"warning: {w}" for w in warnings])
    if len(people) < 2:
        raise TournamentError("fewer than two entrants are admitted")
    names = [e.name for e in people]
    for name in zero:
        if name not in names:
            raise TournamentError(f"--zero {name!r}: no such entrant (entrants: {', '.join(names)})")
    if elo_anchor is not None and elo_anchor[0] not in names:
        raise TournamentError(f"--elo-anchor {elo_anchor[0]!r}: no such entrant "
                              f"(entrants: {', '.join(names)})")
    games = schedule(names, games_per_pair, openings)
    book = draw_openings(loaded, openings, opening_plies, seed) if openings else []
    out_dir = Path(out)
    settings = {"games_per_pair": games_per_pair, "move_time": move_time, "policy": policy,
                "grades": grades, "jobs": jobs, "seed": seed, "isolation": sandbox.current(),
                "openings": openings, "opening_plies": opening_plies if openings else None,
                "config": game_config, "dialect": dialect, "max_late": max_late, "zero": list(zero),
                "elo_anchor": list(elo_anchor) if elo_anchor else None,
                "not_admitted": not_admitted, "not_entered": dict(found.not_entered)}
    checkpoint.start(out_dir, checkpoint.plan_document(game, loaded.options, settings, people),
                     resume=resume)
    checked = check_entrants(game, people, limits=limits, jobs=jobs, game_file=loaded.file)
    refused = dict(checked.refused)
    if on_checked is not None:
        on_checked(dict(refused))
    if loaded.file is not None:
        game = loaded.file.path  # a game file: by its absolute path from here on
    config = Config(
        game=game, options=loaded.options, specs={e.name: e.spec for e in people},
        refused=refused, policy=policy, move_time=move_time, limits=limits, seed=seed,
        openings=tuple(book), seats=checked.seats, classic=checked.classic,
        isolation=sandbox.current(), game_config=game_config, dialect=dialect,
    )
    resumed = checkpoint.finished_games(out_dir, games, loaded) if resume \
        else checkpoint.Resumed({}, 0)
    kept = resumed.kept
    for index, (r, o) in list(kept.items()):  # each record derived from its log
        both = all(cannot_play(config, n, role) for n, role in zip((r.first, r.second), SEATS))
        reason = f"neither could play: {r.reason}" if both else r.reason
        kept[index] = (dataclasses.replace(r, lost_by_both=both, reason=reason), o)
    if resume:
        checkpoint.rewrite_games(out_dir, kept)
    records: list[GameRecord] = [r for r, _ in kept.values()]
    not_counted: dict[int, str] = {}
    start = time.monotonic()

    def save(complete: bool) -> list[Standing]:
        table = rated_table(people, records, grades=grades, refused=refused, late=late,
                            zero=zero, anchor=elo_anchor)
        doc = standings_document(game, loaded.options, table, records, total=len(games),
                                 complete=complete, settings=settings)
        doc["isolation"] = answers.isolation_used(str(settings["isolation"]), records)
        doc["not_counted"] = [{"index": p.index, "first": p.first, "second": p.second,
                               "why": not_counted[p.index]}
                              for p in games if p.index in not_counted]
        safeio.write_inside(out_dir, "standings.json", json.dumps(doc, indent=2) + "\n")
        safeio.write_inside(out_dir, "standings.csv", standings_csv(table))
        return table

    pool = cluster.Pool(jobs=jobs, scheduler=where, isolation=config.isolation)
    saved = 0.0  # when the standings were last written

    def finished(outcome: GameOutcome) -> None:
        nonlocal saved
        record = outcome.record
        safeio.write_inside(out_dir, record.replay, outcome.log)
        checkpoint.append_game(out_dir, record, outcome.output)
        records.append(record)
        # the standings of a running tournament, at most every second: the
        # games' logs and games.jsonl are what --resume and report read
        if time.monotonic() - saved >= SAVE_EVERY:
            save(False)
            saved = time.monotonic()
        if progress is not None:
            progress(Progress(len(records), len(games), time.monotonic() - start, record,
                              len(kept), pool.running(), pool.workers()))

    todo = [g for g in games if g.index not in kept]
    save(not todo)
    complete = False
    try:
        with pool:
            if progress is not None:
                progress(Progress(len(records), len(games), 0.0, None, len(kept), 0,
                                  pool.workers()))
            shipment = cluster.pack(config.specs, game_file=loaded.file and loaded.file.path)
            run = f"{out_dir.resolve()}-{time.time_ns()}"
            pairings = {f"game-{p.index}-{run}": p for p in todo}
            tasks = [pool.submit(play_game, config, p, shipment.only({p.first, p.second}),
                                 key=key)
                     for key, p in pairings.items()]
            seen = set(kept)
            for returned in pool.results(tasks):
                pairing = pairings[returned.key]
                if pairing.index in seen:  # a game two workers finished counts once
                    continue
                try:
                    outcome = answers.accept(returned.answer, config=config, pairing=pairing,
                                             game=loaded)
                except answers.NotCounted as exc:
                    not_counted[pairing.index] = f"{returned.worker}: {exc.why}"
                    if on_not_counted is not None:
                        on_not_counted(pairing, not_counted[pairing.index])
                    continue
                seen.add(pairing.index)
                not_counted.pop(pairing.index, None)  # another worker's answer counted
                finished(outcome)
        complete = not not_counted
    except KeyboardInterrupt:
        pass
    finally:
        WARM.close()  # the bots this process kept loaded (--jobs 1)
        table = save(complete)  # also when the pool failed: then it is raised
    return TournamentResult(game, tuple(people), tuple(sorted(records, key=lambda r: r.index)),
                            tuple(table), len(games), out_dir, refused, complete, len(kept),
                            not_admitted, not_counted, resumed.disagreements,
                            dict(found.not_entered), tuple(found.skipped), tuple(warnings))


# the names of pybridge.championship.scoring are importable from here too
__all__ = [
    "Checked", "Entrant", "GameRecord", "Pairing", "Progress", "RefusedBot", "Standing",
    "TournamentError", "TournamentResult", "check_entrants", "entrants", "grade_table",
    "play_game", "rated_table", "replay_name", "run_tournament", "schedule", "standings",
    "standings_csv", "standings_document",
]
