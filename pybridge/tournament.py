"""Championships: every entrant against every other, in both seats.

Entrants are player specs: bot files (untrusted, each game in its own
processes) and built-in players (``random``, ``ai:N``). Games run in
parallel in ``jobs`` worker processes (each with its own Prolog); every
game is refereed by :class:`pybridge.match.Match` and logged by a
:class:`pybridge.replay.ReplayWriter` in ``OUT/replays``. The standings
(``OUT/standings.json`` and ``OUT/standings.csv``) are rewritten after
every game, so an interrupted tournament (Ctrl-C) keeps every finished
game's result and log. The schedule, scores and grades are
:mod:`pybridge.scoring`'s.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import queue
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from . import sandbox
from .bots import Limits, bot_path, check_bot
from .gamefile import GameFileRef
from .game import load_game
from .match import POLICIES, Match
from .players import Player, PlayerSpec
from .replay import ReplayError, ReplayWriter, read_replay
from .scoring import (
    Entrant,
    GameRecord,
    Pairing,
    Standing,
    TournamentError,
    game_record,
    grade_table,
    replay_name,
    schedule,
    standings,
    standings_csv,
    standings_document,
)
from .seating import make_player
from .types import Decision, Verdict


@dataclass(frozen=True)
class Progress:
    """Where a tournament is: ``done`` of ``total`` games."""

    done: int
    total: int
    elapsed: float
    last: GameRecord | None = None

    @property
    def remaining(self) -> float | None:
        """Estimated seconds left (None before the first game ends)."""
        if self.done == 0:
            return None
        return self.elapsed / self.done * (self.total - self.done)


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

    @property
    def interrupted(self) -> bool:
        return not self.complete


def entrants(specs: Iterable[str]) -> list[Entrant]:
    """The entrants for ``specs``; TournamentError for a human, a missing
    file, or two entrants with the same name."""
    parsed = [(text, PlayerSpec.parse(text)) for text in specs]
    stems = [spec.name for _, spec in parsed]
    out: list[Entrant] = []
    seen: dict[str, str] = {}
    for text, spec in parsed:
        if spec.kind == "human":
            raise TournamentError("a tournament has no human players (use random, ai:N or bot files)")
        path = str(bot_path(spec.path)) if spec.kind == "bot" and spec.path else None
        name = spec.name
        if spec.kind == "bot" and spec.level is not None and stems.count(name) > 1:
            name = f"{name}:{spec.level}"  # one file at several levels
        if name in seen:
            raise TournamentError(
                f"two entrants named {name!r} ({seen[name]} and {text}): "
                "rename a file or give them different levels"
            )
        seen[name] = text
        out.append(Entrant(name, str(spec), path))
    if len(out) < 2:
        raise TournamentError("a tournament needs at least two entrants")
    return out


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


# -- playing one game (in a worker or in this process) ---------------------------


@dataclass(frozen=True)
class _Config:
    game: str
    options: Mapping[str, Any]
    specs: Mapping[str, str]  # entrant name -> spec
    refused: Mapping[str, str]  # entrant name -> why its bot was refused
    policy: str
    move_time: float
    limits: Limits
    out: str
    seed: int


class RefusedBot(Player):
    """A bot that was refused when it was checked: it forfeits at its first
    turn without starting a process."""

    def __init__(self, spec: PlayerSpec, detail: str) -> None:
        super().__init__(spec)
        self.detail = detail

    def choose(self, state: Any, last_move: str | None, *, seconds: float) -> Decision:
        return Decision(None, Verdict.REFUSED, 0, self.detail)


def _player(config: _Config, name: str, seed: int) -> Player:
    spec = PlayerSpec.parse(config.specs[name])
    if name in config.refused:
        return RefusedBot(spec, config.refused[name])
    return make_player(spec, move_time=config.move_time, limits=config.limits, seed=seed)


def play_game(config: _Config, pairing: Pairing) -> GameRecord:
    """Play one scheduled game to its end, logging it; the log of a game
    that does not end is removed."""
    game = load_game(config.game, **config.options)
    seed = config.seed * 100_003 + pairing.index
    game.seed(seed)
    seats = dict(zip(game.players, (pairing.first, pairing.second)))
    path = Path(config.out) / replay_name(pairing)
    start = time.monotonic()
    finished = False
    try:
        writer = ReplayWriter.create(path, game, {seat: config.specs[n] for seat, n in seats.items()},
                                     overwrite=True)
        players = {seat: _player(config, n, seed * 2 + i) for i, (seat, n) in enumerate(seats.items())}
        with Match(game, players, policy=config.policy, move_time=config.move_time,
                   recorder=writer) as match:
            result = match.run()
            finished = True
    finally:
        if not finished:
            path.unlink(missing_ok=True)
    return game_record(pairing, game.players, result, match.history, time.monotonic() - start)


def recover(out: Path, pairings: Iterable[Pairing]) -> tuple[list[GameRecord], int]:
    """After an interruption: the records of games whose log shows a result
    (their worker was stopped before it could report them), and how many
    logs of unfinished games were removed."""
    found: list[GameRecord] = []
    removed = 0
    for pairing in pairings:
        path = out / replay_name(pairing)
        if not path.exists():
            continue
        try:
            logged = read_replay(path)
        except ReplayError:
            logged = None
        if logged is None or logged.result is None:
            path.unlink()
            removed += 1
        else:
            found.append(game_record(pairing, logged.game.players, logged.result, logged.plies, 0.0))
    return found, removed


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(1)  # unwinds: every Match closes its bot processes


def _worker(config: _Config, jobs: Any, results: Any) -> None:
    """A worker process: plays games from ``jobs`` until a None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C belongs to the parent
    signal.signal(signal.SIGTERM, _terminate)
    while (pairing := jobs.get()) is not None:
        try:
            results.put(("done", play_game(config, pairing)))
        except Exception as exc:  # a bug of ours, not a bot's: report it
            results.put(("error", f"game {pairing.index + 1}: {type(exc).__name__}: {exc}"))
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # nothing left to unwind


# -- the tournament --------------------------------------------------------------


def check_entrants(game: str, entrants_: Sequence[Entrant], *, limits: Limits,
                   jobs: int, game_file: GameFileRef | None = None) -> dict[str, str]:
    """Load every bot once (for the game file ``game_file`` if given); the
    refused ones with why."""
    bots = [e for e in entrants_ if e.path is not None]

    def one(e: Entrant) -> tuple[str, str | None]:
        hello = check_bot(game, e.path or "", limits=limits, game_file=game_file).hello
        return e.name, None if hello.ready else hello.detail

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return {name: why for name, why in pool.map(one, bots) if why is not None}


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
    progress: Callable[[Progress], None] | None = None,
    on_checked: Callable[[dict[str, str]], None] | None = None,
) -> TournamentResult:
    """Run a round robin of ``specs`` at ``game`` and write its results in
    ``out``. Every bot is loaded once first: ``on_checked`` gets the refused
    ones (name -> why), which then forfeit every game without a process.
    ``progress`` is called before the first game and after each.
    Ctrl-C stops it: the games finished so far are kept and the result
    says it is not complete."""
    if policy not in POLICIES:
        raise TournamentError(f"unknown policy {policy!r} (use {' or '.join(POLICIES)})")
    if jobs < 1:
        raise TournamentError(f"jobs must be at least 1, got {jobs}")
    if move_time <= 0:
        raise TournamentError(f"the move time must be positive, got {move_time}")
    loaded = load_game(game, **dict(options or {}))  # checks game and options
    people = entrants(specs)
    games = schedule([e.name for e in people], games_per_pair)
    out_dir = Path(out)
    if out_dir.exists() and any(out_dir.iterdir()):
        raise TournamentError(f"output folder {os.fspath(out_dir)!r} is not empty")
    (out_dir / "replays").mkdir(parents=True, exist_ok=True)
    refused = check_entrants(game, people, limits=limits, jobs=jobs, game_file=loaded.file)
    if loaded.file is not None:
        game = loaded.file.path  # workers load the game file by its absolute path
    if on_checked is not None:
        on_checked(dict(refused))
    config = _Config(
        game=game, options=loaded.options, specs={e.name: e.spec for e in people},
        refused=refused, policy=policy, move_time=move_time, limits=limits,
        out=os.fspath(out_dir.resolve()), seed=seed,
    )
    settings = {"games_per_pair": games_per_pair, "move_time": move_time, "policy": policy,
                "grades": grades, "jobs": jobs, "seed": seed,
                "isolation": sandbox.current()}
    records: list[GameRecord] = []
    start = time.monotonic()

    def save(complete: bool) -> list[Standing]:
        table = standings(people, records, grades=grades, refused=refused)
        doc = standings_document(game, loaded.options, table, records, total=len(games),
                                 complete=complete, settings=settings)
        _write_atomically(out_dir / "standings.json", json.dumps(doc, indent=2) + "\n")
        _write_atomically(out_dir / "standings.csv", standings_csv(table))
        return table

    def finished(record: GameRecord) -> None:
        records.append(record)
        save(False)
        if progress is not None:
            progress(Progress(len(records), len(games), time.monotonic() - start, record))

    save(False)
    if progress is not None:
        progress(Progress(0, len(games), 0.0))
    complete = False
    try:
        if jobs == 1:
            for pairing in games:
                finished(play_game(config, pairing))
        else:
            _run_parallel(config, games, jobs, finished)
        complete = True
    except KeyboardInterrupt:
        pass
    finally:
        # the logs tell which games ended while their result was on its way
        done = {r.index for r in records}
        late, _ = recover(out_dir, (g for g in games if g.index not in done))
        records.extend(late)
    table = save(complete)
    return TournamentResult(game, tuple(people), tuple(sorted(records, key=lambda r: r.index)),
                            tuple(table), len(games), out_dir, refused, complete)


def _run_parallel(config: _Config, games: Sequence[Pairing], jobs: int,
                  finished: Callable[[GameRecord], None]) -> None:
    """Play ``games`` in ``jobs`` worker processes (fresh interpreters, each
    with its own Prolog). On Ctrl-C or an error the workers are stopped;
    each closes its bots before it ends."""
    ctx = multiprocessing.get_context("spawn")
    todo: Any = ctx.Queue()
    results: Any = ctx.Queue()
    for pairing in games:
        todo.put(pairing)
    workers = [ctx.Process(target=_worker, args=(config, todo, results), daemon=True)
               for _ in range(min(jobs, len(games)))]
    for w in workers:
        todo.put(None)
    for w in workers:
        w.start()
    done = 0
    try:
        while done < len(games):
            try:
                kind, payload = results.get(timeout=0.2)
            except queue.Empty:
                if all(not w.is_alive() for w in workers):
                    raise TournamentError("every worker process ended before the games did") from None
                continue
            if kind == "error":
                raise TournamentError(payload)
            done += 1
            finished(payload)
        for w in workers:  # they have had their None: let them end by themselves
            w.join(timeout=30)
    finally:
        for w in workers:
            if w.is_alive():
                w.terminate()
        for w in workers:
            w.join(timeout=10)
            if w.is_alive():
                w.kill()
                w.join()
        for q in (todo, results):
            q.cancel_join_thread()
            q.close()


# the names of pybridge.scoring are importable from here too
__all__ = [
    "Entrant", "GameRecord", "Pairing", "Progress", "RefusedBot", "Standing",
    "TournamentError", "TournamentResult", "check_entrants", "entrants", "grade_table",
    "play_game", "recover", "replay_name", "run_tournament", "schedule", "standings",
    "standings_csv", "standings_document",
]
