"""Alliances rules in plain Python, written from the rules in docs/games.md
(not from the Prolog): the test oracle for prolog/games/alliances.pl.

The board is laid out from the row lengths in doubled-width coordinates
(a cell's neighbours are x +- 2 in its row and x +- 1 in the rows above
and below), and the sides are the cells docs/games.md names."""

from __future__ import annotations

from dataclasses import dataclass

from pybridge.testing import Configured

ROWS = "abcdefghijklm"
ROW_LENGTHS = (5, 8, 9, 10, 11, 12, 11, 12, 11, 10, 9, 8, 5)
COLOURS = ("orange", "purple", "green")
LETTERS = {"orange": "O", "purple": "P", "green": "G"}
SUPPLY = 42
PLAYERS = ("p1", "p2")
ALLY = {
    ("p1", "orange"): "green", ("p1", "purple"): "orange", ("p1", "green"): "purple",
    ("p2", "orange"): "purple", ("p2", "purple"): "green", ("p2", "green"): "orange",
}
SIDES = {
    "orange": (("a1", "a2", "a3", "a4", "a5"), ("m1", "m2", "m3", "m4", "m5")),
    "purple": (("b8", "c9", "d10", "e11", "f12"), ("h1", "i1", "j1", "k1", "l1")),
    "green": (("b1", "c1", "d1", "e1", "f1"), ("h12", "i11", "j10", "k9", "l8")),
}


def _layout() -> tuple[list[str], list[tuple[int, int]]]:
    """Cell names and (row, x) positions. Every row of the full hexagon of
    side 7 has 13 - |row - 6| cells centred on x = 0; rows a, g and m lose
    their two end cells (the corners)."""
    names, positions = [], []
    for row, letter in enumerate(ROWS):
        full = 13 - abs(row - 6)
        xs = list(range(-(full - 1), full, 2))
        if row in (0, 6, 12):
            xs = xs[1:-1]
        assert len(xs) == ROW_LENGTHS[row]
        for number, x in enumerate(xs, start=1):
            names.append(f"{letter}{number}")
            positions.append((row, x))
    return names, positions


CELLS, _POSITIONS = _layout()
INDEX = {name: i for i, name in enumerate(CELLS)}
_AT = {pos: i for i, pos in enumerate(_POSITIONS)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        _AT[(row + dr, x + dx)]
        for dr, dx in ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))
        if (row + dr, x + dx) in _AT
    )
    for row, x in _POSITIONS
)
SIDE_CELLS = {c: tuple(frozenset(INDEX[n] for n in side) for side in SIDES[c]) for c in COLOURS}
MOVE_CELLS = {LETTERS[c] + name: (c, INDEX[name]) for c in COLOURS for name in CELLS}


@dataclass(frozen=True)
class State:
    cells: tuple[str | None, ...]  # a colour or None, in CELLS order
    to_move: str
    supply: tuple[int, int, int]  # discs left, in COLOURS order
    won: tuple[tuple[str, str] | None, ...]  # (player, "connection" | "fence")


def other(player: str) -> str:
    return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]


def _reachable(cells: tuple[str | None, ...], colour: str, passable: set[str | None]) -> bool:
    """Some path of cells whose content is in ``passable`` joins the two
    sides of ``colour``."""
    start, goal = SIDE_CELLS[colour]
    seen = {i for i in start if cells[i] in passable}
    stack = list(seen)
    while stack:
        i = stack.pop()
        if i in goal:
            return True
        for j in NEIGHBOURS[i]:
            if j not in seen and cells[j] in passable:
                seen.add(j)
                stack.append(j)
    return False


class Alliances:
    players = PLAYERS

    def initial(self) -> State:
        return State((None,) * len(CELLS), "p1", (SUPPLY,) * 3, (None,) * 3)

    def connected(self, s: State, player: str, colour: str) -> bool:
        return _reachable(s.cells, colour, {colour, ALLY[player, colour]})

    def can_connect(self, s: State, player: str, colour: str) -> bool:
        return _reachable(s.cells, colour, {colour, ALLY[player, colour], None})

    def holder(self, s: State, colour: str) -> str | None:
        won = s.won[COLOURS.index(colour)]
        return won[0] if won else None

    def winner(self, s: State) -> str | None:
        for player in PLAYERS:
            if sum(1 for w in s.won if w and w[0] == player) >= 2:
                return player
        if None not in s.cells or not any(s.supply):
            return "draw"
        return None

    def moves(self, s: State) -> list[str]:
        if self.winner(s) is not None:
            return []
        return [
            LETTERS[c] + name
            for k, c in enumerate(COLOURS) if s.supply[k] > 0
            for name, content in zip(CELLS, s.cells) if content is None
        ]

    def play(self, s: State, move: str) -> State:
        if self.winner(s) is not None or move not in MOVE_CELLS:
            raise ValueError(f"illegal move {move!r}")
        colour, i = MOVE_CELLS[move]
        k = COLOURS.index(colour)
        if s.cells[i] is not None or s.supply[k] == 0:
            raise ValueError(f"illegal move {move!r}")
        cells = s.cells[:i] + (colour,) + s.cells[i + 1:]
        supply = list(s.supply)
        supply[k] -= 1
        mover, opponent = s.to_move, other(s.to_move)
        won = list(s.won)
        placed = State(cells, opponent, tuple(supply), s.won)
        # the mover's connections, then the opponent's, then fences
        for player in (mover, opponent):
            for k, colour in enumerate(COLOURS):
                if won[k] is None and self.connected(placed, player, colour):
                    won[k] = (player, "connection")
        for fenced in (opponent, mover):
            for k, colour in enumerate(COLOURS):
                if won[k] is None and not self.can_connect(placed, fenced, colour):
                    won[k] = (other(fenced), "fence")
        for k in range(3):
            if s.won[k] is None and won[k] is not None and supply[k] > 0:
                supply[k] -= 1  # the trophy
        return State(cells, opponent, tuple(supply), tuple(won))


class Reference(Configured):
    """These rules in the pybridge.testing Reference protocol (for
    ``arena cross-check alliances tests/reference/alliances.py``)."""

    rules = Alliances


def distance(s: State, player: str, colour: str) -> int | None:
    """The fewest empty cells ``player`` must fill to join the two sides
    of ``colour``: discs of the colour and of its ally for ``player`` are
    free, empty cells cost one, other discs block (a shortest path by
    Dijkstra's algorithm); None when no path exists."""
    import heapq

    free = {colour, ALLY[player, colour]}

    def cost(i: int) -> int | None:
        return 0 if s.cells[i] in free else 1 if s.cells[i] is None else None

    start, goal = SIDE_CELLS[colour]
    best: dict[int, int] = {}
    heap = [(c, i) for i in start if (c := cost(i)) is not None]
    heapq.heapify(heap)
    while heap:
        d, i = heapq.heappop(heap)
        if i in best:
            continue
        best[i] = d
        if i in goal:
            return d
        for j in NEIGHBOURS[i]:
            c = cost(j)
            if c is not None and j not in best:
                heapq.heappush(heap, (d + c, j))
    return None


def value(ref: Alliances, s: State, player: str) -> int:
    """value/3 as documented: 10000 won, -10000 lost, 0 drawn; else 400
    per colour held minus 400 per colour the opponent holds, plus for
    each colour nobody holds (9 - L)^3 - (9 - L')^3, L and L' the two
    players' distances (30 when there is no path)."""
    winner = ref.winner(s)
    opponent = other(player)
    if winner is not None:
        return 0 if winner == "draw" else 10000 if winner == player else -10000
    total = 0
    for colour in COLOURS:
        holder = ref.holder(s, colour)
        if holder is not None:
            total += 400 if holder == player else -400
            continue
        mine = distance(s, player, colour)
        theirs = distance(s, opponent, colour)
        total += (9 - (30 if mine is None else mine)) ** 3 - (9 - (30 if theirs is None else theirs)) ** 3
    return total
