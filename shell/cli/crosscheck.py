"""``arena cross-check GAME REFERENCE``: random lines played in a game and
a reference at once, compared at every position (pybridge.testing)."""

from __future__ import annotations

import argparse
from typing import Callable, Mapping

from pybridge.text import clean, clean_line
from pybridge.types import Dialect

from shell.cli.checkgame import add_game_file_options
from shell.repl.command import option_items

EXIT_SAME = 0
EXIT_DIFFERENCE = 1
EXIT_UNUSABLE = 2

DESCRIPTION = """\
Plays random lines in GAME and REFERENCE at once (the same moves) and at
every position compares the player to move, the set of valid moves,
whether the game is over and the winner; stops at the first difference
and shows the line of moves to it, shrunk while it still shows one.
--config and --dialect are GAME's.

REFERENCE is a built-in game's id, another game file, or a Python file
with a class Reference (players; initial(options) -> state; moves(state)
-> list of move texts; play(state, move) -> state; winner(state) -> a
player, "draw" or None; optionally to_move(state) and display(state)).

Where the two name players or moves differently, map GAME's names to
REFERENCE's: --players NAME=NAME, --moves TEXT=TEXT, or --map FILE.py
(a dict `players` and/or a function `move(text) -> text`).

Exit status: 0 the same, 1 a difference, 2 unusable (the reason is said)."""


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("cross-check", help="compare a game's rules with a reference, line by line",
                       description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", metavar="GAME", help="a built-in game's id or a game file")
    p.add_argument("reference", metavar="REFERENCE",
                   help="a built-in game's id, a game file, or a Python file with class Reference")
    p.add_argument("--games", type=int, default=200, metavar="N",
                   help="random lines to play (default 200)")
    p.add_argument("--seed", default="0", metavar="S", help="random seed (default 0)")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option, given to both sides (repeatable)")
    p.add_argument("--time", type=float, default=60.0, metavar="SECONDS",
                   help="seconds the check may take, shrinking included (default 60)")
    p.add_argument("--players", action="append", default=[], metavar="GAME=REFERENCE",
                   help="GAME's player named GAME is REFERENCE's player REFERENCE (repeatable)")
    p.add_argument("--moves", action="append", default=[], metavar="GAME=REFERENCE",
                   help="GAME's move text GAME is REFERENCE's move REFERENCE (repeatable)")
    p.add_argument("--map", metavar="FILE.py",
                   help="a Python file with a dict `players` and/or a function `move(text)`, "
                        "GAME's names to REFERENCE's")
    add_game_file_options(p)
    p.set_defaults(func=cmd_cross_check)


def _mapping(args: argparse.Namespace) -> tuple[dict[str, str] | None, Mapping[str, str] | Callable[[str], str] | None]:
    """(players, moves) of --players, --moves and --map."""
    from pybridge.testing.sides import CrossCheckError, load_python_file

    players = option_items(args.players, "--players GAME=REFERENCE") or None
    moves: Mapping[str, str] | Callable[[str], str] | None = (
        option_items(args.moves, "--moves GAME=REFERENCE") or None)
    if args.map:
        module = load_python_file(args.map, "map")
        given = getattr(module, "players", None)
        move = getattr(module, "move", None)
        if given is None and move is None:
            raise CrossCheckError(f"map {args.map} defines neither `players` nor `move`")
        if given is not None:
            if not isinstance(given, Mapping):
                raise CrossCheckError(f"map {args.map}: `players` must be a dict")
            players = {**{str(k): str(v) for k, v in given.items()}, **(players or {})}
        if move is not None:
            if moves is not None:
                raise CrossCheckError("give --moves or a map's move(), not both")
            if not callable(move):
                raise CrossCheckError(f"map {args.map}: `move` must be a function")
            moves = move
    return players, moves


def cmd_cross_check(args: argparse.Namespace) -> int:
    from pybridge.errors import ArenaError
    from pybridge.testing import pair
    from pybridge.testing.compare import run

    if not 0 < args.time <= 3600:
        print(f"arena cross-check: --time {args.time:g}: give seconds between 0 and 3600")
        return EXIT_UNUSABLE
    if args.games < 1:
        print(f"arena cross-check: --games {args.games}: give a positive number")
        return EXIT_UNUSABLE
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    game, reference = clean_line(args.game, 200), clean_line(args.reference, 200)
    print(f"cross-checking {game} against {reference} ({args.games} games, seed "
          f"{clean_line(seed, 100)}, at most {args.time:g} s)...", flush=True)
    try:
        players, moves = _mapping(args)
        both = pair(args.game, args.reference, options=option_items(args.option), players=players,
                    moves=moves, config=args.config, dialect=Dialect(args.dialect))
        summary = run(both, games=args.games, seed=seed, seconds=args.time)
    except (ArenaError, ValueError) as exc:
        # a reason of several lines (a refused file's problems) is printed as lines
        print(f"arena cross-check: unusable: {clean(exc, 2000)}")
        return EXIT_UNUSABLE
    print(f"game:      {both.game.name} (players {clean_line(', '.join(both.game.players), 200)})")
    print(f"reference: {both.reference.name}")
    print(f"compared:  {summary.positions} positions in {summary.games} whole games "
          f"({summary.seconds:.1f} s)")
    if summary.difference is not None:
        print("verdict:   a difference")
        print(summary.difference.report())
        return EXIT_DIFFERENCE
    if summary.timed_out:
        print(f"verdict:   the same in the {summary.games} games played before the time ran out")
    else:
        print("verdict:   the same")
    return EXIT_SAME
