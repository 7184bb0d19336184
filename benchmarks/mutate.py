"""Mutation testing of a built-in game's rules: single-point mutants of
``prolog/games/GAME.pl``, each run against that game's own tests.

    python -m benchmarks mutate GAME [--count N] [--seed S] [--timeout T]

A mutant changes one place of the file with one operator: a comparison
swapped, an integer +1 or -1, ``+``/``-`` swapped, a goal dropped (made
``true``), two arguments of a term swapped, a condition negated, a
clause deleted. Comments, strings, quoted atoms, directives and the
display predicates (``display_game`` and what only it calls) are never
mutated. The mutants are tried in an order drawn with ``--seed``, the
operators taking turns, until ``--count`` of them that load have run.

Each mutant runs on a scratch copy of the project (a temporary folder,
on ``PYTHONPATH``): a mutant that does not load is skipped; otherwise
the game's test selection (``tests/games/test_GAME.py`` and
``tests/games/test_GAME_*.py``, tests marked ``slow`` left out) runs with
``pytest -x``, and the mutant is caught when it fails or outlasts the
time limit. The project's own file is never written; the scratch copy
goes on exit, also on Ctrl-C.

Mutants known to mean the same as the original are listed in
``benchmarks/mutants_equivalent.txt``, one a line: the mutant's id as
printed, `` -- `` and the reason.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = Path(__file__).resolve().parent / "mutants_equivalent.txt"
GAMES = ("tictactoe", "sliding", "connect4", "trike", "alliances")

# --- Prolog tokens ----------------------------------------------------------

SYMBOL_CHARS = "+-*/\\^<>=~:.?@#&$"
SOLO = "!,;|()[]{}"


@dataclass(frozen=True)
class Token:
    kind: str          # atom, var, int, num, str, qatom, sym, solo, end
    text: str
    start: int         # offset in the file
    line: int
    glued: bool        # no layout before it (``f(`` is a compound)


_NUMBER = re.compile(r"0'(\\.|''|.)|0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|"
                     r"\d[\d_]*(\.\d+([eE][+-]?\d+)?)?")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def tokenize(text: str) -> list[Token]:
    """The tokens of a Prolog text; comments and layout are dropped."""
    tokens: list[Token] = []
    i, line, glued = 0, 1, False
    n = len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            line += c == "\n"
            i += 1
            glued = False
            continue
        if c == "%":
            j = text.find("\n", i)
            i = n if j < 0 else j
            glued = False
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
            glued = False
            continue
        start = i
        if c.isdigit():
            m = _NUMBER.match(text, i)
            assert m is not None
            word = m.group(0)
            kind = "int" if re.fullmatch(r"\d[\d_]*", word) else "num"
            i = m.end()
        elif c.isalpha() or c == "_":
            m = _NAME.match(text, i)
            assert m is not None
            word = m.group(0)
            kind = "var" if (c.isupper() or c == "_") else "atom"
            i = m.end()
        elif c in "'\"`":
            j = i + 1
            while j < n:
                if text[j] == "\\":
                    j += 2
                    continue
                if text[j] == c:
                    if j + 1 < n and text[j + 1] == c:
                        j += 2
                        continue
                    break
                j += 1
            i = j + 1
            word = text[start:i]
            kind = "qatom" if c == "'" else "str"
        elif c in SOLO:
            i += 1
            word = c
            kind = "solo"
        elif c in SYMBOL_CHARS:
            j = i
            while j < n and text[j] in SYMBOL_CHARS:
                j += 1
            word = text[i:j]
            i = j
            kind = "sym"
            if word == "." and (i >= n or text[i] in " \t\r\n%"):
                kind = "end"
        else:
            i += 1
            word = c
            kind = "other"
        tokens.append(Token(kind, word, start, line, glued))
        line += word.count("\n")
        glued = True
    return tokens


# --- Clauses ----------------------------------------------------------------


@dataclass
class Clause:
    tokens: list[Token]
    name: str | None        # None for a directive
    body_start: int         # index in tokens after ``:-`` (len if a fact)
    start: int              # offset of its first character
    stop: int               # offset just after its ending ``.``


def clauses(text: str) -> list[Clause]:
    toks = tokenize(text)
    out: list[Clause] = []
    cur: list[Token] = []
    for t in toks:
        if t.kind == "end":
            if cur:
                out.append(_clause(cur, t))
            cur = []
        else:
            cur.append(t)
    return out


def _clause(toks: list[Token], end: Token) -> Clause:
    first = toks[0]
    name = None if first.text in (":-", "?-") else first.text.strip("'")
    body = len(toks)
    depth = 0
    for k, t in enumerate(toks):
        if t.text in "([{" and t.kind == "solo":
            depth += 1
        elif t.text in ")]}" and t.kind == "solo":
            depth -= 1
        elif depth == 0 and t.text in (":-", "-->") and k > 0:
            body = k + 1
            break
    return Clause(toks, name, body, first.start, end.start + 1)


def exports(cls: list[Clause]) -> set[str]:
    for c in cls:
        texts = [t.text for t in c.tokens]
        if c.name is None and texts[1:3] == ["module", "("]:
            return {texts[k - 1] for k, x in enumerate(texts) if x == "/" and k > 0}
    return set()


def display_only(cls: list[Clause]) -> set[str]:
    """``display_game`` and the predicates only it reaches."""
    defined = {c.name for c in cls if c.name is not None}
    calls: dict[str, set[str]] = {}
    for c in cls:
        if c.name is not None:
            calls.setdefault(c.name, set()).update(
                t.text for t in c.tokens[1:] if t.kind == "atom" and t.text in defined)

    def reach(roots: set[str]) -> set[str]:
        seen: set[str] = set()
        todo = list(roots)
        while todo:
            p = todo.pop()
            if p in seen:
                continue
            seen.add(p)
            todo.extend(calls.get(p, ()))
        return seen

    shown = reach({"display_game"})
    others = reach((exports(cls) & defined) - {"display_game"})
    return shown - others


# --- Mutants ----------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    op: str
    line: int
    predicate: str
    start: int
    stop: int
    before: str
    after: str

    def ident(self, game: str) -> str:
        return f"{game}:{self.line}:{self.op}:{_short(self.before)} => {_short(self.after)}"

    def apply(self, text: str) -> str:
        return text[:self.start] + self.after + text[self.stop:]


def _short(s: str) -> str:
    s = " ".join(s.split())
    return s if len(s) <= 60 else s[:57] + "..."


COMPARISONS = {"<": "=<", "=<": "<", ">": ">=", ">=": ">", "=:=": "=\\=",
               "=\\=": "=:=", "==": "\\==", "\\==": "==", "@<": "@>=",
               "@>": "@=<", "@=<": "@>", "@>=": "@<"}
OPERATORS = ("comparison", "integer", "plusminus", "drop-goal", "swap-args",
             "negate", "delete-clause")
_OPERAND_END = {"var", "int", "num", "atom", "qatom"}
# Tokens that end a goal of a body, at the goal's own depth.
_GOAL_SEPS = {",", "->", ";", "*->", ":-", "|"}


def _matching(toks: list[Token], k: int) -> int:
    """Index of the bracket closing the one at k."""
    depth = 0
    for j in range(k, len(toks)):
        t = toks[j]
        if t.kind == "solo" and t.text in "([{":
            depth += 1
        elif t.kind == "solo" and t.text in ")]}":
            depth -= 1
            if depth == 0:
                return j
    return len(toks) - 1


def _split_args(toks: list[Token], lo: int, hi: int) -> list[tuple[int, int]]:
    """Spans [a, b) of the comma-separated items between lo and hi."""
    spans: list[tuple[int, int]] = []
    depth, a = 0, lo
    for j in range(lo, hi):
        t = toks[j]
        if t.kind == "solo" and t.text in "([{":
            depth += 1
        elif t.kind == "solo" and t.text in ")]}":
            depth -= 1
        elif depth == 0 and t.text == "," and t.kind == "solo":
            spans.append((a, j))
            a = j + 1
    spans.append((a, hi))
    return spans


def _goals(c: Clause) -> list[tuple[int, int, bool]]:
    """Goal spans [a, b) in the body, with whether each is a condition
    (followed by ``->``) or part of a conjunction."""
    toks = c.tokens
    out: list[tuple[int, int, bool]] = []

    def walk(lo: int, hi: int) -> None:
        k, a = lo, lo
        while k <= hi:
            t = toks[k] if k < hi else None
            if t is None or (t.kind in ("solo", "sym") and t.text in _GOAL_SEPS):
                if a < k:
                    out.append((a, k, t is not None and t.text == "->"))
                    # a goal that is a parenthesised control construct
                    if toks[a].text == "(" and toks[a].kind == "solo" and _matching(toks, a) == k - 1:
                        out.pop()
                        walk(a + 1, k - 1)
                a = k + 1
                k += 1
                continue
            if t.kind == "solo" and t.text in "([{":
                k = _matching(toks, k) + 1
                continue
            k += 1

    walk(c.body_start, len(toks))
    return out


def mutants(text: str) -> list[Mutant]:
    """Every single-point mutant of a rule file."""
    cls = clauses(text)
    skip = display_only(cls)
    out: list[Mutant] = []

    def add(op: str, c: Clause, a: int, b: int, after: str) -> None:
        start, stop = c.tokens[a].start, c.tokens[b - 1].start + len(c.tokens[b - 1].text)
        before = text[start:stop]
        if before != after:
            out.append(Mutant(op, c.tokens[a].line, c.name or "", start, stop, before, after))

    for c in cls:
        if c.name is None or c.name in skip:
            continue
        toks = c.tokens
        for k, t in enumerate(toks):
            prev = toks[k - 1] if k > 0 else None
            if t.kind == "sym" and t.text in COMPARISONS and k >= c.body_start:
                add("comparison", c, k, k + 1, COMPARISONS[t.text])
            if t.kind == "int" and not (prev is not None and prev.text == "/"):
                value = int(t.text.replace("_", ""))
                add("integer", c, k, k + 1, str(value + 1))
                if value > 0:
                    add("integer", c, k, k + 1, str(value - 1))
            if (t.kind == "sym" and t.text in ("+", "-") and prev is not None
                    and (prev.kind in _OPERAND_END or prev.text in (")", "]"))
                    and not (k + 1 < len(toks) and toks[k + 1].text == "(" and toks[k + 1].glued)
                    and k >= c.body_start):
                add("plusminus", c, k, k + 1, "-" if t.text == "+" else "+")
            if t.kind == "solo" and t.text == "(" and t.glued and prev is not None \
                    and prev.kind in ("atom", "qatom"):
                close = _matching(toks, k)
                spans = _split_args(toks, k + 1, close)
                for (a1, b1), (a2, b2) in zip(spans, spans[1:]):
                    if a1 < b1 and a2 < b2:
                        s1 = text[toks[a1].start:toks[b1 - 1].start + len(toks[b1 - 1].text)]
                        s2 = text[toks[a2].start:toks[b2 - 1].start + len(toks[b2 - 1].text)]
                        if s1 != s2:
                            add("swap-args", c, a1, b2, f"{s2}, {s1}")
        goals = _goals(c)
        for a, b, cond in goals:
            span = text[toks[a].start:toks[b - 1].start + len(toks[b - 1].text)]
            if cond:
                if toks[a].text == "\\+":
                    inner = text[toks[a + 1].start:toks[b - 1].start + len(toks[b - 1].text)]
                    add("negate", c, a, b, inner)
                else:
                    add("negate", c, a, b, f"\\+ ({span})")
            elif (b < len(toks) and toks[b].text == ",") or (a > c.body_start and toks[a - 1].text == ","):
                add("drop-goal", c, a, b, "true")
        out.append(Mutant("delete-clause", toks[0].line, c.name, c.start, c.stop,
                              text[c.start:c.stop], ""))
    return out


def order(all_mutants: list[Mutant], seed: int) -> list[Mutant]:
    """Every mutant in the order they are tried: the operators taking
    turns, each operator's mutants shuffled by ``seed``."""
    rng = random.Random(seed)
    pools = {op: [m for m in all_mutants if m.op == op] for op in OPERATORS}
    for pool in pools.values():
        rng.shuffle(pool)
    ops = list(OPERATORS)
    rng.shuffle(ops)
    chosen: list[Mutant] = []
    while any(pools.values()):
        for op in ops:
            if pools[op]:
                chosen.append(pools[op].pop())
    return chosen


def equivalents(path: Path = EQUIVALENT_FILE) -> dict[str, str]:
    """Mutant id -> reason, from the list of equivalent mutants."""
    out: dict[str, str] = {}
    if path.exists():
        for raw in path.read_text(encoding="utf-8").splitlines():
            if raw.strip() and not raw.startswith("#") and " -- " in raw:
                ident, reason = raw.split(" -- ", 1)
                out[ident.strip()] = reason.strip()
    return out


# --- Running ----------------------------------------------------------------


def _copy_project(dest: Path) -> None:
    ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".pytest_cache",
                                    "*.egg-info", ".mypy_cache", ".hypothesis")
    for entry in ROOT.iterdir():
        if entry.name in (".git", ".venv") or entry.name.endswith(".egg-info"):
            continue
        target = dest / entry.name
        if entry.is_symlink():
            target.symlink_to(os.readlink(entry))
        elif entry.is_dir():
            shutil.copytree(entry, target, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(entry, target)


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float) -> tuple[int | None, str]:
    """Exit status (None on timeout) and output; the process group is
    killed on timeout or interrupt."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return None, out
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise


def loads(copy: Path, game: str, env: dict[str, str]) -> bool:
    """Whether the copy's game file loads without an error (library(yall)
    loaded first, as in the arena)."""
    goal = ("use_module(library(yall)), "
            f"catch(load_files('prolog/games/{game}.pl', []), E, "
            "(print_message(error, E), halt(1))), halt(0)")
    code, out = _run(["swipl", "-q", "-g", goal, "-t", "halt(1)"], copy, env, 60)
    return code == 0 and "ERROR" not in out


def selection(root: Path, game: str) -> list[str]:
    tests = root / "tests" / "games"
    # the focused modules first: with -x a caught mutant stops sooner
    files = [*sorted(tests.glob(f"test_{game}_*.py")), tests / f"test_{game}.py"]
    return [str(p.relative_to(root)) for p in files if p.exists()]


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    signal.signal(signal.SIGTERM, _interrupted)  # cleaned up as on Ctrl-C
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("\ninterrupted: the scratch copy is removed, the project untouched")
        return 130


def _main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks mutate",
                                     description="Mutation testing of a built-in game's rules.")
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--count", type=int, default=20, help="mutants to try (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds a mutant's tests may take, at least three times "
                             "what the unmutated tests took (default 120)")
    parser.add_argument("--start", type=int, default=1,
                        help="begin at this mutant of the seed's order (to resume a run)")
    parser.add_argument("--list", action="store_true",
                        help="only list the first --count mutants of the order")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")

    game = args.game
    source = (ROOT / "prolog" / "games" / f"{game}.pl").read_text(encoding="utf-8")
    every = mutants(source)
    if args.start < 1:
        parser.error("--start must be at least 1")
    chosen = order(every, args.seed)[args.start - 1:]
    known = equivalents()
    print(f"{game}: {len(every)} mutants in prolog/games/{game}.pl, trying {args.count} "
          f"that load (seed {args.seed}, from mutant {args.start})", flush=True)
    if args.list:
        for m in chosen[:args.count]:
            print(f"  {m.ident(game)}  [{m.predicate}]")
        return 0

    tried = caught = skipped = 0
    survivors: list[Mutant] = []
    start_all = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="arena-mutate-") as tmp:
        copy = Path(tmp) / "project"
        copy.mkdir()
        _copy_project(copy)
        target = copy / "prolog" / "games" / f"{game}.pl"
        env = dict(os.environ, PYTHONPATH=str(copy), ARENA_HOST_STATE="off",
                   PYTHONDONTWRITEBYTECODE="1")
        tests = selection(copy, game)
        cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
               "-m", "not slow", *tests]
        print(f"tests: {' '.join(tests)} (not slow)", flush=True)
        t0 = time.monotonic()
        code, out = _run(cmd, copy, env, 1800)
        if code != 0:
            print(f"the unmutated tests do not pass on the copy:\n{out[-3000:]}")
            return 1
        took = time.monotonic() - t0
        limit = max(args.timeout, 3 * took)
        print(f"unmutated: passed in {took:.0f} s; time limit {limit:.0f} s", flush=True)
        for number, m in enumerate(chosen, args.start):
            if tried == args.count:
                break
            target.write_text(m.apply(source), encoding="utf-8")
            try:
                ident = m.ident(game)
                if not loads(copy, game, env):
                    skipped += 1
                    print(f"[{number}] skipped (does not load): {ident}", flush=True)
                    continue
                tried += 1
                t0 = time.monotonic()
                code, out = _run(cmd, copy, env, limit)
                took = time.monotonic() - t0
                if code is None:
                    caught += 1
                    verdict = "caught (time limit)"
                elif code != 0:
                    caught += 1
                    verdict = "caught"
                else:
                    survivors.append(m)
                    verdict = "SURVIVED" + (" (equivalent)" if ident in known else "")
                print(f"[{number}] {verdict} in {took:.0f} s: {ident}  [{m.predicate}]", flush=True)
            finally:
                target.write_text(source, encoding="utf-8")
    equivalent = [m for m in survivors if m.ident(game) in known]
    live = [m for m in survivors if m.ident(game) not in known]
    relevant = tried - len(equivalent)
    rate = 100.0 * caught / relevant if relevant else 100.0
    print(f"\n{game} (seed {args.seed}): tried {tried}, caught {caught}, "
          f"survived {len(live)}, equivalent {len(equivalent)}, skipped (not loading) {skipped}; "
          f"caught {rate:.0f}% of the non-equivalent ({time.monotonic() - start_all:.0f} s)")
    for m in live:
        print(f"  survivor: line {m.line}, {m.predicate}: {m.op}: "
              f"{_short(m.before)!r} -> {_short(m.after)!r}")
    for m in equivalent:
        print(f"  equivalent: line {m.line}, {m.predicate}: {m.op}: {known[m.ident(game)]}")
    return 0
