"""Connect Four in plain Python, written from the rules in docs/games.md (not
from the Prolog): the test oracle for prolog/games/connect4.pl.

A board of ``width`` columns and ``height`` rows; players x (first) and o
drop discs into non-full columns (move text = column 1..width); ``connect``
in a row in any direction wins, a full board without one is a draw."""

from __future__ import annotations

from dataclasses import dataclass

from pybridge.testing import Configured

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


class Reference(Configured):
    """These rules in the pybridge.testing Reference protocol (for
    ``arena cross-check connect4 tests/reference/connect4.py``)."""

    rules = ConnectFour


# --- The evaluation value/3 documents, computed from its description -------
# Cells are (c, r), column and row from 1, row 1 at the bottom.


def _disc(ref: ConnectFour, s: State, c: int, r: int) -> str | None:
    """'x', 'o', '' for an empty cell on the board, None off it."""
    if not (1 <= c <= ref.width and 1 <= r <= ref.height):
        return None
    column = s.columns[c - 1]
    return column[r - 1] if r <= len(column) else ""


def threats(ref: ConnectFour, s: State, player: str) -> set[tuple[int, int]]:
    """The empty cells where a disc of ``player`` would complete a line
    (a vertical one only with the discs below)."""
    found = set()
    for c in range(1, ref.width + 1):
        for r in range(len(s.columns[c - 1]) + 1, ref.height + 1):
            below = 0
            while below < ref.connect - 1 and _disc(ref, s, c, r - below - 1) == player:
                below += 1
            if below == ref.connect - 1:
                found.add((c, r))
                continue
            for dc, dr in ((1, 0), (1, 1), (1, -1)):
                run = 0
                for sign in (1, -1):
                    k = 1
                    while _disc(ref, s, c + sign * k * dc, r + sign * k * dr) == player:
                        run += 1
                        k += 1
                if run >= ref.connect - 1:
                    found.add((c, r))
                    break
    return found


def lines_through(ref: ConnectFour, c: int, r: int) -> int:
    """How many lines of ``connect`` cells on the board hold (c, r)."""
    total = 0
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for k in range(ref.connect):
            c0, r0 = c - k * dc, r - k * dr
            c1, r1 = c0 + (ref.connect - 1) * dc, r0 + (ref.connect - 1) * dr
            if 1 <= min(c0, c1) and max(c0, c1) <= ref.width \
                    and 1 <= min(r0, r1) and max(r0, r1) <= ref.height:
                total += 1
    return total


def own_rows_line(ref: ConnectFour, s: State, player: str, odd: bool) -> bool:
    """Whether ``player``'s discs with the empty cells of the odd (or
    even) rows hold a line."""
    def ok(c: int, r: int) -> bool:
        d = _disc(ref, s, c, r)
        return d == player or (d == "" and (r % 2 == 1) == odd)

    return any(all(ok(c + t * dc, r + t * dr) for t in range(ref.connect))
               for c in range(1, ref.width + 1) for r in range(1, ref.height + 1)
               for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)))


def mover_value(ref: ConnectFour, s: State) -> int:
    """The evaluation for the player to move in a game that goes on."""
    me = s.to_move
    other = "o" if me == "x" else "x"
    mine, theirs = threats(ref, s, me), threats(ref, s, other)
    playable = {(c, len(col) + 1) for c, col in enumerate(s.columns, 1) if len(col) < ref.height}
    if mine & playable:
        return 50000
    forced = theirs & playable
    candidates = playable if not forced else forced if len(forced) == 1 else set()
    if all((c, r + 1) in theirs for c, r in candidates):
        return -50000
    my_useful = {(c, r) for c, r in mine if not any(c2 == c and r2 < r for c2, r2 in theirs)}
    their_useful = {(c, r) for c, r in theirs if not any(c2 == c and r2 < r for c2, r2 in mine)}
    discs = sum(len(col) for col in s.columns)
    first_moves = discs % 2 == 0
    x_useful, o_useful = (my_useful, their_useful) if first_moves else (their_useful, my_useful)
    first, second = (me, other) if first_moves else (other, me)
    x_odd = sum(r % 2 == 1 for _, r in x_useful)
    o_even = sum(r % 2 == 0 for _, r in o_useful)
    for_first = (100 * (own_rows_line(ref, s, first, True) - own_rows_line(ref, s, second, False))
                 + 40 * (x_odd - o_even)
                 + 15 * ((len(x_useful) - x_odd) - (len(o_useful) - o_even)))
    weight = {p: sum(lines_through(ref, c, r) for c, col in enumerate(s.columns, 1)
                     for r, d in enumerate(col, 1) if d == p) for p in ("x", "o")}
    return (for_first if first_moves else -for_first) + weight[me] - weight[other]


def value(ref: ConnectFour, s: State, player: str) -> int:
    """value/3 as documented: 100000 won, -100000 lost, 0 drawn, else
    mover_value for the mover, negated for the other player."""
    winner = ref.winner(s)
    if winner == "draw":
        return 0
    if winner is not None:
        return 100000 if winner == player else -100000
    v = mover_value(ref, s)
    return v if player == s.to_move else -v
