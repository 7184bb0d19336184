"""Checks that pin a built-in game's rules down beyond its moves: value/3
numbers, solved_outcome/2, the option checks in Prolog, and that every
AI level answers with a valid move."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

import pybridge
from pybridge.engine import _prolog
from tests.support import bridge_extras
from tests.support.crosscheck import Reference


def values(states: list[pybridge.State], player: str) -> list[float]:
    """value/3 of each state for ``player``, in one Prolog call."""
    if not states:
        return []
    got = bridge_extras.call("raw_values", states[0].game.id, [str(s) for s in states],
                             player, outputs=["Values"])
    assert got is not None
    return [float(v) for v in got["Values"]]


def solved_outcomes(states: list[pybridge.State]) -> list[str]:
    """solved_outcome/2 of each state, as Prolog writes it (``win(x,3)``)."""
    if not states:
        return []
    got = bridge_extras.call("solved_outcomes", states[0].game.id, [str(s) for s in states],
                             outputs=["Outcomes"])
    assert got is not None
    return [_prolog.text(o) for o in got["Outcomes"]]


def initial_state_error(game_id: str, options: str) -> str:
    """What the game's own initial_state/2 says to ``options`` (a Prolog
    list as text), called in Prolog with no Python check first: the
    formal term of its error, ``ok(State)`` or ``fail``."""
    pybridge.load_game(game_id)  # its module loaded
    got = bridge_extras.call("initial_state_error", game_id, options, outputs=["Error"])
    assert got is not None
    return _prolog.text(got["Error"])


def paired_positions(game: pybridge.Game, ref: Reference, games: int, seed: Any,
                     ) -> Iterator[tuple[pybridge.State, Any]]:
    """Every position of ``games`` seeded random games, in the Prolog and
    in the reference side by side (the end positions included)."""
    rng = random.Random(seed)
    for _ in range(games):
        state, r = game.initial_state(), ref.initial()
        while True:
            yield state, r
            moves = ref.moves(r)
            if not moves:
                break
            move = rng.choice(moves)
            state, r = state.move(move), ref.play(r, move)


def check_values(pairs: list[tuple[pybridge.State, Any]],
                 expected: Callable[[Any, str], float], players: tuple[str, str],
                 antisymmetric: bool = True) -> dict[str, int]:
    """value/3 of every position for both players equals ``expected``
    (and the two are opposite where the game promises it). Returns how
    many positions were won, lost (for the first player), drawn and
    still going."""
    first, second = players
    states = [s for s, _ in pairs]
    got_first = values(states, first)
    got_second = values(states, second)
    kinds = {"won": 0, "lost": 0, "drawn": 0, "going": 0}
    for (state, r), v1, v2 in zip(pairs, got_first, got_second):
        assert v1 == expected(r, first), (str(state), first, v1, expected(r, first))
        assert v2 == expected(r, second), (str(state), second, v2, expected(r, second))
        if antisymmetric:
            assert v1 == -v2, str(state)
        over = state.game_over()
        kinds["going" if over is None else "drawn" if over == "draw"
              else "won" if over == first else "lost"] += 1
    return kinds


def check_levels(states: list[pybridge.State], levels: list[int]) -> int:
    """Every level answers every state with one of its valid moves (no
    error, no failure). Returns the number of answers."""
    asked = 0
    for state in states:
        moves = state.valid_moves()
        assert moves, str(state)
        for level in levels:
            move = state.choose_move(level)
            assert move in moves, (str(state), level, move)
            asked += 1
    return asked


def late_position(game: pybridge.Game, seed: Any, left: int = 1) -> pybridge.State:
    """The position ``left`` plies before the end of a seeded random game
    (0: the end itself)."""
    rng = random.Random(seed)
    state = game.initial_state()
    line = [state]
    while state.game_over() is None:
        state = state.move(rng.choice(state.valid_moves()))
        line.append(state)
    return line[max(0, len(line) - 1 - left)]


def not_det(state: pybridge.State, texts: list[str]) -> list[str]:
    """The det and semidet contract calls on ``state`` that leave a
    choice point or throw (see tests/support/bridge_test.pl not_det/4); ``texts``
    are given to illegal_move_reason/3."""
    got = bridge_extras.call("not_det", state.game.id, str(state), texts, outputs=["Goals"])
    assert got is not None
    return [_prolog.text(g) for g in got["Goals"]]


def check_determinism(game: pybridge.Game, texts: list[str], seeds: int = 3) -> int:
    """No det or semidet contract call leaves a choice point or throws, on
    the start, a move after it, and positions near and at the end of
    seeded random games. Returns the number of positions checked."""
    start = game.initial_state()
    states = [start, start.move(start.valid_moves()[-1])]
    states += [late_position(game, f"det-{game.id}-{seed}", left)
               for seed in range(seeds) for left in (0, 1, 5)]
    for state in states:
        assert not_det(state, texts) == [], str(state)
    assert any(s.game_over() is not None for s in states)
    return len(states)


def hint_line(new: str, moves: list[str], level: int) -> str:
    """The line the shell's ``hint LEVEL`` prints after ``new`` (the rest
    of a ``new`` command: the game and its options) and ``moves``, both
    seats human, its wrapped lines joined."""
    from tests.support.shell_driver import quiet_shell

    shell = quiet_shell()
    shell.execute(f"new {new} --first human --second human")
    for move in moves:
        shell.execute(move)
    shell.execute(f"hint {level}")
    out = shell.out.getvalue().splitlines()
    starts = [k for k, line in enumerate(out) if "would play" in line]
    assert len(starts) == 1, shell.out.getvalue()[-2000:]
    parts = [out[starts[0]]]
    for line in out[starts[0] + 1:]:  # the shell wraps a long hint, indented
        if not line.startswith("    "):
            break
        parts.append(line.strip())
    return " ".join(parts)


def move_text(game_id: str, move: str) -> str | None:
    """The game's move_text/2 from a move (a Prolog term as text) to its
    text, called in Prolog itself; None when it fails."""
    pybridge.load_game(game_id)  # its module loaded
    got = _prolog.call(f"term_string(M, {_prolog.atom(move)}), "
                       f"{game_id}:move_text(M, T0), format(atom(T), '~w', [T0])")
    return None if got is None else _prolog.text(got["T"])
