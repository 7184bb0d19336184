"""Tic-tac-toe rules in plain Python, written from the rules in docs/games.md
(not from the Prolog): the test oracle for prolog/games/tictactoe.pl."""

from __future__ import annotations

from dataclasses import dataclass

from pybridge.testing import Configured

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

class Reference(Configured):
    """These rules in the pybridge.testing Reference protocol (for
    ``arena cross-check tictactoe tests/reference/tictactoe.py``)."""

    rules = TicTacToe


def line_score(cells: tuple[str, ...], player: str) -> int:
    """The open lines' score for ``player``, by this rule of thumb
    (not from the Prolog): a line holding n > 0 pieces of one side only
    counts 3^(n-1) for that side, against the other side."""
    other = "o" if player == "x" else "x"
    score = 0
    for line in LINES:
        own = sum(cells[i] == player for i in line)
        theirs = sum(cells[i] == other for i in line)
        if own and not theirs:
            score += 3 ** (own - 1)
        elif theirs and not own:
            score -= 3 ** (theirs - 1)
    return score


def value(ref: TicTacToe, s: State, player: str) -> int:
    """What value/3 documents: 1000 won, -1000 lost, 0 drawn, else the
    open lines' score."""
    winner = ref.winner(s)
    if winner == "draw":
        return 0
    if winner is not None:
        return 1000 if winner == player else -1000
    return line_score(s.cells, player)


def solved(ref: TicTacToe, s: State, memo: dict[State, tuple[str, int]]) -> tuple[str, int]:
    """(winner or 'draw', plies to the end) with perfect play: the mover
    takes the quickest win, else a draw, else the slowest loss."""
    if s in memo:
        return memo[s]
    winner = ref.winner(s)
    if winner is not None:
        memo[s] = (winner, 0)
        return memo[s]
    best: tuple[int, int] | None = None
    for m in ref.moves(s):
        w, n = solved(ref, ref.play(s, m), memo)
        # a win sooner is better, a loss later is better
        rank = (2, -n) if w == s.to_move else (1, 0) if w == "draw" else (0, n)
        if best is None or rank > best:
            best = rank
            memo[s] = (w, 0) if w == "draw" else (w, n + 1)
    return memo[s]
