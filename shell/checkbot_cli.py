"""``arena check-bot``: a bot's check before it enters a tournament."""

from __future__ import annotations

import argparse

from pybridge.text import clean_line

from .command import option_items
from .isolation import add_option as add_isolation_option
from .isolation import apply as apply_isolation

EXIT_BAD_BOT = 1


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check-bot", help="load a bot file, say what it is and whether it may play",
        description="Loads the bot as a tournament would, prints its protocol and the "
                    "verdict (with every problem found and its line), then plays a few "
                    "games against random.",
    )
    p.add_argument("game", metavar="GAME")
    p.add_argument("file", metavar="FILE", help="the bot file bot.pl[:LEVEL]")
    p.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--games", type=int, default=4, metavar="N",
                   help="games against random, seats alternating (default 4)")
    p.add_argument("--move-time", type=float, default=1.0, metavar="S",
                   help="seconds the bot may think per move (default 1)")
    add_isolation_option(p)
    p.set_defaults(func=cmd_check_bot)


def cmd_check_bot(args: argparse.Namespace) -> int:
    import pybridge
    from pybridge.bots import check_bot
    from pybridge.match import Match
    from pybridge.players import PlayerSpec
    from pybridge.seating import make_player
    from pybridge.types import result_text

    game = pybridge.load_game(args.game, **option_items(args.option))
    spec = PlayerSpec.parse(args.file)
    if spec.kind != "bot" or spec.path is None:
        raise ValueError(f"{args.file!r} is not a bot file (FILE.pl or FILE.pl:LEVEL)")
    isolation = apply_isolation(args, (args.file,))
    check = check_bot(game.id, spec.path, game_file=game.file)
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
    if len(hello.seats) == 1:
        other = "second" if hello.seats[0] == "first" else "first"
        print(f"warning:  it plays {hello.seats[0]} only: in a tournament it forfeits every game "
              f"as {other}")
    if args.games <= 0:
        return 0
    print(f"games against random ({args.move_time:g} s per move):")
    forfeits: dict[str, int] = {}
    indices = [("first", "second").index(s) for s in hello.seats]
    for i in range(args.games):
        mine = indices[i % len(indices)]
        bot = make_player(spec, move_time=args.move_time)
        other = make_player("random")
        seats_ = {seat: (bot if n == mine else other) for n, seat in enumerate(game.players)}
        with Match(game, seats_, move_time=args.move_time) as match:
            result = match.run()
        bot_seat = game.players[mine]
        moves = [p for p in match.history if p.player == bot_seat]
        ms = max((p.ms for p in moves), default=0)
        what = result_text(result, name=lambda seat: "bot" if seat == bot_seat else "random")
        print(f"  {i + 1}. bot as {bot_seat}: {what}; "
              f"{len(moves)} move{'s' * (len(moves) != 1)}"
              + (f", slowest {ms} ms" if moves else ""))
        if result.forfeit is not None and result.winner != bot_seat:
            forfeits[result.forfeit] = forfeits.get(result.forfeit, 0) + 1
        output = getattr(bot, "output", "")
        if output.strip():
            print("     what it printed (last lines):")
            for line in output.strip().splitlines()[-5:]:
                print(f"       {line[:200]}")
    if forfeits:
        bad = sum(forfeits.values())
        kinds = ", ".join(f"{verdict} {n}" for verdict, n in sorted(forfeits.items()))
        print(f"verdict after playing: {bad} of {args.games} games lost by forfeit ({kinds})")
        return EXIT_BAD_BOT
    return 0


__all__ = ["register", "cmd_check_bot"]
