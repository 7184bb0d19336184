"""Copied programs: pairs of submissions ranked by how much of their
normalised code they share, as MOSS does it (Schleimer, Wilkerson and
Aiken, "Winnowing", SIGMOD 2003).

Each clause is read by SWI-Prolog as data (:mod:`pybridge.prolog_terms`:
comments and layout gone, variables numbered, the program's own predicate
names replaced), cut into tokens, and its k-grams hashed; winnowing keeps
the smallest hash of every window. A submission is the set of its
clauses' fingerprints, so clause order does not matter. Fingerprints that
most submissions share (the game's API, boilerplate) are dropped. A
pair's score is the mean of the two shares of fingerprints each has in
common with the other (0..1).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from .safeio import write_atomically
from .entrants import safe_name
from .players import BOT_SUFFIXES
from .prolog_terms import SourceFile, read_files
from .scoring import TournamentError

#: Pairs scoring above this are flagged.
THRESHOLD = 0.6
K = 8  # tokens in a k-gram
WINDOW = 4  # k-grams in a winnowing window
_TOKEN = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[A-Z_][A-Za-z0-9_]*|[a-z][A-Za-z0-9_]*"
                    r"|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[^\sA-Za-z0-9_'\"]")
_VARIABLE = re.compile(r"[A-Z_]")
_DIRECTIVE = re.compile(r":-\((use_module|dynamic|discontiguous|module|op|ensure_loaded)\(")


@dataclass(frozen=True)
class Submission:
    """One submission: its name and its Prolog files."""

    name: str
    files: tuple[str, ...]


@dataclass(frozen=True)
class Match:
    """Two clauses that share fingerprints: file and source text of each."""

    a_file: str
    a_text: str
    b_file: str
    b_text: str
    shared: int


@dataclass(frozen=True)
class Pair:
    a: str
    b: str
    score: float
    flagged: bool
    matches: tuple[Match, ...] = ()


def submissions(paths: Iterable[str]) -> list[Submission]:
    """A submission per bot file named, and per submission folder (its
    Prolog files, below it too); a folder of submission folders gives one
    per subfolder. Names as in tournaments, unique."""
    out: list[Submission] = []
    for text in paths:
        path = Path(text)
        if path.is_file():
            out.append(Submission(safe_name(path.stem), (str(path),)))
        elif path.is_dir():
            subs = sorted(p for p in path.iterdir() if p.is_dir() and not p.name.startswith("."))
            own = _prolog_files(path, deep=False)
            if own or not subs:
                files = _prolog_files(path, deep=True)
                if not files:
                    raise TournamentError(f"folder {text!r} has no Prolog files")
                out.append(Submission(safe_name(path.name), files))
            else:
                for sub in subs:
                    files = _prolog_files(sub, deep=True)
                    if files:
                        out.append(Submission(safe_name(sub.name), files))
        else:
            raise TournamentError(f"no file or folder {text!r}")
    names = [s.name for s in out]
    for name in set(names):
        if names.count(name) > 1:
            raise TournamentError(f"two submissions named {name!r}: compare them from "
                                  "folders named apart")
    return out


def _prolog_files(folder: Path, *, deep: bool) -> tuple[str, ...]:
    found = folder.rglob("*") if deep else folder.iterdir()
    return tuple(sorted(str(p) for p in found if p.is_file() and p.suffix in BOT_SUFFIXES))


def tokens(text: str) -> list[str]:
    """The tokens of a normalised clause (every variable is one token)."""
    return ["V" if _VARIABLE.match(t) else t for t in _TOKEN.findall(text)]


def _hash(gram: Sequence[str]) -> int:
    return int.from_bytes(hashlib.blake2b("\x00".join(gram).encode(), digest_size=8).digest(), "big")


def fingerprints(toks: Sequence[str], k: int = K, window: int = WINDOW) -> set[int]:
    """The winnowed fingerprints of one token sequence."""
    if not toks:
        return set()
    if len(toks) <= k:
        return {_hash(toks)}
    hashes = [_hash(toks[i:i + k]) for i in range(len(toks) - k + 1)]
    if len(hashes) <= window:
        return {min(hashes)}
    return {min(hashes[i:i + window]) for i in range(len(hashes) - window + 1)}


@dataclass(frozen=True)
class _Clause:
    file: str
    text: str  # the source text
    prints: frozenset[int]


def _clauses(source: SourceFile) -> list[_Clause]:
    try:
        raw = Path(source.path).read_bytes().decode("utf-8", errors="replace")
    except OSError:
        raw = ""
    out = []
    for c in source.clauses:
        if _DIRECTIVE.match(c.text):
            continue  # boilerplate
        out.append(_Clause(source.path, raw[c.start:c.end].strip(),
                           frozenset(fingerprints(tokens(c.text)))))
    return out


def compare(subs: Sequence[Submission], *, threshold: float = THRESHOLD,
            common: float = 0.5) -> list[Pair]:
    """Every pair of ``subs``, most similar first. Fingerprints found in
    more than ``common`` of the submissions (when there are 4 or more)
    are not counted."""
    if not 0 <= threshold <= 1:
        raise TournamentError(f"the threshold is a share from 0 to 1, got {threshold}")
    files = [f for s in subs for f in s.files]
    read = dict(zip(files, read_files(files)))
    clauses = {s.name: [c for f in s.files for c in _clauses(read[f])] for s in subs}
    prints = {n: frozenset().union(*(c.prints for c in cs)) for n, cs in clauses.items()}
    if len(subs) >= 4:
        counts: dict[int, int] = {}
        for p in prints.values():
            for h in p:
                counts[h] = counts.get(h, 0) + 1
        boiler = {h for h, n in counts.items() if n > common * len(subs)}
        prints = {n: p - boiler for n, p in prints.items()}
    else:
        boiler = set()
    pairs = []
    for i, a in enumerate(subs):
        for b in subs[i + 1:]:
            pa, pb = prints[a.name], prints[b.name]
            shared = pa & pb
            score = (len(shared) / len(pa) + len(shared) / len(pb)) / 2 if pa and pb else 0.0
            flagged = score > threshold
            matches = _matches(clauses[a.name], clauses[b.name], boiler) if flagged else ()
            pairs.append(Pair(a.name, b.name, round(score, 3), flagged, matches))
    pairs.sort(key=lambda p: (-p.score, p.a, p.b))
    return pairs


def _matches(a: Sequence[_Clause], b: Sequence[_Clause], boiler: set[int]) -> tuple[Match, ...]:
    """Each clause of ``a`` with the clause of ``b`` it shares most with."""
    out = []
    for ca in a:
        mine = ca.prints - boiler
        if not mine:
            continue
        best = max(b, key=lambda cb: len(mine & cb.prints), default=None)
        if best is not None and len(mine & best.prints) * 2 >= len(mine):
            out.append(Match(ca.file, ca.text, best.file, best.text, len(mine & best.prints)))
    return tuple(out)


def document(pairs: Sequence[Pair]) -> dict[str, list[dict[str, object]]]:
    """The ``--json`` output: ``{"pairs": [{"a", "b", "score", "flagged"}]}``."""
    return {"pairs": [{"a": p.a, "b": p.b, "score": p.score, "flagged": p.flagged}
                      for p in pairs]}


def save(out: str | Path, pairs: Sequence[Pair]) -> Path:
    """Write ``OUT/similarity.json`` (what the report shows)."""
    path = Path(out) / "similarity.json"
    write_atomically(path, json.dumps(document(pairs), indent=2) + "\n")
    return path


__all__ = ["K", "save", "Match", "Pair", "Submission", "THRESHOLD", "WINDOW", "compare", "document",
           "fingerprints", "submissions", "tokens"]
