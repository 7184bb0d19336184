"""Trike rules in plain Python, written from the rules in docs/games.md (not
from the Prolog): the test oracle for prolog/games/trike.pl.

A triangle of hexagonal cells with side ``size``: row 1 (``a``) at the top
has one cell, row k has k cells numbered from the left. The first move
places a black checker and the neutral pawn on any cell; the second move
may be ``swap`` (the second player takes black, the first player takes
white and moves next); every other move slides the pawn in a straight line
over empty cells and drops a checker of the mover's colour under it. When
the pawn cannot move, each player scores the own checkers under and next
to the pawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from pybridge.testing import Configured

PLAYERS = ("first", "second")
DIRECTIONS = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, 0), (1, 1))
ROWS = "abcdefghijklmnopqrs"


@dataclass(frozen=True)
class State:
    """One position: ``cells`` maps (row, cell) to '.', 'b' or 'w'."""

    size: int
    cells: tuple[tuple[str, ...], ...]  # cells[r - 1][c - 1]
    pawn: tuple[int, int] | None
    to_move: str
    black: str  # the player who owns black
    plies: int  # moves played (the swap counts)

    def at(self, r: int, c: int) -> str:
        return self.cells[r - 1][c - 1]


def cell_text(r: int, c: int) -> str:
    return f"{ROWS[r - 1]}{c}"


def parse_cell(text: str) -> tuple[int, int]:
    return ROWS.index(text[0]) + 1, int(text[1:])


class Trike:
    players = PLAYERS

    def __init__(self, size: int = 7) -> None:
        if not 3 <= size <= 19:
            raise ValueError(f"size must be 3..19, got {size}")
        self.size = size

    def on_board(self, r: int, c: int) -> bool:
        return 1 <= c <= r <= self.size

    def initial(self) -> State:
        rows = tuple(("." ,) * r for r in range(1, self.size + 1))
        return State(self.size, rows, None, "first", "first", 0)

    def neighbours(self, r: int, c: int) -> list[tuple[int, int]]:
        return [(r + dr, c + dc) for dr, dc in DIRECTIONS if self.on_board(r + dr, c + dc)]

    def colour_of(self, s: State, player: str) -> str:
        return "b" if player == s.black else "w"

    def scores(self, s: State) -> dict[str, int]:
        """Each player's checkers under and next to the pawn."""
        assert s.pawn is not None
        owner = {"b": s.black, "w": self.other(s.black)}
        points = {p: 0 for p in PLAYERS}
        for r, c in [s.pawn, *self.neighbours(*s.pawn)]:
            if s.at(r, c) != ".":
                points[owner[s.at(r, c)]] += 1
        return points

    @staticmethod
    def other(player: str) -> str:
        return "second" if player == "first" else "first"

    def trapped(self, s: State) -> bool:
        return s.pawn is not None and all(
            s.at(r, c) != "." for r, c in self.neighbours(*s.pawn)
        )

    def winner(self, s: State) -> str | None:
        if not self.trapped(s):
            return None
        points = self.scores(s)
        if points["first"] == points["second"]:
            raise AssertionError(f"a tie in {s}")
        return max(PLAYERS, key=points.__getitem__)

    def destinations(self, s: State) -> list[tuple[int, int]]:
        assert s.pawn is not None
        found = []
        for dr, dc in DIRECTIONS:
            r, c = s.pawn
            while True:
                r, c = r + dr, c + dc
                if not self.on_board(r, c) or s.at(r, c) != ".":
                    break
                found.append((r, c))
        return found

    def moves(self, s: State) -> list[str]:
        if s.pawn is None:
            return [cell_text(r, c) for r in range(1, self.size + 1) for c in range(1, r + 1)]
        if self.trapped(s):
            return []
        found = [cell_text(r, c) for r, c in self.destinations(s)]
        if s.plies == 1:
            found.append("swap")
        return found

    def play(self, s: State, move: str) -> State:
        if move not in self.moves(s):
            raise ValueError(f"illegal move {move!r}")
        mover = s.to_move
        if move == "swap":
            return State(s.size, s.cells, s.pawn, self.other(mover), mover, s.plies + 1)
        r, c = parse_cell(move)
        row = list(s.cells[r - 1])
        row[c - 1] = self.colour_of(s, mover)
        cells = s.cells[:r - 1] + (tuple(row),) + s.cells[r:]
        return State(s.size, cells, (r, c), self.other(mover), s.black, s.plies + 1)


class Reference(Configured):
    """These rules in the pybridge.testing Reference protocol (for
    ``arena cross-check trike tests/reference/trike.py``)."""

    rules = Trike


def value(ref: Trike, s: State, player: str) -> int:
    """value/3 as documented: the margin ``player`` would have if the game
    ended now (0 before the pawn is placed); for a finished game 100 more
    for the winner, 100 less for the loser."""
    if s.pawn is None:
        return 0
    points = ref.scores(s)
    margin = points[player] - points[ref.other(player)]
    if ref.winner(s) is None:
        return margin
    return margin + (100 if margin > 0 else -100)
