"""Every yall lambda in the project's Prolog shares no variable with its
clause unless it says so (``Free/[X]>>Goal`` or ``\\X^Goal``). Compiled
where library(yall) is loaded first, as in the arena, a lambda's
undeclared variable is a fresh one: connect4.pl's safe_cell/3 once
judged every position lost that way."""

from __future__ import annotations

from pathlib import Path

from benchmarks.mutate import Token, tokenize
from tests.support.paths import ROOT

PROLOG = ROOT / "prolog"


def _close(toks: list[Token], k: int) -> int:
    """Index of the bracket closing the one at k."""
    depth = 0
    for j in range(k, len(toks)):
        if toks[j].kind == "solo" and toks[j].text in "([{":
            depth += 1
        elif toks[j].kind == "solo" and toks[j].text in ")]}":
            depth -= 1
            if depth == 0:
                return j
    raise AssertionError(f"unbalanced bracket at line {toks[k].line}")


def lambdas(text: str) -> list[tuple[int, set[str], set[str], set[str]]]:
    """(line, parameters, declared free variables, body variables) of each
    ``[Params]>>Body`` lambda in a Prolog text."""
    toks = tokenize(text)
    found = []
    for k, t in enumerate(toks):
        if not (t.kind == "sym" and t.text == ">>" and k > 0 and toks[k - 1].text == "]"):
            continue
        depth, open_at = 0, k - 1
        while True:  # back to the '[' of the parameters
            if toks[open_at].text == "]":
                depth += 1
            elif toks[open_at].text == "[":
                depth -= 1
                if depth == 0:
                    break
            open_at -= 1
        params = {x.text for x in toks[open_at:k] if x.kind == "var"}
        free: set[str] = set()
        if open_at >= 2 and toks[open_at - 1].text == "/":
            before = toks[open_at - 2]
            if before.kind == "var":
                free = {before.text}
            elif before.text in ")}":
                start = open_at - 2
                while toks[start].text not in ("{", "("):
                    start -= 1
                free = {x.text for x in toks[start:open_at - 1] if x.kind == "var"}
        body_start = k + 1
        if toks[body_start].text == "(" or (toks[body_start + 1].text == "("
                                            and toks[body_start + 1].glued):
            end = _close(toks, body_start if toks[body_start].text == "(" else body_start + 1)
        else:
            end = body_start
        body = {x.text for x in toks[body_start:end + 1] if x.kind == "var"}
        found.append((t.line, params, free, body))
    return found


def test_the_scanner_sees_a_shared_variable() -> None:
    text = ("safe(Playable, OppWins, F) :- include([Cell]>>memberchk(Cell, OppWins), "
            "Playable, F), maplist(\\X^Y^(Y is X), A, B), "
            "include(OppWins/[C]>>memberchk(C, OppWins), Playable, G).")
    (line, params, free, body), (_, _, free2, body2) = lambdas(text)
    assert (params, free, body) == ({"Cell"}, set(), {"Cell", "OppWins"})
    assert free2 == {"OppWins"} and body2 == {"C", "OppWins"}


def test_no_lambda_in_the_project_shares_an_undeclared_variable() -> None:
    seen = 0
    for path in sorted(PROLOG.rglob("*.pl")):
        for line, params, free, body in lambdas(path.read_text(encoding="utf-8")):
            shared = {v for v in body - params - free if not v.startswith("_")}
            assert not shared, f"{path.relative_to(PROLOG)}:{line}: lambda shares {sorted(shared)}"
            seen += 1
    assert seen >= 4  # alliances.pl's four, each over its parameters only
