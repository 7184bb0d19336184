"""``arena check-bot``: a bot's check before it enters a tournament."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pybridge.defaults import MOVE_TIME
from pybridge.bots.trial import TrialGame, game_kinds, kinds, trial_games
from pybridge.text import clean_line
from pybridge.types import Verdict, result_text

from shell.cli.checkgame import add_game_file_options, load_game_arg
from pybridge.text import without_colour
from pybridge.text import plural
from shell.cli.isolation import add_option as add_isolation_option
from shell.cli.isolation import apply as apply_isolation

if TYPE_CHECKING:
    from pybridge.games.game import Game

EXIT_BAD_BOT = 1


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "check-bot", help="load a bot file, say what it is and whether it may play",
        description="Loads the bot as a tournament would, prints its protocol and the "
                    "verdict (with every problem found and its line), then plays trial "
                    "games that reach every phase of the game and sums them up by kind "
                    "of move.",
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("file", metavar="FILE", help="the bot file bot.pl[:LEVEL]")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--games", type=int, default=8, metavar="N",
                   help="trial games, seats alternating (default 8): half from the start "
                        "against random, half reaching the later phases")
    p.add_argument("--move-time", type=float, default=MOVE_TIME, metavar="S",
                   help="seconds the bot (and a built-in opponent) may think per move (default 1)")
    p.add_argument("--allow-game-ai", action="store_true",
                   help="let the bot call the game's own AI (choose_move, its searches), as "
                        "a tournament with --allow-game-ai does; refused otherwise")
    add_game_file_options(p)
    add_isolation_option(p)
    p.set_defaults(func=cmd_check_bot)


def cmd_check_bot(args: argparse.Namespace) -> int:
    from pybridge.bots.player import Limits, check_bot
    from pybridge.play.players import PlayerSpec
    from pybridge.types import PlayerKind

    game = load_game_arg(args)
    spec = PlayerSpec.parse(args.file)
    if spec.kind is not PlayerKind.BOT or spec.path is None:
        raise ValueError(f"{args.file!r} is not a bot file (FILE.pl or FILE.pl:LEVEL)")
    isolation = apply_isolation(args, (args.file,))
    check = check_bot(game.id, spec.path, game_file=game.file,
                      limits=Limits(game_ai=args.allow_game_ai))
    hello = check.hello
    print(f"bot:      {clean_line(check.path)}")
    print(f"game:     {game.id}")
    print(f"{isolation}")
    if not hello.ready:
        print("verdict:  refused")
        for problem in hello.problems or (hello.detail,):
            print(f"  {problem}")
        return EXIT_BAD_BOT
    seats = " and ".join(f"{s} ({game.players[('first', 'second').index(s)]})" for s in hello.seats)
    print(f"protocol: {hello.protocol} (plays {seats})")
    print(f"verdict:  ok (loaded and checked in {hello.ms} ms)")
    for warning in hello.warnings:
        print(f"warning:  {warning}")
    for call in hello.game_ai:
        print(f"game AI:  {call} (allowed by --allow-game-ai)")
    if len(hello.seats) == 1:
        other = "second" if hello.seats[0] == "first" else "first"
        print(f"warning:  it plays {hello.seats[0]} only: in a tournament it forfeits every game "
              f"as {other}")
    if args.games <= 0:
        return 0
    indices = [("first", "second").index(s) for s in hello.seats]
    trials = []
    heading = ""
    for trial in trial_games(game, spec, indices, args.games, protocol=hello.protocol,
                             move_time=args.move_time, limits=Limits(game_ai=args.allow_game_ai)):
        trials.append(trial)
        now = _heading(trial, args.move_time)
        if now != heading:
            print(now)
            heading = now
        _print_trial(game, trial)
    return _summary(trials, args.games, game_kinds(game))


def _heading(trial: TrialGame, move_time: float) -> str:
    if trial.setting == "longer":
        return (f"games against {trial.opponent}, to reach the later phases "
                f"({move_time:g} s per move):")
    if trial.setting == "position":
        return f"games from random positions, the bot told the position ({move_time:g} s per move):"
    return f"games against random ({move_time:g} s per move):"


def _print_trial(game: Game, trial: TrialGame) -> None:
    bot_seat = trial.bot_seat
    what = result_text(trial.result,
                       name=lambda seat: "bot" if seat == bot_seat else trial.opponent)
    moves = len(trial.plies)
    start = f" after {plural(trial.start_plies, 'random ply', 'random plies')}" \
        if trial.start_plies else ""
    print(f"  {trial.number}. bot as {bot_seat}{start}: {what}; "
          f"{plural(moves, 'move')}"
          + (f", slowest {trial.slowest} ms" if moves else ""))
    if trial.failed_at is not None and trial.result.forfeit is Verdict.NO_MOVE:
        print("     the position it failed in:")
        if "choose_move(State" in trial.result.reason:
            print(f"     State = {clean_line(str(trial.failed_at), 600)}")
        for line in without_colour(trial.failed_at.display()).strip("\n").splitlines():
            print(f"     {line}")
    output = trial.output
    if output.strip():
        print("     what it printed (last lines):")
        for line in output.strip().splitlines()[-5:]:
            print(f"       {line[:200]}")


def _summary(trials: list[TrialGame], count: int, known: list[tuple[str, str]]) -> int:
    found = kinds(trials, known)
    unchecked = [k for k in found if k.asked == 0]
    if len(found) > 1 or any(k.problems or not k.made for k in found):
        print("by kind of move asked for:")
        width = max(len(k.examples) for k in found) + len("moves like ")
        for k in found:
            label = f"moves like {k.examples}".ljust(width)
            if not k.reached:
                print(f"  {label}  never reached in the trial games: not checked")
                continue
            if k.asked == 0:
                print(f"  {label}  never asked of the bot (seen only on the opponent's "
                      "turns): not checked")
                continue
            problems = ", ".join(f"{v} {n}" for v, n in sorted(k.problems.items()))
            print(f"  {label}  {k.asked} asked, {k.made} made"
                  + (f", slowest {k.slowest} ms" if k.made else "")
                  + (f"; lost by {problems}" if problems else ""))
    forfeits: dict[str, int] = {}
    for trial in trials:
        if trial.result.forfeit is not None and trial.result.winner != trial.bot_seat:
            verdict = str(trial.result.forfeit)
            forfeits[verdict] = forfeits.get(verdict, 0) + 1
    if forfeits:
        bad = sum(forfeits.values())
        kinds_text = ", ".join(f"{verdict} {n}" for verdict, n in sorted(forfeits.items()))
        print(f"verdict after playing: {plural(bad, 'game')} of {count} lost by forfeit "
              f"({kinds_text})")
        return EXIT_BAD_BOT
    if unchecked:
        what = "; ".join(f"moves like {k.examples}" for k in unchecked)
        print(f"verdict after playing: no forfeit, but these kinds of move were never asked of "
              f"the bot and are not checked: {what} (more games: --games N)")
        return 0
    print(f"verdict after playing: no forfeit in {count} game{'s' * (count != 1)}; every kind "
          "of move the game has was asked of the bot")
    return 0


__all__ = ["register", "cmd_check_bot"]
