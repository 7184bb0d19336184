"""A bot's trial games for ``check-bot``: some from the start against
random, the rest reaching the later phases of the game (from random
positions for a PFL bot, which is told the position; against a sparring
partner that blocks but never wins for a classic bot, which keeps its own
board and must play from the start), with what it did in each kind of
position, and the kinds of position the game has that no trial reached."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

from pybridge.host.bot_limits import Limits
from pybridge.bots.player import keeping_bots_loaded
from pybridge.games.game import Game, State
from pybridge.play.match import Match
from pybridge.play.players import Player, PlayerSpec
from pybridge.bots.seating import make_player
from pybridge.types import BotProtocol, Decision, PlayerKind, Ply, Result, Verdict

#: The name the sparring partner goes by in check-bot's lines.
SPARRING = "a sparring partner (blocks, never wins)"


def move_kind(state: State) -> tuple[str, str]:
    """The kind of move ``state`` asks for: (key, examples), the key
    made of the shapes of its valid moves (``5`` and ``1-5`` differ,
    ``5`` and ``7`` do not), the examples one valid move of each shape."""
    examples: dict[str, str] = {}
    for move in state.valid_moves():
        shape = re.sub(r"[0-9]+", "9", re.sub(r"[A-Za-z]", "a", move))
        examples.setdefault(shape, move)
    key = " ".join(sorted(examples))
    return key, ", ".join(examples[s] for s in sorted(examples))


@dataclass
class TrialGame:
    """One trial game: where it started, whom the bot met, how it went."""

    number: int
    setting: str  # 'start', 'position' (from a random position) or 'longer' (sparring)
    bot_seat: str
    opponent: str
    start_plies: int  # random plies played before the bot's first turn
    result: Result
    plies: list[tuple[State, Ply]]  # the bot's own moves, each with the position before it
    failed_at: State | None  # the position where it forfeited
    output: str = ""
    #: the kinds of position the game went through, either seat to move
    seen: list[tuple[str, str]] = field(default_factory=list)

    @property
    def slowest(self) -> int:
        return max((p.ms for _, p in self.plies), default=0)


@dataclass
class Kind:
    """What the bot did in one kind of position, over all trial games."""

    key: str
    examples: str
    made: int = 0  # moves the bot made; asked = made + the problems' count
    slowest: int = 0
    problems: dict[str, int] = field(default_factory=dict)
    seen: int = 0  # positions of this kind in the games, either seat to move
    reached: bool = True  # False: the game has it, no trial game came to it

    @property
    def asked(self) -> int:
        return self.made + sum(self.problems.values())


class SparringPlayer(Player):
    """An opponent that keeps the game going so that a bot meets every
    phase: it takes no move that wins while another move is left, avoids
    moves that let the other side win at once, and blocks such a win where
    it can; otherwise it plays at random."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(PlayerSpec(PlayerKind.RANDOM))
        self.rng = rng

    @property
    def name(self) -> str:
        return SPARRING

    def choose(self, state: State, last_move: str | None, *, seconds: float) -> Decision:
        me = state.current_player
        moves = state.valid_moves()
        after = {m: state.move(m) for m in moves}   # one query a move
        quiet = [m for m in moves if after[m].game_over() != me] or moves
        safe = [m for m in quiet if not _wins_at_once(after[m], me)] or quiet
        return Decision(self.rng.choice(safe), Verdict.OK, 0)


def _wins_at_once(state: State, me: str) -> bool:
    """Whether the player to move in ``state``, not ``me``, has a move that wins."""
    if state.is_over() or state.current_player == me:
        return False
    return any(state.move(m).game_over() == state.current_player for m in state.valid_moves())


def trial_games(game: Game, spec: PlayerSpec, seats: Sequence[int], count: int, *,
                protocol: BotProtocol | None, move_time: float, seed: int = 1,
                limits: Limits | None = None) -> Iterator[TrialGame]:
    """``count`` trial games of the bot (seats alternating among ``seats``,
    indices of game.players), under ``limits`` if given: the first half
    (rounded up) from the start against random, the rest reaching later
    phases."""
    rng = random.Random(seed)
    from_start = (count + 1) // 2
    # the bot is loaded once; each game is played in a fresh copy of it
    with keeping_bots_loaded() as kept:
        try:
            def bot() -> Player:
                return make_player(spec, move_time=move_time, limits=limits)

            yield from _trials(game, bot, seats, count, rng, from_start, protocol, move_time)
        finally:
            kept.close()


def _trials(game: Game, make_bot: Callable[[], Player], seats: Sequence[int], count: int,
            rng: random.Random, from_start: int, protocol: BotProtocol | None,
            move_time: float) -> Iterator[TrialGame]:
    for i in range(count):
        mine = seats[i % len(seats)]
        bot_seat = game.players[mine]
        bot = make_bot()
        later = i >= from_start
        if later and protocol != BotProtocol.CLASSIC:
            setting, opponent, history = "position", "random", _random_prefix(game, bot_seat, rng)
        elif later:
            setting, opponent, history = "longer", SPARRING, []
        else:
            setting, opponent, history = "start", "random", []
        other = SparringPlayer(rng) if setting == "longer" else make_player(opponent)
        players = {seat: (bot if n == mine else other) for n, seat in enumerate(game.players)}
        with Match(game, players, move_time=move_time, history=history) as match:
            result = match.run()
            output = getattr(bot, "output", "")
        line = _positions(game, match.history)
        own = [(s, p) for s, p in line[len(history):] if p.player == bot_seat]
        failed = match.state if result.forfeit is not None and result.winner != bot_seat else None
        seen = list(dict.fromkeys(move_kind(s) for s, _ in line[len(history):]))
        yield TrialGame(i + 1, setting, bot_seat, opponent, len(history), result, own, failed, output,
                        seen)


def _random_prefix(game: Game, seat: str, rng: random.Random) -> list[Ply]:
    """Random plies to a position of a random game where ``seat`` is to
    move (any ply of the game alike, so that every phase comes up)."""
    state = game.initial_state()
    plies: list[Ply] = []
    positions: list[int] = []
    while not state.is_over():
        if state.current_player == seat:
            positions.append(len(plies))
        move = rng.choice(state.valid_moves())
        plies.append(Ply(len(plies), state.current_player, move))
        state = state.move(move)
    return plies[:rng.choice(positions)] if positions else []


def _positions(game: Game, history: Sequence[Ply]) -> list[tuple[State, Ply]]:
    state, out = game.initial_state(), []
    for ply in history:
        out.append((state, ply))
        if ply.move is not None:
            state = state.move(ply.move)
    return out


def game_kinds(game: Game, *, games: int = 30, seed: int = 7) -> list[tuple[str, str]]:
    """The kinds of position (:func:`move_kind`) that ``games`` random games
    of ``game`` go through, in the order first met."""
    rng = random.Random(seed)
    found: dict[str, str] = {}
    for _ in range(games):
        state = game.initial_state()
        while not state.is_over():
            key, examples = move_kind(state)
            found.setdefault(key, examples)
            state = state.move(rng.choice(state.valid_moves()))
    return list(found.items())


def kinds(games: Sequence[TrialGame],
          known: Sequence[tuple[str, str]] = ()) -> list[Kind]:
    """What the bot did per kind of position, in the order first seen;
    kinds that came up only on the opponent's turns are listed too, and
    last the ``known`` kinds of the game that no trial game reached."""
    found: dict[str, Kind] = {}

    def kind(state: State) -> Kind:
        key, examples = move_kind(state)
        return found.setdefault(key, Kind(key, examples))

    for trial in games:
        for state, ply in trial.plies:
            k = kind(state)
            k.made += 1
            k.slowest = max(k.slowest, ply.ms)
        if trial.failed_at is not None and not trial.failed_at.is_over():
            k = kind(trial.failed_at)
            verdict = str(trial.result.forfeit)
            k.problems[verdict] = k.problems.get(verdict, 0) + 1
    for trial in games:
        for key, examples in trial.seen:
            found.setdefault(key, Kind(key, examples))
    for key, examples in known:
        if key not in found:
            found[key] = Kind(key, examples, reached=False)
    return list(found.values())


__all__ = ["Kind", "SPARRING", "SparringPlayer", "TrialGame", "game_kinds", "kinds", "move_kind",
           "trial_games"]
