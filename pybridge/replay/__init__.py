"""Replay logs: one JSON Lines file per game, written so that nothing is lost.

- :mod:`.records`: the records of a log and their one format.
- :mod:`.writer`: :class:`ReplayWriter` writes every record with one
  ``write`` and fsyncs it before the game goes on, holding an exclusive
  lock on the log until closed; :class:`Recorders` joins several recorders.
- :mod:`.reader`: :func:`read_replay` reads a log back, checking its form
  (:class:`ReplayFormatError`, with the 1-based line, for anything
  unreadable); a torn final line (the writer died mid-write) is a warning
  and is ignored.
- :mod:`.verifying`: :func:`rebuild` and :func:`verify` replay the moves
  through the rules (:class:`ReplayMismatch`, with the line, at the first
  illegal move or wrong result).
"""

from pybridge.types import result_text as describe_result
from pybridge.replay.reader import Header, Logged, Replay, ReplayError, ReplayFormatError, read_replay
from pybridge.replay.records import (
    FORMAT,
    VERSION,
    header_record,
    move_record,
    players_record,
    record_line,
    result_record,
    undo_record,
)
from pybridge.replay.verifying import Position, Rebuilt, ReplayMismatch, check_result, positions, rebuild, verify
from pybridge.replay.writer import Recorders, ReplayBusyError, ReplayExistsError, ReplayWriter

__all__ = [
    "FORMAT",
    "VERSION",
    "Header",
    "Logged",
    "Position",
    "Rebuilt",
    "Recorders",
    "Replay",
    "ReplayBusyError",
    "ReplayError",
    "ReplayExistsError",
    "ReplayFormatError",
    "ReplayMismatch",
    "ReplayWriter",
    "check_result",
    "describe_result",
    "header_record",
    "move_record",
    "players_record",
    "positions",
    "read_replay",
    "rebuild",
    "record_line",
    "result_record",
    "undo_record",
    "verify",
]
