"""One game of a championship, as a pure function of the settings, the
pairing, its seed and the entrants' files: :func:`play_game` plays it and
returns its record, its log and what each bot printed; the caller (the
tournament's client) writes them. Nothing here writes a file, so a game
can run in a worker process or on another machine.
"""

from __future__ import annotations

import dataclasses
import random
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from pybridge.host.bot_limits import Limits, SeatRole
from pybridge.bots.player import BotPlayer, keeping_bots_loaded
from pybridge.games.game import Game, State, load_tournament_game
from pybridge.types import Dialect, Isolation
from pybridge.play.match import Match, Policy
from pybridge.play.players import Player, PlayerSpec
from pybridge.replay.records import header_record, move_record, record_line, result_record
from pybridge.championship.result_files import game_record
from pybridge.championship.schedule import Pairing, TournamentError
from pybridge.championship.scoring import GameRecord
from pybridge.bots.seating import make_player
from pybridge.text import clean, clean_line
from pybridge.types import Decision, Ply, Result, Verdict

#: What is kept of a bot's output per game.
OUTPUT_LIMIT = 2048
SEATS = (SeatRole.FIRST, SeatRole.SECOND)


@dataclass(frozen=True)
class Config:
    """What every game of a tournament shares. ``seats`` gives, for a bot
    that loaded, the seats it can play ('first', 'second'); ``classic``
    the bots of the classic protocol (they keep their own board, so they
    play from the initial position, never from an opening)."""

    game: str
    options: Mapping[str, Any]
    specs: Mapping[str, str]  # entrant name -> spec
    refused: Mapping[str, str]  # entrant name -> why its bot was refused
    policy: Policy
    move_time: float
    limits: Limits
    seed: int
    openings: Sequence[tuple[str, ...]] = ()
    seats: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    classic: frozenset[str] = frozenset()
    #: where a worker put the bot files it was sent (entrant name -> spec
    #: of the local copy); ``specs`` stay as the client gave them, for the logs
    files: Mapping[str, str] = field(default_factory=dict)
    #: the isolation every game's bots must run under ('bwrap' or 'none')
    isolation: Isolation = Isolation.BWRAP
    #: the game file's path as the client has it, for the log, where
    #: ``game`` is a worker's copy of it
    game_path: str | None = None
    #: a game file's config term (--config; None: the options list) and
    #: the dialect asked for (--dialect)
    game_config: str | None = None
    dialect: Dialect = Dialect.AUTO


@dataclass(frozen=True)
class GameOutcome:
    """A finished game: its record, its log's bytes and what each bot
    printed (bounded, control characters escaped)."""

    record: GameRecord
    log: bytes
    output: Mapping[str, str]


class RefusedBot(Player):
    """A bot that was refused when it was checked: it forfeits at its first
    turn without starting a process."""

    def __init__(self, spec: PlayerSpec, detail: str) -> None:
        super().__init__(spec)
        self.detail = detail

    def choose(self, state: State, last_move: str | None, *, seconds: float) -> Decision:
        return Decision(None, Verdict.REFUSED, 0, self.detail)


class _Log:
    """A recorder that keeps the log's lines in memory."""

    def __init__(self, game: Game, players: Mapping[str, str], opening: Sequence[str],
                 game_path: str | None) -> None:
        self.lines = [record_line(header_record(game, players, opening=opening,
                                                game_path=game_path))]

    def move(self, ply: Ply) -> None:
        self.lines.append(record_line(move_record(ply)))

    def undo(self) -> None:  # a tournament game takes nothing back
        raise ValueError("no undo in a tournament game")

    def result(self, result: Result) -> None:
        self.lines.append(record_line(result_record(result)))


def game_seed(seed: int, pairing: Pairing) -> int:
    return seed * 100_003 + pairing.index


def draw_openings(game: Game, count: int, plies: int, seed: int) -> list[tuple[str, ...]]:
    """``count`` openings of ``plies`` random moves from the initial
    position, drawn from ``seed``: none ends the game, and they differ
    from each other where the game allows."""
    if plies < 1:
        raise TournamentError(f"opening plies must be at least 1, got {plies}")
    rng = random.Random(f"openings:{seed}")
    found: list[tuple[str, ...]] = []
    for _ in range(count):
        best: tuple[str, ...] | None = None
        for _attempt in range(200):
            state, moves = game.initial_state(), list[str]()
            while len(moves) < plies and not state.is_over():
                move = rng.choice(sorted(state.valid_moves()))
                moves.append(move)
                state = state.move(move)
            if state.is_over():
                continue
            best = tuple(moves)
            if best not in found:
                break
        if best is None:
            raise TournamentError(f"no opening of {plies} plies leaves {game.id} unfinished")
        found.append(best)
    return found


def cannot_play(config: Config, name: str, role: str) -> bool:
    """Whether entrant ``name`` cannot play the seat ``role`` at all: its
    bot was refused, or it has no predicates for that seat."""
    if name in config.refused:
        return True
    seats = config.seats.get(name)
    return seats is not None and role not in seats


def _player(config: Config, name: str, seed: int) -> Player:
    spec = PlayerSpec.parse(config.specs[name])
    if name in config.refused:
        return RefusedBot(spec, config.refused[name])
    local = PlayerSpec.parse(config.files.get(name, config.specs[name]))
    return make_player(local, move_time=config.move_time, limits=config.limits, seed=seed)


def _start_together(game: Game, players: Mapping[str, Player]) -> None:
    """Start the bot processes of both seats at once (each load waits on
    its own process); the match then keeps them."""
    bots = [(seat, p) for seat, p in players.items() if isinstance(p, BotPlayer)]
    if len(bots) < 2:
        return
    with ThreadPoolExecutor(max_workers=len(bots)) as pool:
        for done in [pool.submit(p.take_over, game, seat, []) for seat, p in bots]:
            done.result()


def opening_of(config: Config, pairing: Pairing) -> tuple[str, ...]:
    """The opening moves ``pairing`` starts from: none without an opening,
    or when a classic-protocol bot plays in it."""
    if pairing.opening is None or {pairing.first, pairing.second} & config.classic:
        return ()
    return tuple(config.openings[pairing.opening])


def _refused_game(config: Config, pairing: Pairing, game: Game, seat: str, log: _Log,
                  history: list[Ply], opening: tuple[str, ...]) -> GameOutcome:
    """A game with an entrant refused at loading: it is lost by that entrant
    (by both when both were refused) before any move, so that nothing its
    opponent does (a timeout, a crash) can give it a point."""
    name = dict(zip(game.players, (pairing.first, pairing.second)))[seat]
    result = Result(game.opponent(seat), clean_line(f"{seat} forfeits: refused (its bot was "
                                                    f"refused at loading)", 300),
                    forfeit=Verdict.REFUSED, detail=clean_line(config.refused[name], 300))
    log.result(result)
    names = (pairing.first, pairing.second)
    both = all(cannot_play(config, n, role) for n, role in zip(names, SEATS))
    record = game_record(pairing, game.players, result, history, 0.0, opening=opening,
                         lost_by_both=both)
    if both:
        record = dataclasses.replace(record, reason=f"neither could play: {record.reason}")
    return GameOutcome(record, b"".join(log.lines), {})


def play_game(config: Config, pairing: Pairing) -> GameOutcome:
    """Play one scheduled game to its end, from its opening if it has one
    (not when a classic-protocol bot plays in it)."""
    game = load_tournament_game(config.game, config.options, config=config.game_config,
                                dialect=config.dialect)
    seed = game_seed(config.seed, pairing)
    game.seed(seed)
    names = (pairing.first, pairing.second)
    seats = dict(zip(game.players, names))
    opening = opening_of(config, pairing)
    history: list[Ply] = []
    state = game.initial_state()
    for move in opening:
        history.append(Ply(len(history) + 1, state.current_player, move, 0))
        state = state.move(move)
    log = _Log(game, {seat: config.specs[n] for seat, n in seats.items()}, opening,
               config.game_path)
    for ply in history:
        log.move(ply)
    refused = [seat for seat, n in seats.items() if n in config.refused]
    if refused:
        return _refused_game(config, pairing, game, refused[0], log, history, opening)
    start = time.monotonic()
    players = {seat: _player(config, n, seed * 2 + i) for i, (seat, n) in enumerate(seats.items())}
    # a worker keeps each bot loaded between its games, each game a fresh copy
    with keeping_bots_loaded(), Match(game, players, policy=config.policy,
                                      move_time=config.move_time, history=history,
                                      recorder=log) as match:
        _start_together(game, players)
        result = match.run()
    output = {}
    for seat, player in players.items():
        text = getattr(player, "output", "")
        if text:
            output[seats[seat]] = clean(text, OUTPUT_LIMIT)
    both = all(cannot_play(config, n, role) for n, role in zip(names, SEATS))
    record = game_record(pairing, game.players, result, match.history,
                         time.monotonic() - start, opening=opening, lost_by_both=both)
    if both:
        record = dataclasses.replace(record, reason=f"neither could play: {record.reason}")
    return GameOutcome(record, b"".join(log.lines), output)


__all__ = ["Config", "GameOutcome", "OUTPUT_LIMIT", "RefusedBot", "cannot_play",
           "draw_openings", "game_seed", "opening_of", "play_game"]
