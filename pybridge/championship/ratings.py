"""Elo ratings by maximum likelihood over all games, as BayesElo and Ordo
compute them: the Bradley-Terry model (the chance that i scores against
j is g_i / (g_i + g_j)) with a draw counted as half a win for each side,
fitted by Hunter's MM iterations. A prior of one virtual draw between
every two entrants that met (BayesElo's habit) keeps a perfect score
finite, and a hundredth of one between every two entrants keeps the
fit defined in a tournament cut short. The 95% interval comes from the
Fisher information at the fit. Ratings are anchored so that their mean is
0, or so that a named entrant has a given Elo.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from pybridge.championship.scoring import GameRecord
from pybridge.types import ResultWord

#: Elo points per natural-log unit of strength.
SCALE = 400 / math.log(10)
#: Two-sided 95% normal quantile.
Z95 = 1.959964
PRIOR_DRAWS = 1.0
LINK_DRAWS = 0.01


@dataclass(frozen=True)
class Rating:
    elo: float
    error: float  # half the 95% interval


def score_table(names: Sequence[str], records: Iterable[GameRecord]
                ) -> tuple[list[list[float]], list[list[float]]]:
    """(scores, games): ``scores[i][j]`` what i scored against j (a win 1,
    a draw 1/2), ``games[i][j]`` the games they played. A game lost by
    both counts as a draw: neither could play."""
    index = {n: i for i, n in enumerate(names)}
    n = len(names)
    scores = [[0.0] * n for _ in range(n)]
    games = [[0.0] * n for _ in range(n)]
    for r in records:
        a, b = index[r.first], index[r.second]
        games[a][b] += 1
        games[b][a] += 1
        if r.winner == ResultWord.DRAW or r.lost_by_both:
            scores[a][b] += 0.5
            scores[b][a] += 0.5
        elif r.winner == r.first:
            scores[a][b] += 1
        else:
            scores[b][a] += 1
    return scores, games


def fit(scores: Sequence[Sequence[float]], games: Sequence[Sequence[float]], *,
        prior: float = PRIOR_DRAWS, link: float = LINK_DRAWS,
        tolerance: float = 1e-10, rounds: int = 10_000) -> list[float]:
    """Strengths (natural log, mean 0) maximising the likelihood of
    ``scores`` in ``games``, with the priors of the module doc."""
    n = len(scores)
    w = [[scores[i][j] + (prior / 2 if games[i][j] else 0.0) + link / 2 if i != j else 0.0
          for j in range(n)] for i in range(n)]
    m = [[games[i][j] + (prior if games[i][j] else 0.0) + link if i != j else 0.0
          for j in range(n)] for i in range(n)]
    wins = [sum(row) for row in w]
    g = [1.0] * n
    for _ in range(rounds):
        new = [wins[i] / sum(m[i][j] / (g[i] + g[j]) for j in range(n) if j != i)
               for i in range(n)]
        mean = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / mean for x in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, g))
        g = new
        if change < tolerance:
            break
    return [math.log(x) for x in g]


def covariance(theta: Sequence[float], games: Sequence[Sequence[float]], *,
               prior: float = PRIOR_DRAWS, link: float = LINK_DRAWS) -> list[list[float]]:
    """The covariance of the strengths (mean fixed at 0): the
    pseudo-inverse of the Fisher information."""
    n = len(theta)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            m = games[i][j] + (prior if games[i][j] else 0.0) + link
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            info[i][j] -= m * p * (1 - p)
            info[i][i] += m * p * (1 - p)
    # the information has the constant vector as its null space: adding
    # J/n makes it invertible, and subtracting J/n after gives the pinv
    shifted = [[info[i][j] + 1 / n for j in range(n)] for i in range(n)]
    inv = invert(shifted)
    return [[inv[i][j] - 1 / n for j in range(n)] for i in range(n)]


def invert(a: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a square matrix (Gauss-Jordan with partial pivoting)."""
    n = len(a)
    m = [list(map(float, row)) + [float(i == j) for j in range(n)] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-15:
            raise ValueError("singular matrix")
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c]
        m[c] = [x / pivot for x in m[c]]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [row[n:] for row in m]


def elo_ratings(names: Sequence[str], records: Iterable[GameRecord], *,
                anchor: tuple[str, float] | None = None) -> dict[str, Rating]:
    """Elo and its 95% error for every entrant in ``names`` that played a
    game. ``anchor`` (name, Elo) sets that entrant's rating (its error is
    then 0, the others' relative to it); else the mean is 0."""
    records = list(records)
    played = [n for n in names if any(n in (r.first, r.second) for r in records)]
    if anchor is not None and anchor[0] not in names:
        raise ValueError(f"Elo anchor {anchor[0]!r} is not an entrant (entrants: {', '.join(names)})")
    if len(played) < 2:
        return {}
    scores, games = score_table(played, [r for r in records])
    theta = fit(scores, games)
    cov = covariance(theta, games)
    index = {n: i for i, n in enumerate(played)}
    shift, a = 0.0, None
    if anchor is not None and anchor[0] in index:
        a = index[anchor[0]]
        shift = anchor[1] - theta[a] * SCALE
    out: dict[str, Rating] = {}
    for n, i in index.items():
        var = cov[i][i] if a is None else cov[i][i] + cov[a][a] - 2 * cov[i][a]
        out[n] = Rating(round(theta[i] * SCALE + shift, 1),
                        round(Z95 * math.sqrt(max(var, 0.0)) * SCALE, 1))
    return out


def parse_anchor(text: str) -> tuple[str, float]:
    """``NAME=ELO`` as given to ``--elo-anchor``."""
    name, sep, value = text.rpartition("=")
    try:
        if not sep or not name:
            raise ValueError
        return name, float(value)
    except ValueError:
        raise ValueError(f"--elo-anchor {text!r}: expected NAME=ELO, e.g. random=0") from None


def as_table(ratings: Mapping[str, Rating]) -> dict[str, tuple[float, float]]:
    return {n: (r.elo, r.error) for n, r in ratings.items()}


__all__ = ["Rating", "SCALE", "as_table", "covariance", "elo_ratings", "fit", "invert",
           "parse_anchor", "score_table"]
