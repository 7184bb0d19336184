"""The mutation runs' mutants (benchmarks/mutate.py): one change each,
every operator, never in comments, strings, directives or the display
predicates."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import mutate
from tests.support.paths import ROOT

GAMES = ROOT / "prolog" / "games"


def test_a_small_file() -> None:
    text = (":- module(g, [value/2, display_game/1]).\n"
            "% a comment: X < 1\n"
            "value(X, V) :- X < 1, V is X + 2, show(\"a < b\").\n"
            "value(_, 0).\n"
            "display_game(S) :- S > 3, row(S).\n"
            "row(S) :- format('~w', [S - 1]).\n")
    found = {(m.op, m.before, m.after) for m in mutate.mutants(text)}
    assert ("comparison", "<", "=<") in found
    assert ("integer", "1", "2") in found and ("integer", "2", "1") in found
    assert ("plusminus", "+", "-") in found
    assert ("drop-goal", "X < 1", "true") in found
    assert ("swap-args", "X, V", "V, X") in found
    assert ("delete-clause", "value(_, 0).", "") in found
    # nothing in the comment, the string, the directive or the display
    assert all(m.line in (3, 4) for m in mutate.mutants(text))
    negated = mutate.mutants("p(X) :- ( X > 0 -> q ; r ).\n")
    assert ("negate", "X > 0", "\\+ (X > 0)") in {(m.op, m.before, m.after) for m in negated}


@pytest.mark.parametrize("game", mutate.GAMES)
def test_every_operator_and_one_change_each(game: str) -> None:
    text = (GAMES / f"{game}.pl").read_text(encoding="utf-8")
    every = mutate.mutants(text)
    assert {m.op for m in every} == set(mutate.OPERATORS)
    skipped = mutate.display_only(mutate.clauses(text))
    assert "display_game" in skipped and "value" not in skipped
    for m in every[::7]:
        changed = m.apply(text)
        assert changed != text
        assert changed[:m.start] == text[:m.start]
        assert changed[m.start + len(m.after):] == text[m.stop:]
        assert m.predicate not in skipped
    ordered = mutate.order(every, 1)
    assert sorted(map(id, ordered)) == sorted(map(id, every))
    assert {m.op for m in ordered[:7]} == set(mutate.OPERATORS)


def test_the_equivalent_mutants_are_mutants_of_today_s_files() -> None:
    known = mutate.equivalents()
    assert known
    ids = {m.ident(g) for g in mutate.GAMES
           for m in mutate.mutants((GAMES / f"{g}.pl").read_text(encoding="utf-8"))}
    assert set(known) <= ids
    assert all(reason for reason in known.values())
