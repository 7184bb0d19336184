"""A bot host that loads its bot without the Prolog-level check, as if
the bot had beaten it: for the tests that show the jail holds alone. The
arena itself never starts one; only these tests add ``--unchecked test``
to the host's command line."""

from __future__ import annotations

from pybridge.host.bot_host import BotProcess


class UncheckedBotProcess(BotProcess):
    """A :class:`BotProcess` whose host skips the bot's static check."""

    def command_line(self, req_fd: int, rep_fd: int) -> list[str]:
        argv = super().command_line(req_fd, rep_fd)
        return [*argv[:-1], "--unchecked", "test", argv[-1]]  # the bot file stays last


__all__ = ["UncheckedBotProcess"]
