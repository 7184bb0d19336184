"""A course's own tic-tac-toe rules in Python: the reference that every
student's Prolog tic-tac-toe is cross-checked against (see
test_student_game.py beside it and docs/cross-check.md).

A state is (cells, player): nine of "x", "o" or " ", row by row from the
top left, and the player to move. A move is the cell's number, "1".."9".
"""

from __future__ import annotations

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

State = tuple[tuple[str, ...], str]


class Reference:
    players = ("x", "o")

    def initial(self, options: dict[str, object]) -> State:
        return (" ",) * 9, "x"

    def winner(self, state: State) -> str | None:
        cells, _ = state
        for a, b, c in LINES:
            if cells[a] != " " and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return "draw" if " " not in cells else None

    def moves(self, state: State) -> list[str]:
        if self.winner(state) is not None:
            return []
        return [str(i + 1) for i, cell in enumerate(state[0]) if cell == " "]

    def play(self, state: State, move: str) -> State:
        cells, player = state
        i = int(move) - 1
        return cells[:i] + (player,) + cells[i + 1:], "o" if player == "x" else "x"

    def to_move(self, state: State) -> str:
        return state[1]

    def display(self, state: State) -> str:
        cells = [c if c != " " else str(i + 1) for i, c in enumerate(state[0])]
        return "\n".join(" ".join(cells[r:r + 3]) for r in (0, 3, 6)) + f"\n{state[1]} to move\n"
