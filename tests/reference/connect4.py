"""Connect Four in plain Python, written from the rules in DESIGN.md (not
from the Prolog): the test oracle for prolog/games/connect4.pl.

A board of ``width`` columns and ``height`` rows; players x (first) and o
drop discs into non-full columns (move text = column 1..width); ``connect``
in a row in any direction wins, a full board without one is a draw."""

from __future__ import annotations

from dataclasses import dataclass

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


@dataclass(frozen=True)
class State:
    columns: tuple[str, ...]  # each column's discs from the bottom up
    to_move: str


class ConnectFour:
    players = ("x", "o")

    def __init__(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        self.width = width
        self.height = height
        self.connect = connect
        self._winners: dict[State, str | None] = {}

    def initial(self) -> State:
        return State(("",) * self.width, "x")

    def cell(self, s: State, col: int, row: int) -> str | None:
        """The disc at (col, row), both from 0, or None if empty/outside."""
        if 0 <= col < self.width and 0 <= row < len(s.columns[col]):
            return s.columns[col][row]
        return None

    def winner(self, s: State) -> str | None:
        if s not in self._winners:
            self._winners[s] = self._scan(s)
        return self._winners[s]

    def _scan(self, s: State) -> str | None:
        for col in range(self.width):
            for row in range(len(s.columns[col])):
                disc = s.columns[col][row]
                for dc, dr in DIRECTIONS:
                    if all(
                        self.cell(s, col + k * dc, row + k * dr) == disc
                        for k in range(1, self.connect)
                    ):
                        return disc
        if all(len(c) == self.height for c in s.columns):
            return "draw"
        return None

    def moves(self, s: State) -> list[str]:
        if self.winner(s) is not None:
            return []
        return [
            str(i + 1) for i, c in enumerate(s.columns) if len(c) < self.height
        ]

    def play(self, s: State, move: str) -> State:
        if move not in self.moves(s):
            raise ValueError(f"illegal move {move!r}")
        i = int(move) - 1
        columns = list(s.columns)
        columns[i] += s.to_move
        return State(tuple(columns), "o" if s.to_move == "x" else "x")


Reference = ConnectFour
