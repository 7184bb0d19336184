"""Random lines played in two implementations at once, compared at every
position; the first difference found, its line shrunk by delta debugging.

Shrinking is this module's own (ddmin over chunks of the line's moves,
then over pairs of moves): it starts from the line the seeded games found, which
hypothesis cannot do (its explicit examples are never shrunk), and it
needs no search that might miss a difference the seeded games saw."""

from __future__ import annotations

import enum
import random
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Generic, Protocol, Sequence, TypeVar

from pybridge.testing.sides import (
    CrossCheckError, Facts, Named, Side, TEXT_LIMIT, ask, board_of, error_text, start_side)
from pybridge.text import clean_line
from pybridge.types import ResultWord


class Aspect(enum.Enum):
    """What two sides disagree on at a position."""

    OVER = "whether the game is over"
    WINNER = "the winner"
    PLAYER = "the player to move"
    MOVES = "the valid moves"
    ERROR = "a rule that failed"


@dataclass(frozen=True)
class Said:
    """What one side says at the position of a difference."""

    facts: Facts | None
    error: str | None = None
    board: str | None = None

    def summary(self) -> str:
        if self.facts is None:
            return f"error: {self.error}"
        f = self.facts
        if f.over:
            head = "game over, a draw" if f.winner == ResultWord.DRAW else f"game over, {f.winner} wins"
        else:
            head = "game goes on" + (f", {f.to_move} to move" if f.to_move else "")
        return f"{head}, {len(f.moves)} valid move{'s' * (len(f.moves) != 1)}"


@dataclass(frozen=True)
class Difference:
    """The first position where a game and its reference disagree, and
    the line of moves from the start that reaches it."""

    aspect: Aspect
    line: tuple[str, ...]  # the game's move texts
    reference_line: tuple[str, ...]  # the same moves in the reference's texts
    game_name: str
    reference_name: str
    game: Said
    reference: Said
    found_line: tuple[str, ...] = ()  # the line before shrinking
    found_in: str = ""  # which seeded game found it

    @property
    def only_game(self) -> list[str]:
        """Moves the game lists and the reference does not (reference texts)."""
        return _only(self.game, self.reference)

    @property
    def only_reference(self) -> list[str]:
        return _only(self.reference, self.game)

    def report(self) -> str:
        """The difference as a person reads it."""
        ply = len(self.line)
        where = "at the start" if ply == 0 else f"after {ply} move{'s' * (ply != 1)}"
        out = [f"{self.game_name} and {self.reference_name} differ on {self.aspect.value} {where}"]
        out.append(f"line:      {_line(self.line)}")
        if self.reference_line != self.line:
            out.append(f"  (reference's texts: {_line(self.reference_line)})")
        if self.found_line and len(self.found_line) != ply:
            out.append(f"  (shrunk from {len(self.found_line)} moves{self.found_in}: "
                       f"{_line(self.found_line)})")
        elif self.found_in:
            out.append(f"  (found{self.found_in})")
        out.append(f"game:      {clean_line(self.game.summary(), 1000)}")
        out.append(f"reference: {clean_line(self.reference.summary(), 1000)}")
        texts = " (reference's texts)" if self.reference_line != self.line else ""
        if self.only_game:
            out.append(f"moves only the game lists:      {_line(self.only_game)}{texts}")
        if self.only_reference:
            out.append(f"moves only the reference lists: {_line(self.only_reference)}{texts}")
        for who, said in (("game", self.game), ("reference", self.reference)):
            if said.board:
                out.append(f"{who}'s board:")
                out.extend("    " + row for row in said.board.rstrip("\n").split("\n"))
        return "\n".join(out)

    def __str__(self) -> str:
        return self.report()


def _only(one: Said, other: Said) -> list[str]:
    if one.facts is None or other.facts is None:
        return []
    return sorted(one.facts.moves - other.facts.moves, key=_move_key)


def _line(moves: Sequence[str]) -> str:
    return clean_line(" ".join(moves), 1000) if moves else "(none: the initial position)"


def _move_key(move: str) -> tuple[int, str]:
    return (len(move), move)


@dataclass
class Summary:
    """What a run of random lines saw: the first difference (shrunk) or
    None, and how much was compared."""

    difference: Difference | None
    games: int = 0  # lines played to the end
    positions: int = 0
    winners: list[str | None] = field(default_factory=list)
    seconds: float = 0.0
    timed_out: bool = False


#: Picks the move at ply ``k`` from the sorted common moves, given whether a
#: move ends the game in the reference; None ends the line.
Chooser = Callable[[int, list[str], Callable[[str], bool]], "str | None"]

#: One line in this many avoids, while it can, the moves that end the game:
#: such lines reach the full boards, draws and rare ends that random play misses.
PROLONGED = 4


class _Stop(Exception):
    """A replayed line asks for a move one side does not have."""


class _TimeUp(Exception):
    """The check's time ran out in the middle of a line."""


#: A line is cut (no difference, no winner) after this many moves.
MAX_PLIES = 5000

#: The positions of the game side (G) and of the reference side (R).
G = TypeVar("G")
R = TypeVar("R")

#: One line walked: (game's moves, reference's moves, difference or None,
#: winner at the end).
Walked = tuple[list[str], list[str], "Difference | None", "str | None"]


class GameAndReference(Generic[G, R]):
    """A game and a reference walked together."""

    def __init__(self, game: Side[G], reference: Side[R]) -> None:
        self.game = game
        self.reference = reference
        self.positions = 0
        self.deadline: float | None = None

    def walk(self, choose: Chooser) -> Walked:
        """One line: (game's moves, reference's moves, difference or None,
        winner at the end)."""
        ours: list[str] = []
        theirs: list[str] = []
        g, r = start_side(self.game), start_side(self.reference)
        while True:
            gf, gerr = ask(self.game.facts, g)
            rf, rerr = ask(self.reference.facts, r)
            self.positions += 1
            aspect = differs(gf, rf)
            if aspect is not None:
                return ours, theirs, self._difference(aspect, ours, theirs, (g, gf, gerr),
                                                      (r, rf, rerr)), None
            assert gf is not None
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise _TimeUp()
            move = (choose(len(ours), sorted(gf.moves, key=_move_key), self._ender(r))
                    if gf.moves and len(ours) < MAX_PLIES else None)
            if move is None:
                return ours, theirs, None, gf.winner
            if move not in gf.moves:
                raise _Stop(move)
            own = self.game.own_move(g, move)
            try:
                g2 = self.game.play(g, move)
            except Exception as exc:
                return self._failed(ours + [own], theirs + [move], "game", exc, g, r)
            try:
                r2 = self.reference.play(r, move)
            except Exception as exc:
                return self._failed(ours + [own], theirs + [move], "reference", exc, g, r)
            ours.append(own)
            theirs.append(move)
            g, r = g2, r2

    def _ender(self, r: R) -> Callable[[str], bool]:
        """Whether a move ends the game in the reference from ``r``."""
        def ends(move: str) -> bool:
            try:
                return self.reference.facts(self.reference.play(r, move)).over
            except Exception:  # the line itself will show it
                return False
        return ends

    def _failed(self, ours: list[str], theirs: list[str], who: str, exc: Exception,
                g: G, r: R) -> tuple[list[str], list[str], Difference, None]:
        error = error_text(exc) + f" (playing {clean_line(theirs[-1], TEXT_LIMIT)})"
        gs = (g, None, error) if who == "game" else (g, ask(self.game.facts, g)[0], None)
        rs = (r, None, error) if who == "reference" else (r, ask(self.reference.facts, r)[0], None)
        return ours, theirs, self._difference(Aspect.ERROR, ours, theirs, gs, rs), None

    def _difference(self, aspect: Aspect, ours: list[str], theirs: list[str],
                    gs: tuple[G, Facts | None, str | None],
                    rs: tuple[R, Facts | None, str | None]) -> Difference:
        return Difference(aspect, tuple(ours), tuple(theirs), self.game.name, self.reference.name,
                          Said(gs[1], gs[2], board_of(self.game, gs[0])),
                          Said(rs[1], rs[2], board_of(self.reference, rs[0])))


class Pair(Protocol):
    """A :class:`GameAndReference` as a run uses it, whatever the two
    sides' positions."""

    positions: int
    deadline: float | None

    @property
    def game(self) -> Named: ...

    @property
    def reference(self) -> Named: ...

    def walk(self, choose: Chooser) -> Walked: ...


def differs(g: Facts | None, r: Facts | None) -> Aspect | None:
    """What the game's facts ``g`` and the reference's ``r`` of one
    position disagree on first (None: a side that failed), or None."""
    if g is None or r is None:
        return Aspect.ERROR
    if g.over != r.over:
        return Aspect.OVER
    if g.winner != r.winner:
        return Aspect.WINNER
    if g.to_move is not None and r.to_move is not None and g.to_move != r.to_move:
        return Aspect.PLAYER
    if g.moves != r.moves:
        return Aspect.MOVES
    return None


def _first_player(pair: Pair) -> Difference:
    """The two sides name the same players but another first mover."""
    g, r = pair.game, pair.reference
    return Difference(Aspect.PLAYER, (), (), g.name, r.name,
                      Said(Facts(None, g.players[0], frozenset())),
                      Said(Facts(None, r.players[0], frozenset())))


def _replayer(line: Sequence[str]) -> Chooser:
    return lambda k, moves, ends: line[k] if k < len(line) else None


def _random(rng: random.Random, prolong: bool) -> Chooser:
    def choose(k: int, moves: list[str], ends: Callable[[str], bool]) -> str:
        if not prolong:
            return rng.choice(moves)
        order = rng.sample(moves, len(moves))
        return next((m for m in order if not ends(m)), order[0])
    return choose


def run(pair: Pair, *, games: int, seed: int | str, seconds: float | None = None,
        shrink: bool = True) -> Summary:
    """``games`` random lines (seeded by ``seed``) through ``pair``; stops
    at the first difference and shrinks its line, or when ``seconds`` are
    up (``timed_out``)."""
    start = time.monotonic()
    deadline = None if seconds is None else start + seconds
    rng = random.Random(seed)
    if pair.game.players != pair.reference.players:
        return Summary(_first_player(pair))
    summary = Summary(None)
    for index in range(games):
        pair.deadline = deadline
        try:
            _, theirs, difference, winner = pair.walk(_random(rng, index % PROLONGED == 1))
        except _TimeUp:
            summary.timed_out = True
            summary.positions = pair.positions
            break
        finally:
            pair.deadline = None
        if difference is not None:
            summary.positions = pair.positions
            found = f" in game {index + 1} of {games}, seed {seed}"
            if shrink:
                difference = shrink_line(pair, difference, theirs, deadline)
            summary.difference = replace(difference, found_in=found,
                                         found_line=difference.found_line or difference.line)
            break
        summary.games += 1
        summary.winners.append(winner)
        summary.positions = pair.positions
    summary.seconds = time.monotonic() - start
    return summary


#: A shrunk line's move pairs are tried one by one only up to this length.
PAIR_LIMIT = 40

#: Tests a candidate line: the difference it shows (of the aspect sought) or None.
_Test = Callable[[list[str]], "Difference | None"]


def shrink_line(pair: Pair, difference: Difference, line: list[str],
                deadline: float | None) -> Difference:
    """``difference`` on a shorter line that still shows a difference of
    the same aspect (reference texts in ``line``): ddmin over chunks of
    moves, then over any two moves (one of each player, in a game that
    alternates), until neither removes a move or the time is up."""

    def test(candidate: list[str]) -> Difference | None:
        try:
            _, _, got, _ = pair.walk(_replayer(candidate))
        except Exception:  # a move one side lacks, a side that cannot start
            return None
        return got if got is not None and got.aspect == difference.aspect else None

    best = difference
    moves = list(line)
    while True:
        best, moves = _ddmin(best, moves, test, deadline)
        if len(moves) > PAIR_LIMIT:
            break
        got = _without_two(moves, test, deadline)
        if got is None:
            break
        best, moves = got, list(got.reference_line)
    return replace(best, found_line=difference.line)


def _up(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() > deadline


def _ddmin(best: Difference, moves: list[str], test: _Test,
           deadline: float | None) -> tuple[Difference, list[str]]:
    chunks = 2
    while len(moves) >= 1 and not _up(deadline):
        size = -(-len(moves) // chunks)
        for begin in range(0, len(moves), size):
            got = test(moves[:begin] + moves[begin + size:])
            if got is not None:
                best, moves = got, list(got.reference_line)
                chunks = max(chunks - 1, 2)
                break
        else:
            if chunks >= len(moves):
                break
            chunks = min(len(moves), chunks * 2)
    return best, moves


def _without_two(moves: list[str], test: _Test, deadline: float | None) -> Difference | None:
    """The first difference shown by ``moves`` less two moves an odd
    distance apart, or None."""
    for i in range(len(moves)):
        for j in range(i + 1, len(moves), 2):
            if _up(deadline):
                return None
            got = test(moves[:i] + moves[i + 1:j] + moves[j + 1:])
            if got is not None:
                return got
    return None
