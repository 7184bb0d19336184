"""Tic-tac-toe rules in plain Python, written from the rules in DESIGN.md
(not from the Prolog): the test oracle for prolog/games/tictactoe.pl."""

from __future__ import annotations

from dataclasses import dataclass

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


@dataclass(frozen=True)
class State:
    cells: tuple[str, ...]  # 'x', 'o' or '.'
    to_move: str


class TicTacToe:
    players = ("x", "o")

    def initial(self) -> State:
        return State(("." ,) * 9, "x")

    def winner(self, s: State) -> str | None:
        for a, b, c in LINES:
            if s.cells[a] != "." and s.cells[a] == s.cells[b] == s.cells[c]:
                return s.cells[a]
        if "." not in s.cells:
            return "draw"
        return None

    def moves(self, s: State) -> list[str]:
        if self.winner(s) is not None:
            return []
        return [str(i + 1) for i, c in enumerate(s.cells) if c == "."]

    def play(self, s: State, move: str) -> State:
        if move not in self.moves(s):
            raise ValueError(f"illegal move {move!r}")
        i = int(move) - 1
        cells = s.cells[:i] + (s.to_move,) + s.cells[i + 1:]
        return State(cells, "o" if s.to_move == "x" else "x")

Reference = TicTacToe
