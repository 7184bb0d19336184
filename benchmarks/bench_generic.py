"""The general AI (prolog/ai/generic.pl over prolog/ai/mcts.pl) on game
files, side by side in one run:

- MCTS playouts per second from the start: the file copy of Connect Four
  (``examples/games/connect4.pl``, only the required contract) in one
  search process and in two (root parallelism: a forked copy of the host
  searches beside it), the same search on the built-in connect4 rules,
  and a file Tic-tac-toe; the file's own rules playing random games, the
  ceiling of any playout;
- strength on Connect Four, seats alternating, each move applied to the
  file copy and to the built-in game (which must agree): the general
  ai:3 against the built-in ai:2 and ai:3 and against a one-ply safe
  player of our own (a win in one, else a move after which the opponent
  has none, the middle one of those), in one search process and in two;
  the longest move of each side;
- where OpenSpiel is installed (``pip install 'prolog-arena[bench]'``):
  the general search against OpenSpiel's MCTS bot on ``connect_four`` at
  equal simulations per move.

``ARENA_BENCH_GAMES`` sets the games per duel (default 10)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Callable

import pybridge
from benchmarks.table import print_table
from pybridge.engine import _prolog
from pybridge.host import game_engine
from pybridge.games.game import load_game_file

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
CONNECT4_FILE = EXAMPLES / "connect4.pl"
TICTACTOE_FILE = EXAMPLES / "tictactoe.pl"
SECONDS = 2.0
GAMES = int(os.environ.get("ARENA_BENCH_GAMES", "10"))
SIMULATIONS = 200

Chooser = Callable[[pybridge.State, pybridge.State], str]


SEARCH = "decisive(true)"                    # as the general AI's levels search
ANTI = "decisive(true), anti_decisive(true)"  # stronger per playout, slower


#: The time a move of both sides in the equal-time duel with OpenSpiel.
EQUAL_SECONDS = 0.5

#: Playouts/s of this search on the file Connect Four when issue 24 was
#: filed (a figure of record on this machine, not measured here).
BEFORE = 149

#: The move time the general AI plays the duels at (as arena play --move-time).
MOVE_TIME = 1.0

def host_playouts_per_second(state: pybridge.State, workers: int = 1) -> float:
    """The general search's iterations (one playout each) a second from
    a game file's state, in the file's own host, as its levels run it,
    in ``workers`` processes."""
    before = game_engine.search_workers()
    game_engine.set_search_workers(workers)
    try:
        found = state.search(SECONDS)
    finally:
        game_engine.set_search_workers(before)
    assert found is not None
    return found.iterations / SECONDS


def playouts_per_second(module: str, state_text: str) -> float:
    """The same search on rules loaded in this process."""
    got = _prolog.call(
        f"term_string(S, {_prolog.atom(state_text)}), "
        f"arena_ai_mcts:mcts_search({_prolog.atom(module)}, S, [seconds({SECONDS}), {SEARCH}], search(N, _))")
    assert got is not None
    return float(got["N"]) / SECONDS


def random_games_per_second(module: str, state_text: str) -> float:
    """Random games a second played by the rules alone (no search)."""
    count = 0
    start = time.monotonic()
    while time.monotonic() - start < SECONDS:
        _prolog.call(f"term_string(S, {_prolog.atom(state_text)}), "
                     f"forall(between(1, 20, _), "
                     f"arena_ai_mcts:default_playout({_prolog.atom(module)}, false, 1.0e18, S, _))")
        count += 20
    return count / (time.monotonic() - start)


def raw_module(path: Path) -> str:
    """The raw rules of a game file loaded into this process the old way
    (benchmarks only: to time the file's own rules without a host)."""
    module = f"bench_generic_{path.stem}_{time.monotonic_ns()}"
    loaded = _prolog.bridge("load_file_game", str(path), "auto", module,
                            outputs=["Dialect", "Missing", "Present"])
    assert loaded is not None and not loaded["Missing"]
    got = _prolog.call(f"arena_gamefile:game_file_raw({_prolog.atom(module)}, R)")
    assert got is not None
    return _prolog.text(got["R"])


def safe_middle(state: pybridge.State) -> str:
    """A win in one; else the middle one of the moves after which the
    opponent cannot win at once (of all moves, when every one loses)."""
    me = state.current_player
    moves = state.valid_moves()
    for m in moves:
        if state.move(m).game_over() == me:
            return m
    safe = [m for m in moves
            if not any(state.move(m).move(r).game_over() not in (None, me, "draw")
                       for r in state.move(m).valid_moves())]
    pool = safe or moves
    return pool[len(pool) // 2]


def duel(name: str, mine: Chooser, theirs: Chooser, games: int) -> list[object]:
    """``games`` games of the general side (mine) against another, seats
    alternating; each move applied to the file copy and the built-in."""
    file_game = load_game_file(str(CONNECT4_FILE))
    builtin = pybridge.load_game("connect4")
    won = drawn = lost = 0
    worst_mine = worst_theirs = 0.0
    mine_ms: list[float] = []
    for i in range(games):
        builtin.seed(i)
        file_game.seed(i)
        a, b = file_game.initial_state(), builtin.initial_state()
        me = ("x", "o")[i % 2]
        while not b.is_over():
            start = time.monotonic()
            move = mine(a, b) if b.current_player == me else theirs(a, b)
            took = time.monotonic() - start
            if b.current_player == me:
                worst_mine = max(worst_mine, took)
                mine_ms.append(took * 1000)
            else:
                worst_theirs = max(worst_theirs, took)
            a, b = a.move(move), b.move(move)
        assert a.game_over() == b.game_over(), (a, b)
        winner = b.game_over()
        won += winner == me
        drawn += winner == "draw"
        lost += winner not in (me, "draw")
    score = (won + drawn / 2) / games
    return [name, games, won, drawn, lost, f"{100 * score:.0f}%",
            sum(mine_ms) / max(1, len(mine_ms)), worst_mine * 1000, worst_theirs * 1000]


def spiel_mcts(simulations: int, seed: int) -> tuple[Any, Any] | None:
    """OpenSpiel's ``connect_four`` and its MCTS bot (random rollouts,
    solver) at ``simulations`` a move, seeded; None without OpenSpiel."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts
    except ImportError:
        return None
    spiel = pyspiel.load_game("connect_four")
    bot = os_mcts.MCTSBot(spiel, 2, simulations,
                          os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                          random_state=np.random.RandomState(1000 + seed), solve=True)
    return spiel, bot


def openspiel_rate() -> float | None:
    """OpenSpiel's MCTS bot's simulations a second on ``connect_four``
    from the start (its first moves), or None without OpenSpiel."""
    sims = 1000
    got = spiel_mcts(sims, 0)
    if got is None:
        return None
    spiel, bot = got
    state = spiel.new_initial_state()
    start = time.monotonic()
    for _ in range(4):
        state.apply_action(bot.step(state))
    return 4 * sims / (time.monotonic() - start)


def openspiel_duel(games: int, search: str, name: str,
                   seconds: float | None = None) -> list[object] | None:
    """The general search with the options ``search`` on the built-in
    rules against OpenSpiel's MCTS bot: at SIMULATIONS simulations a move
    each, or, given ``seconds``, the general search for that long and
    OpenSpiel for as many simulations as it runs in that time
    (openspiel_rate); None without OpenSpiel."""
    rate = openspiel_rate() if seconds is not None else None
    theirs = SIMULATIONS if rate is None or seconds is None else max(1, round(rate * seconds))
    mine = (f"iterations({SIMULATIONS}), seconds(1.0e9)" if seconds is None
            else f"seconds({seconds})")
    builtin = pybridge.load_game("connect4")
    won = drawn = lost = 0
    for i in range(games):
        got = spiel_mcts(theirs, i)
        if got is None:
            return None
        spiel, bot = got
        builtin.seed(i)
        s, o = builtin.initial_state(), spiel.new_initial_state()
        me = ("x", "o")[i % 2]
        while not s.is_over():
            if s.current_player == me:
                answer = _prolog.call(
                    f"term_string(S, {_prolog.atom(str(s))}), "
                    f"arena_ai_mcts:mcts_move(connect4, S, [{mine}, {search}], M), "
                    f"format(atom(T), '~w', [M])")
                assert answer is not None
                move = _prolog.text(answer["T"])
            else:
                move = str(bot.step(o) + 1)
            s = s.move(move)
            o.apply_action(int(move) - 1)
        assert o.is_terminal()
        winner = s.game_over()
        won += winner == me
        drawn += winner == "draw"
        lost += winner not in (me, "draw")
    score = (won + drawn / 2) / games
    how = (f"{SIMULATIONS} simulations each" if seconds is None
           else f"{seconds:g} s each ({theirs} simulations for OpenSpiel)")
    return [f"{name} vs OpenSpiel MCTS, {how}", games, won, drawn, lost, f"{100 * score:.0f}%"]


def main() -> None:
    file_c4 = load_game_file(str(CONNECT4_FILE))
    file_ttt = load_game_file(str(TICTACTOE_FILE))
    builtin = pybridge.load_game("connect4")
    c4_start, ttt_start = file_c4.initial_state(), file_ttt.initial_state()
    file_random = random_games_per_second(raw_module(CONNECT4_FILE), str(c4_start))
    rows = [
        ["file connect4, in its host", host_playouts_per_second(c4_start), file_random],
        ["file connect4, in its host, 2 processes", host_playouts_per_second(c4_start, 2),
         file_random],
        ["built-in connect4, in-process", playouts_per_second("connect4", str(builtin.initial_state())),
         random_games_per_second("connect4", str(builtin.initial_state()))],
        ["file tictactoe, in its host", host_playouts_per_second(ttt_start),
         random_games_per_second(raw_module(TICTACTOE_FILE), str(ttt_start))],
    ]
    print(f"the general search's playouts/s from the start ({SECONDS:.0f} s), and random games/s "
          "of the same rules alone:")
    print_table(["rules", "playouts/s", "random games/s"], rows)
    print(f"\nfile ÷ built-in search: {rows[0][1] / rows[2][1]:.2f}")
    goal = max(5 * BEFORE, rows[2][1] / 2)
    for name, rate in ((rows[0][0], rows[0][1]), (rows[1][0], rows[1][1])):
        print(f"goal for {name}: {goal:,.0f}/s (5 x {BEFORE} before issue 24, and half the "
              f"built-in's): {'met' if rate >= goal else 'not met'} ({rate:,.0f}/s)")

    # as in a match at --move-time 1: level 3 takes its share of the move time
    general: Chooser = lambda a, b: a.choose_move(3, seconds=MOVE_TIME)   # noqa: E731
    duels = [
        duel("general ai:3 vs built-in ai:2", general, lambda a, b: b.choose_move(2), GAMES),
        duel("general ai:3 vs built-in ai:3", general, lambda a, b: b.choose_move(3), GAMES),
        duel("general ai:3 vs one-ply safe", general, lambda a, b: safe_middle(b), GAMES),
    ]
    game_engine.set_search_workers(2)
    try:
        duels += [
            duel("general ai:3, 2 processes, vs built-in ai:2", general,
                 lambda a, b: b.choose_move(2), GAMES),
            duel("general ai:3, 2 processes, vs one-ply safe", general,
                 lambda a, b: safe_middle(b), GAMES),
        ]
    finally:
        game_engine.set_search_workers(1)
    print(f"\nConnect Four, the general AI on the file copy at a move time of {MOVE_TIME:g} s, "
          f"{GAMES} games a duel, seats alternating:")
    print_table(["duel", "games", "won", "drawn", "lost", "score", "mean ms", "max ms",
                 "other max ms"], duels)
    # at equal simulations a game takes about a second: three times the games
    rows_os = [openspiel_duel(3 * GAMES, SEARCH, "general MCTS"),
               openspiel_duel(3 * GAMES, ANTI, "general MCTS, anti-decisive playouts"),
               openspiel_duel(GAMES, SEARCH, "general MCTS", seconds=EQUAL_SECONDS)]
    if rows_os[0] is None:
        print("\nOpenSpiel not installed (pip install 'prolog-arena[bench]'): its duel skipped")
    else:
        print()
        print_table(["duel", "games", "won", "drawn", "lost", "score"],
                    [r for r in rows_os if r is not None])


if __name__ == "__main__":
    main()
