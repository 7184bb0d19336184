"""Seeded games written to replay logs, for the replay tests."""

from __future__ import annotations

import random
from pathlib import Path

import pybridge
from pybridge.play.match import Match
from pybridge.play.players import Player, PlayerSpec
from pybridge.replay import ReplayWriter
from pybridge.types import Decision


class RngPlayer(Player):
    """Plays a valid move chosen by a Python RNG; with probability
    ``blunder`` answers something that is not a move, or times out."""

    def __init__(self, rng: random.Random, *, blunder: float = 0.0) -> None:
        super().__init__(PlayerSpec.parse("random"))
        self.rng = rng
        self.blunder = blunder

    def choose(self, state: pybridge.State, last_move: str | None, *, seconds: float) -> Decision:
        ms = self.rng.randrange(0, 50)
        if self.rng.random() < self.blunder:
            if self.rng.random() < 0.5:
                return Decision("not-a-move", "ok", ms)
            return Decision(None, "timeout", ms, "no answer in time")
        return Decision(self.rng.choice(state.valid_moves()), "ok", ms)


def play_logged(
    game: pybridge.Game,
    path: Path,
    seed: int,
    *,
    policy: str = "random",
    blunder: float = 0.05,
    undo_rate: float = 0.1,
    max_plies: int = 400,
) -> Match:
    """A game between two RngPlayers, logged to ``path``, with undos and
    redos along the way and after the end; returns the finished match."""
    rng = random.Random(seed)
    players = {seat: RngPlayer(rng, blunder=blunder) for seat in game.players}
    match = Match(game, players, policy=policy)
    writer = ReplayWriter.create(path, game, {s: "random" for s in game.players})
    match.recorder = writer
    reopened = False
    while True:
        if match.result is None:
            if len(match.history) >= max_plies:
                break
            match.step()
        if match.history and rng.random() < undo_rate:
            match.undo(rng.randint(1, 2))
            if rng.random() < 0.5:
                match.redo(rng.randint(1, 2))
        elif match.result is not None:
            if reopened or not match.history or rng.random() < 0.5:
                break
            reopened = True  # once: take back the end and play on
            match.undo(1)
    writer.close()
    return match
