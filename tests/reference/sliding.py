"""Sliding tic-tac-toe ("jogo da velha modificado") in plain Python, written
from the rules in docs/games.md (not from the Prolog): the test oracle for
prolog/games/sliding.pl, with an independent retrograde solver."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from pybridge.testing import Configured
# the open lines' score of the same 3x3 board (value/3's rule of thumb)
from tests.reference.tictactoe import line_score

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)
STONES = 3  # per player


def neighbours(i: int) -> list[int]:
    """The king-move cells around cell index ``i`` (0..8)."""
    r, c = divmod(i, 3)
    return [
        3 * rr + cc
        for rr in (r - 1, r, r + 1)
        for cc in (c - 1, c, c + 1)
        if (rr, cc) != (r, c) and 0 <= rr < 3 and 0 <= cc < 3
    ]


@dataclass(frozen=True)
class State:
    cells: tuple[str, ...]  # 'x', 'o' or '.'
    to_move: str
    plies: int = 0
    max_plies: int = 60

    @property
    def position(self) -> tuple[tuple[str, ...], str]:
        """The board and the side to move, without the ply count."""
        return self.cells, self.to_move


class Sliding:
    players = ("x", "o")

    def __init__(self, max_plies: int = 60) -> None:
        self.max_plies = max_plies

    def initial(self) -> State:
        return State((".",) * 9, "x", 0, self.max_plies)

    def line_owner(self, cells: tuple[str, ...]) -> str | None:
        for a, b, c in LINES:
            if cells[a] != "." and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None

    def winner(self, s: State) -> str | None:
        owner = self.line_owner(s.cells)
        if owner is not None:
            return owner
        if s.plies >= s.max_plies:
            return "draw"
        return None

    def placing(self, s: State) -> bool:
        return sum(c != "." for c in s.cells) < 2 * STONES

    def moves(self, s: State) -> list[str]:
        if self.winner(s) is not None:
            return []
        if self.placing(s):
            return [str(i + 1) for i, c in enumerate(s.cells) if c == "."]
        return [
            f"{i + 1}-{j + 1}"
            for i, c in enumerate(s.cells) if c == s.to_move
            for j in neighbours(i) if s.cells[j] == "."
        ]

    def play(self, s: State, move: str) -> State:
        if move not in self.moves(s):
            raise ValueError(f"illegal move {move!r}")
        cells = list(s.cells)
        if "-" in move:
            a, b = (int(x) - 1 for x in move.split("-"))
            cells[a] = "."
            cells[b] = s.to_move
        else:
            cells[int(move) - 1] = s.to_move
        other = "o" if s.to_move == "x" else "x"
        return State(tuple(cells), other, s.plies + 1, s.max_plies)


def solve(ref: Sliding) -> dict[tuple[tuple[str, ...], str], int | None]:
    """Retrograde analysis of every reachable (board, side to move), ignoring
    the ply limit. The value is for the side to move: a positive n = it wins
    in n plies, -n = it loses in n plies (0 = it has lost), None = a draw."""
    unlimited = Sliding(max_plies=10**9)
    start = unlimited.initial()
    children: dict[tuple[tuple[str, ...], str], list[tuple[tuple[str, ...], str]]] = {}
    queue = deque([start])
    seen = {start.position}
    while queue:
        s = queue.popleft()
        kids = []
        for m in unlimited.moves(s):
            t = unlimited.play(s, m)
            kids.append(t.position)
            if t.position not in seen:
                seen.add(t.position)
                queue.append(State(t.cells, t.to_move, 0, 10**9))
        children[s.position] = kids
    value: dict[tuple[tuple[str, ...], str], int | None] = {}
    parents: dict[tuple[tuple[str, ...], str], list[tuple[tuple[str, ...], str]]] = {
        p: [] for p in children
    }
    for p, kids in children.items():
        for k in kids:
            parents[k].append(p)
    unresolved = {p: len(kids) for p, kids in children.items()}
    frontier = deque()
    for p, kids in children.items():
        if not kids:  # the opponent has made a line
            assert unlimited.line_owner(p[0]) not in (None, p[1])
            value[p] = 0
            frontier.append(p)
    while frontier:
        p = frontier.popleft()
        v = value[p]
        assert v is not None
        for q in parents[p]:
            if q in value:
                continue
            if v <= 0:  # q moves to a position lost for its opponent
                value[q] = -v + 1
                frontier.append(q)
            else:
                unresolved[q] -= 1
                if unresolved[q] == 0:  # every move of q lets the opponent win
                    value[q] = -(max(value[k] for k in children[q]) + 1)  # type: ignore[operator]
                    frontier.append(q)
    for p in children:
        value.setdefault(p, None)
    return value


class Reference(Configured):
    """These rules in the pybridge.testing Reference protocol (for
    ``arena cross-check sliding tests/reference/sliding.py``)."""

    rules = Sliding


def value(ref: Sliding, s: State, player: str) -> int:
    """What value/3 documents: 1000 won, -1000 lost, 0 drawn, else the
    open lines' score."""
    winner = ref.winner(s)
    if winner == "draw":
        return 0
    if winner is not None:
        return 1000 if winner == player else -1000
    return line_score(s.cells, player)


def outcome(ref: Sliding, s: State, solved: dict[tuple[tuple[str, ...], str], int | None]) -> str:
    """The end with perfect play under the ply limit, as solved_outcome/2
    writes it: ``win(P,N)`` or ``draw``."""
    winner = ref.winner(s)
    if winner is not None:
        return "draw" if winner == "draw" else f"win({winner},0)"
    v = solved[s.position]
    left = s.max_plies - s.plies
    if v is None or abs(v) > left:
        return "draw"
    if v > 0:
        return f"win({s.to_move},{v})"
    return f"win({'o' if s.to_move == 'x' else 'x'},{-v})"
