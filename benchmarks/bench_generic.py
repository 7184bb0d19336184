"""The general AI (prolog/ai/generic.pl) on a game file: Monte Carlo
playouts per second on the file copy of Connect Four
(``examples/games/connect4.pl``, only the required contract) against the
same search on the built-in connect4 rules, and the strength of the
general ai:3 and ai:4 against the built-in game's own ai:2, seats
alternating, each move applied to both implementations."""

from __future__ import annotations

import time
from pathlib import Path

import pybridge
from pybridge import _prolog, gamehost
from pybridge.game import load_game_file

CONNECT4_FILE = Path(__file__).resolve().parent.parent / "examples" / "games" / "connect4.pl"
SECONDS = 3.0
GAMES = 20


def playouts_per_second(module: str, state_text: str) -> float:
    """MCTS iterations (one random playout each) a second from a state."""
    got = _prolog.call(
        f"term_string(S, {_prolog.atom(state_text)}), "
        f"mcts:mcts_search({_prolog.atom(module)}, S, [seconds({SECONDS})], search(N, _))")
    assert got is not None
    return float(got["N"]) / SECONDS


def strength(level: int) -> tuple[int, int, int]:
    """(wins, draws, losses) of the general ai:level on the file copy
    against the built-in ai:2."""
    mine = load_game_file(str(CONNECT4_FILE))
    theirs = pybridge.load_game("connect4")
    record = [0, 0, 0]
    for i in range(GAMES):
        theirs.seed(i)
        a, b = mine.initial_state(), theirs.initial_state()
        me = ("x", "o")[i % 2]
        while not b.is_over():
            move = a.choose_move(level) if b.current_player == me else b.choose_move(2)
            a, b = a.move(move), b.move(move)
        assert a.game_over() == b.game_over(), (a, b)
        winner = b.game_over()
        record[0 if winner == me else 1 if winner == "draw" else 2] += 1
    return record[0], record[1], record[2]


def host_playouts_per_second(game: pybridge.Game) -> float:
    """The same search on a game file, inside its game host."""
    assert game.file is not None
    got = gamehost.host_for(game.file).request(
        "playouts", [_prolog.atom(str(game.initial_state())), repr(SECONDS)],
        rule="the general AI", limit=SECONDS + 10, cap=SECONDS + 10)
    assert got is not None
    return float(got["iterations"]) / SECONDS


def main() -> None:
    mine = load_game_file(str(CONNECT4_FILE))
    file_rate = host_playouts_per_second(mine)
    builtin = pybridge.load_game("connect4")
    builtin_rate = playouts_per_second("connect4", str(builtin.initial_state()))
    print(f"playouts/s from the empty board ({SECONDS:.0f} s of search):")
    print(f"  game file copy (general search, in its host): {file_rate:8.0f}")
    print(f"  built-in connect4 rules:         {builtin_rate:8.0f}")
    for level in (3, 4):
        start = time.monotonic()
        won, drawn, lost = strength(level)
        print(f"general ai:{level} (file copy) vs built-in ai:2, {GAMES} games: "
              f"{won} won, {drawn} drawn, {lost} lost ({time.monotonic() - start:.0f} s)")


if __name__ == "__main__":
    main()
