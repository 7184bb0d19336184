"""Random playouts per second: whole playouts inside Prolog, against the
Python reference, per game; and one valid_moves + move round trip through
the bridge against the same work looped natively in Prolog."""

from __future__ import annotations

import importlib
import random
import time

import pybridge
from benchmarks import inprocess
from benchmarks.table import print_table


SECONDS = 1.5


def reference(game_id: str):
    """An instance of ``tests/reference/<id>.py``'s ``Reference``, if any."""
    try:
        module = importlib.import_module(f"tests.reference.{game_id}")
    except ModuleNotFoundError:
        return None
    return module.Reference()


def reference_playouts(ref, seconds: float) -> tuple[int, int, float]:
    rng = random.Random(1)
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        r = ref.initial()
        while moves := ref.moves(r):
            r = ref.play(r, rng.choice(moves))
            plies += 1
        games += 1
    return games, plies, time.process_time() - start


def prolog_playouts(state: pybridge.State, seconds: float) -> tuple[int, int, float]:
    n, games, plies, cpu = 16, 0, 0, 0.0
    while cpu < seconds:
        p, s = inprocess.random_playouts(state, n)
        games, plies, cpu = games + n, plies + p, cpu + s
        n *= 2
    return games, plies, cpu


def bridge_round_trips(state: pybridge.State, seconds: float) -> tuple[int, float]:
    """(round trips, wall seconds): valid_moves then move, from Python."""
    rng = random.Random(2)
    n = 0
    start = time.perf_counter()
    s = state
    while time.perf_counter() - start < seconds:
        moves = pybridge.State(s.game, str(s)).valid_moves()  # uncached
        s = s.move(rng.choice(moves)) if moves else state
        n += 1
    return n, time.perf_counter() - start


def main() -> None:
    rows = []
    trips = []
    for game_id in pybridge.games():
        game = pybridge.load_game(game_id)
        game.seed(1)
        state = game.initial_state()
        pg, pp, pcpu = prolog_playouts(state, SECONDS)
        prolog_rate = pg / pcpu
        ref = reference(game_id)
        if ref is not None:
            rg, _, rcpu = reference_playouts(ref, SECONDS)
            ref_rate = rg / rcpu
            rows.append([game_id, prolog_rate, ref_rate, prolog_rate / ref_rate, pp / pg])
        else:
            rows.append([game_id, prolog_rate, "-", "-", pp / pg])
        n, wall = bridge_round_trips(state, SECONDS)
        per_trip = wall / n
        native = pp / pcpu  # valid_moves + move per ply, looped in Prolog
        trips.append([game_id, per_trip * 1e6, 1e6 / native, per_trip * native])
    print("Random playouts per second (CPU time, whole playout in one language)")
    print_table(["game", "prolog/s", "python ref/s", "prolog/ref", "plies/game"], rows)
    print()
    print("One valid_moves + move: through the bridge vs looped natively in Prolog")
    print_table(["game", "bridge us", "native us", "bridge/native"], trips)
