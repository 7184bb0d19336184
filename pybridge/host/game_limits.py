"""What a game host may use: its time per request, memory,
stack, CPU, files, and how much of its texts the referee reads."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HostLimits:
    """What a game host may use. ``request_seconds`` bounds a whole request
    however many rules it calls; the limit of one rule call is the host's
    own (rule_limits/2 in prolog/gamefile/load.pl), given in its load reply
    (:attr:`pybridge.host.game_host.GameHost.rule_seconds`)."""

    load_seconds: float = 20.0
    choose_seconds: float = 60.0
    check_seconds: float = 900.0
    request_seconds: float = 60.0
    grace: float = 1.0
    stack_mb: int = 512
    memory_mb: int = 3072
    cpu_seconds: int = 3600
    open_files: int = 64
    output_bytes: int = 64 * 1024
    text_bytes: int = 4096


__all__ = ["HostLimits"]
