"""``--isolation bwrap|none`` on the command line: which isolation bot
processes get, checked once before any bot runs."""

from __future__ import annotations

import argparse
from typing import Iterable

from pybridge.jail import sandbox
from pybridge.play.players import PlayerSpec


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--isolation", choices=sandbox.MODES, default=None,
        help="how bot files are isolated: bwrap (default; bubblewrap namespaces and a "
             "read-only view) or none (the Prolog checks only)")


def apply(args: argparse.Namespace, specs: Iterable[str] = ()) -> str | None:
    """Put the isolation ``args`` name in force; when a spec is a bot file,
    check it can be used (IsolationError naming the fix if not) and
    return the line that says which isolation is in force."""
    mode = getattr(args, "isolation", None)
    if mode is not None:
        sandbox.use(mode)
    if not any(_is_bot(s) for s in specs):
        return None
    sandbox.check(sandbox.current())
    return sandbox.describe(sandbox.current())


def _is_bot(spec: str) -> bool:
    try:
        return PlayerSpec.parse(spec).kind == "bot"
    except ValueError:
        return False


__all__ = ["add_option", "apply"]
