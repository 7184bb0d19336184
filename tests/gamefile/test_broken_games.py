"""Every failure of the contract is a message (issue 23): a generator of
broken games, each a small clean game of our own with one contract
predicate made to fail, throw, loop, answer with variables or answer a
term of the wrong type, from the start or only later in the game. For
each, check-game reports a problem naming the predicate (or refuses the
file, naming it), and playing it ends with a message, never a Python
traceback, and never with a forfeit of a player while the rules were at
fault."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pybridge.games.conformance import CheckPlan, check_game
from pybridge.errors import ArenaError
from shell.cli.arena import main

CLEAN = {
    "initial_state/2": "initial_state(_, s(0, p)).",
    "current_player/2": "current_player(s(_, P), P).",
    "valid_moves/2": "valid_moves(s(N, _), Ms) :- ( N >= 4 -> Ms = [] ; Ms = [1, 2] ).",
    "move/3": ("move(s(N, P), M, s(N1, Q)) :- N < 4, memberchk(M, [1, 2]), "
               "N1 is N + M, other(P, Q)."),
    "game_over/2": "game_over(s(N, P), W) :- N >= 4, other(P, W).",
    "value/3": "value(s(N, P), Who, V) :- ( Who == P -> V = N ; V is -N ).",
    "display_game/1": "display_game(s(N, P)) :- format(\"~w stones, ~w to move~n\", [N, P]).",
}
HEADS = {
    "initial_state/2": ("initial_state(_, S)", "S"),
    "current_player/2": ("current_player(s(_N, _), X)", "X"),
    "valid_moves/2": ("valid_moves(s(_N, _), X)", "X"),
    "move/3": ("move(s(_N, _), _, X)", "X"),
    "game_over/2": ("game_over(s(_N, _), X)", "X"),
    "value/3": ("value(s(_N, _), _, X)", "X"),
    "display_game/1": ("display_game(s(_N, _))", ""),
}
WRONG = {
    "initial_state/2": "42",
    "current_player/2": "nobody",
    "valid_moves/2": "not_a_list",
    "move/3": "\"a string\"",
    "game_over/2": "42",
    "value/3": "high",
    "display_game/1": "",
}
FAULTS = ("fail", "throw", "loop", "nonground", "wrongtype")


def broken_clause(pi: str, fault: str, later: bool) -> str:
    head, out = HEADS[pi]
    guard = "_N >= 2, " if later and pi != "initial_state/2" else ""
    if fault == "fail":
        body = "fail"
    elif fault == "throw":
        body = "throw(oops)"
    elif fault == "loop":
        body = "repeat, fail"
    elif pi == "display_game/1":
        body = "write(_)" if fault == "nonground" else "write('\\e[2J\\e]0;pwned\\a')"
    elif fault == "nonground":
        body = f"{out} = _"
    else:
        body = f"{out} = {WRONG[pi]}"
    broken = f"{head} :- {guard}!, {body}."
    return broken + ("\n" + CLEAN[pi] if guard else "")


def game_text(pi: str, fault: str, later: bool) -> str:
    lines = ["players([p, q]).", "other(p, q).", "other(q, p)."]
    for name, clause in CLEAN.items():
        lines.append(broken_clause(pi, fault, later) if name == pi else clause)
    return "\n".join(lines) + "\n"


@settings(max_examples=5, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pi=st.sampled_from(sorted(CLEAN)), fault=st.sampled_from(FAULTS), later=st.booleans())
@pytest.mark.slow
def test_broken_game_gets_a_named_message(pi: str, fault: str, later: bool, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / f"{pi.replace('/', '_')}_{fault}_{int(later)}"
    folder.mkdir(exist_ok=True)
    game = folder / "broken.pl"
    game.write_text(game_text(pi, fault, later))
    name = pi.split("/")[0]
    try:
        report = check_game(str(game), plan=CheckPlan(games=2, plies=1, seconds=8))
    except ArenaError as exc:                     # refused: the message names it
        assert name in str(exc), str(exc)
    else:
        text = "\n".join(str(p) for p in report.problems)
        if not (pi == "display_game/1" and fault in ("nonground", "wrongtype")):
            assert not report.conforms, game.read_text()
            assert name in text, text
    code = main(["play", str(game), "--first", "ai:1", "--second", "ai:2", "--delay", "0",
                 "--no-color"])
    out, err = capsys.readouterr()
    assert isinstance(code, int)
    assert "Traceback" not in out + err
    assert "\x1b]0;pwned" not in out + err and "\x1b[2J" not in out + err
    if "forfeits" in out:                        # a forfeit names the rule that broke
        assert name in out, out
