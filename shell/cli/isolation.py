"""``--isolation bwrap|none`` and ``--trust-code`` on the command line:
which isolation bot and game file processes get, and whether the user
declares the code run here their own (the one way to run code without
the jail). Both mean the same wherever they are written: before the
subcommand (``arena --isolation none play ...``) or after it."""

from __future__ import annotations

import argparse
import sys
from typing import Iterable

from pybridge.jail import sandbox
from pybridge.play.players import PlayerSpec
from pybridge.types import Isolation, PlayerKind


def add_option(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """The two options on ``parser``; ``top`` for the ``arena`` parser
    itself. A subcommand's parser leaves them unset unless written there
    (argparse would otherwise overwrite the top level's value with the
    subcommand's default)."""
    default = None if top else argparse.SUPPRESS
    parser.add_argument(
        "--isolation", choices=[str(m) for m in sandbox.MODES], default=default,
        help="how bots and game files are isolated: bwrap (default; bubblewrap namespaces "
             "and a read-only view) or none (no jail: only with --trust-code)")
    parser.add_argument(
        "--trust-code", action="store_true", default=False if top else argparse.SUPPRESS,
        help="declare every bot and game file named here your own: without the jail "
             "(bubblewrap missing, or --isolation none) only such code runs, never "
             "submission folders or handed-in logs; named in every log and standings")


def put_in_force(args: argparse.Namespace) -> str | None:
    """Put the isolation and trust ``args`` name in force, once per command.
    With ``--trust-code`` and no isolation named where bubblewrap cannot
    run, code runs without the jail: the line returned says so."""
    mode = getattr(args, "isolation", None)
    if getattr(args, "trust_code", False):
        sandbox.trust_code()
    if mode is not None:
        sandbox.use(Isolation(mode))
    elif (sandbox.code_trusted() and sandbox.current() is Isolation.BWRAP
          and sandbox._probe() is not None):
        sandbox.use(Isolation.NONE)
        return (f"arena: {sandbox._probe()}. Running your own code (--trust-code) "
                "without the jail")
    return None


def apply(args: argparse.Namespace, specs: Iterable[str] = ()) -> str | None:
    """Put the isolation ``args`` name in force; when a spec is a bot file,
    check it can be used (IsolationError naming the fix if not) and
    return the line that says which isolation is in force."""
    note = put_in_force(args)
    if note:
        print(note, file=sys.stderr)
    if not any(_is_bot(s) for s in specs):
        return None
    sandbox.check(sandbox.current())
    return sandbox.describe(sandbox.current())


def _is_bot(spec: str) -> bool:
    try:
        return PlayerSpec.parse(spec).kind is PlayerKind.BOT
    except ValueError:
        return False


__all__ = ["add_option", "apply", "put_in_force"]
