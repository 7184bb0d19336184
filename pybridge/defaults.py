"""The arena's defaults that several layers share, each named once."""

from __future__ import annotations

#: Seconds a bot, or a game file's own AI, may think over one move unless
#: told otherwise (``--move-time``).
MOVE_TIME = 1.0

__all__ = ["MOVE_TIME"]
