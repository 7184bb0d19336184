"""Games of a submission, played under a deadline: the whole game that
shows it plays, and the series that measure its own AI levels (level 1
against random, level 2 against level 1 and against the general AI),
with level 2's choices compared with the argmax of value/3.

Every rule runs in the game's jailed host (through :class:`Game`); a rule
that breaks mid-game ends that game as a no-contest naming the rule.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Mapping

from pybridge.batch.model import Greedy, Series
from pybridge.bots.seating import make_player
from pybridge.errors import ArenaError, GameRuleError
from pybridge.games.game import Game, State
from pybridge.play.match import Match
from pybridge.replay.records import header_record, move_record, record_line, result_record
from pybridge.text import clean, clean_line, plural
from pybridge.types import Ply, Result, ResultWord, Termination, Verdict

#: Random play, level for level: the general AI's level 1.
RANDOM = "mcts:1"
#: Positions of level 2 compared with value/3, and the most moves of one.
GREEDY_POSITIONS = 8
GREEDY_MOVES = 40
#: A game longer than this many plies is stopped (unfinished).
MAX_PLIES = 400


class LogLines:
    """A recorder that keeps a log's lines (the replay format's records)
    in memory; ``game_path`` names the game file in the log's header, and
    ``start`` is written there as the game's start: a game whose
    initial_state/2 draws at random (who begins) starts elsewhere when its
    log is read back."""

    def __init__(self, game: Game, players: Mapping[str, str], game_path: str | None, *,
                 start: State | None = None) -> None:
        header = header_record(game, players, game_path=game_path)
        if start is not None:
            header["state"] = str(start)
        self.lines = [record_line(header)]

    def move(self, ply: Ply) -> None:
        self.lines.append(record_line(move_record(ply)))

    def undo(self) -> None:
        raise ValueError("no undo in a checked game")

    def result(self, result: Result) -> None:
        self.lines.append(record_line(result_record(result)))

    def data(self) -> bytes:
        return b"".join(self.lines)


@dataclass
class PlayedGame:
    """A game played: its result (None: unfinished, ``reason`` says why),
    its plies, and the slowest move of each spec in ms."""

    result: Result | None
    plies: list[Ply]
    reason: str = ""
    slowest: dict[str, int] = field(default_factory=dict)


#: Called for each move of a seat watched: (state before, move played).
Watch = Callable[[State, str], None]


def play_one(game: Game, specs: Mapping[str, str], *, move_time: float, deadline: float,
             recorder: LogLines | None = None, watch: Mapping[str, Watch] | None = None
             ) -> PlayedGame:
    """One game of ``specs`` (seat -> player spec) until it ends, a rule
    breaks (a no-contest naming it) or ``deadline`` (time.monotonic) passes."""
    players = {seat: make_player(spec, move_time=move_time) for seat, spec in specs.items()}
    slowest: dict[str, int] = {}
    plies: list[Ply] = []
    watch = watch or {}
    try:
        with Match(game, players, move_time=move_time, recorder=recorder) as match:
            while match.result is None:
                if time.monotonic() > deadline:
                    return PlayedGame(None, plies, f"stopped after {plural(len(plies), 'ply')}: "
                                                "the time budget ran out", slowest)
                if len(plies) >= MAX_PLIES:
                    return PlayedGame(None, plies, f"stopped after {MAX_PLIES} plies", slowest)
                before = match.state
                try:
                    out = match.step()
                except (GameRuleError, ArenaError, ValueError) as exc:
                    # not recorded: the log ends at the last move the rules took
                    return PlayedGame(no_contest(exc, before), plies, "", slowest)
                if isinstance(out, Ply):
                    plies.append(out)
                    spec = specs[out.player]
                    slowest[spec] = max(slowest.get(spec, 0), out.ms)
                    seen = watch.get(out.player)
                    if seen is not None and out.verdict is Verdict.OK:
                        seen(before, out.move)
            return PlayedGame(match.result, plies, "", slowest)
    except (GameRuleError, ArenaError, ValueError) as exc:
        # the game could not start (initial_state/2, a fresh copy of the game)
        return PlayedGame(None, plies, clean_line(exc, 300), slowest)


def no_contest(exc: Exception, state: State) -> Result:
    """A game stopped by a rule that broke: a no-contest naming it."""
    return Result(ResultWord.DRAW, clean_line(f"the game's rules broke: {exc}", 300),
                  detail=clean_line(str(state), 300), termination=Termination.BROKEN_RULE)


@dataclass(frozen=True, kw_only=True)
class SeriesRun:
    """What the series of one check share: each move's time, the
    ``deadline`` (time.monotonic), the first game's seed, and the slowest
    move of each spec in ms, filled in as games are played."""

    move_time: float
    deadline: float
    seed: int = 0
    slowest: dict[str, int] = field(default_factory=dict)


def series(game: Game, player: str, opponent: str, games: int, *, run: SeriesRun,
           watch: Watch | None = None) -> Series:
    """``games`` games of ``player`` against ``opponent`` (specs), each
    seat in turn, while time is left; ``watch`` sees ``player``'s moves."""
    deadline, slowest = run.deadline, run.slowest
    first, second = game.players
    won = drawn = lost = unfinished = played = 0
    reason = ""
    for i in range(games):
        if time.monotonic() > deadline:
            reason = "the time budget ran out"
            break
        mine = first if i % 2 == 0 else second
        specs = {mine: player, game.opponent(mine): opponent}
        game.seed(run.seed + i)
        out = play_one(game, specs, move_time=run.move_time, deadline=deadline,
                       watch={mine: watch} if watch is not None else None)
        for spec, ms in out.slowest.items():
            slowest[spec] = max(slowest.get(spec, 0), ms)
        if out.result is None and not out.plies:
            reason = out.reason
            break
        played += 1
        if out.result is None or out.result.termination is Termination.BROKEN_RULE \
                or out.result.forfeit is not None:
            unfinished += 1
            reason = reason or (out.reason or out.result.reason if out.result else out.reason)
        elif out.result.winner == mine:
            won += 1
        elif out.result.winner == ResultWord.DRAW:
            drawn += 1
        else:
            lost += 1
    return Series(player, opponent, played, won, drawn, lost, unfinished,
                  clean_line(reason, 300))


class GreedyCheck:
    """Compares each move level 2 plays with the argmax of value/3 for
    its mover over the moves of that position (in the game's host)."""

    def __init__(self, *, deadline: float) -> None:
        self.deadline = deadline
        self.positions = 0
        self.agree = 0
        self.example = ""
        self.skipped = ""
        self.stopped = False

    def __call__(self, state: State, chosen: str) -> None:
        if self.stopped or self.positions >= GREEDY_POSITIONS \
                or time.monotonic() > self.deadline:
            return
        moves = state.valid_moves()
        if len(moves) < 2:
            return
        if len(moves) > GREEDY_MOVES:
            self.skipped = f"positions of over {GREEDY_MOVES} moves not compared"
            return
        mover = state.current_player
        try:
            values = {m: state.move(m).value(mover) for m in moves}
        except (ArenaError, ValueError) as exc:
            said = str(exc)
            if not isinstance(exc, ArenaError) and said.startswith("no value"):
                said = f"value/3 failed for {mover} after a move of level 2's position {state}"
            self.skipped = clean_line(f"value/3 could not be asked: {said}", 300)
            self.stopped = True
            return
        best = max(values.values())
        self.positions += 1
        if values.get(chosen, best - 1) >= best - 1e-9:
            self.agree += 1
        elif not self.example:
            top = [m for m, v in values.items() if v >= best - 1e-9][:5]
            self.example = clean(
                f"in {state} level 2 played {chosen} (value {values.get(chosen)!r}); value/3 "
                f"is highest, {best!r}, for {', '.join(top)}", 1200)

    def result(self) -> Greedy:
        reason = self.skipped if not self.positions else ""
        if not self.positions and not reason:
            reason = "level 2 had no position with a choice to compare"
        return Greedy(self.positions, self.agree, self.example, reason)


__all__ = ["GreedyCheck", "LogLines", "MAX_PLIES", "PlayedGame", "RANDOM", "SeriesRun", "no_contest", "play_one",
           "series"]
