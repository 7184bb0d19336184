"""What the game host (``prolog/gamehost.pl``) writes back, typed.

Every reply is one JSON object (:func:`pybridge.jail.replies.read_reply`
reads it), a :data:`Reply` until checked: :class:`pybridge.host.game_host.GameHost`
checks the envelope (``ok``, ``fail`` or ``error``) and the answer to
loading (:class:`GameHello`); :class:`pybridge.host.game_engine.HostEngine`
reads each other verb's answer into the engine interface's own types
(:mod:`pybridge.engine.interface`)."""

from __future__ import annotations

from typing import TypedDict

from pybridge.jail import replies
from pybridge.types import Dialect, JSONObject

#: A host's reply line, a JSON object whose fields are not yet checked.
Reply = JSONObject


class GameHello(TypedDict, total=False):
    """The answer to ``load``: the dialect the file was read in, the
    contract predicates it lacks, has and requires, and what loading left out.
    Empty until the host has loaded the game."""

    dialect: Dialect
    missing: list[str]
    present: list[str]
    required: list[str]
    warnings: list[str]


def hello(reply: Reply) -> GameHello:
    """The answer to ``load`` with its fields checked; BadReply if one is
    of the wrong type or the dialect is none the arena reads."""
    lists = {key: list(replies.texts(reply, key))
             for key in ("missing", "present", "required", "warnings")}
    dialect = replies.text(reply, "dialect")
    if dialect not in tuple(Dialect):
        raise replies.BadReply(f"a load reply naming an unknown dialect {dialect[:20]!r}")
    return GameHello(dialect=Dialect(dialect), missing=lists["missing"],
                     present=lists["present"], required=lists["required"],
                     warnings=lists["warnings"])


__all__ = ["GameHello", "Reply", "hello"]
