"""Copied programs: pairs of submissions ranked by how much of their
normalised code they share, as MOSS does it (Schleimer, Wilkerson and
Aiken, "Winnowing", SIGMOD 2003).

Each clause is read by SWI-Prolog as data (:mod:`pybridge.championship.prolog_terms`:
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
import os
import re
from concurrent.futures import ThreadPoolExecutor
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from pybridge.championship.entrants import safe_name
from pybridge.play.players import BOT_SUFFIXES
from pybridge.championship.prolog_terms import READ_SECONDS, SourceFile, read_files
from pybridge.safeio import UnsafeFileError, read_regular, write_atomically
from pybridge.models.sources import decoded
from pybridge.championship.schedule import TournamentError
from pybridge.text import clean_line

#: Pairs scoring above this are flagged.
THRESHOLD = 0.6
#: A Prolog file larger than this is not compared (a course bot is far smaller).
MAX_SOURCE = 2 * 2**20
#: At most this many files of one submission are compared.
MAX_FILES = 200
K = 8  # tokens in a k-gram
WINDOW = 4  # k-grams in a winnowing window
_TOKEN = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[A-Z_][A-Za-z0-9_]*|[a-z][A-Za-z0-9_]*"
                    r"|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[^\sA-Za-z0-9_'\"]")
_VARIABLE = re.compile(r"[A-Z_]")
_DIRECTIVE = re.compile(r":-\((use_module|dynamic|discontiguous|module|op|ensure_loaded)\(")


@dataclass(frozen=True)
class SubmissionFiles:
    """One submission: its name, its Prolog files to compare, and the
    files passed over with why (file, reason)."""

    name: str
    files: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...] = ()
    #: why it is not named as its folder (another cleans to the same name)
    note: str = ""


@dataclass(frozen=True)
class Skipped:
    """A file not compared: whose, which, why."""

    submission: str
    file: str
    reason: str


@dataclass(frozen=True)
class SimilarPassage:
    """Two clauses that share fingerprints: file and source text of each."""

    a_file: str
    a_text: str
    b_file: str
    b_text: str
    shared: int


@dataclass(frozen=True)
class SimilarPair:
    a: str
    b: str
    score: float
    flagged: bool
    matches: tuple[SimilarPassage, ...] = ()


def submissions(paths: Iterable[str]) -> list[SubmissionFiles]:
    """The submissions of :func:`collect`."""
    return collect(paths)[0]


def collect(paths: Iterable[str]) -> tuple[list[SubmissionFiles], list[Skipped]]:
    """A submission per bot file named, and per submission folder; a folder
    of submission folders gives one per subfolder (hidden ones and links
    listed as skipped). A submission folder is compared by the one bot
    file it plays when it has exactly one at its top, else by all its
    Prolog files below it, each checked on its own (see :func:`usable`).
    Names as in tournaments, unique. Second: what was passed over in a
    folder of submissions."""
    out: list[SubmissionFiles] = []
    passed: list[Skipped] = []
    sources: list[Path] = []    # the file or folder each submission is named after
    for text in paths:
        path = Path(text)
        if path.is_file():
            out.append(_submission(safe_name(path.stem), [path], []))
            sources.append(Path(path.stem))
        elif path.is_dir():
            subs = []
            for p in sorted(path.iterdir()):
                if p.name.startswith(".") and p.is_dir():
                    passed.append(Skipped("", str(p), "a hidden folder (its name begins with "
                                                      "a dot)"))
                elif p.is_symlink():
                    passed.append(Skipped("", str(p), "a symbolic link"))
                elif p.is_dir():
                    subs.append(p)
            if _prolog_files(path, deep=False)[0] or not subs:
                out.append(_folder_submission(path, text))
                sources.append(path)
            else:
                for sub in subs:
                    found = _folder_submission(sub, str(sub), required=False)
                    if found.files or found.skipped:
                        out.append(found)
                        sources.append(sub)
        else:
            raise TournamentError(f"no file or folder {clean_line(text)!r}")
    return _distinct(out, sources), passed


def _distinct(subs: list[SubmissionFiles], sources: list[Path]) -> list[SubmissionFiles]:
    """Names made distinct and stable as a tournament makes them (bob,
    bob! -> bob, bob-be1b49): one already named so keeps its name, the
    others get a digest of their own name (of their path, for the same
    name twice), each with a note."""
    names = [s.name for s in subs]
    out = list(subs)
    for i, sub in enumerate(subs):
        same = [j for j, n in enumerate(names) if n == sub.name]
        exact = [j for j in same if sources[j].name == sub.name]
        if len(same) < 2 or exact == [i]:
            continue
        twins = [j for j in same if sources[j].name == sources[i].name]
        base = str(sources[i]) if len(twins) > 1 else sources[i].name
        new = f"{sub.name}-{hashlib.sha256(base.encode('utf-8', 'surrogateescape')).hexdigest()[:6]}"
        note = (f"submission {clean_line(str(sources[i]))!r} is compared as {new!r}: its name "
                f"cleans to {sub.name!r}, as another's")
        out[i] = dataclasses.replace(sub, name=new, note=note)
    return out


def _folder_submission(folder: Path, text: str, *, required: bool = True) -> SubmissionFiles:
    """A submission folder: the one bot file at its top if there is exactly
    one, else every Prolog file below it."""
    top, _ = _prolog_files(folder, deep=False)
    passed: list[tuple[str, str]] = []
    if len(top) == 1:
        files = top
    else:
        files, passed = _prolog_files(folder, deep=True)
    if not files and not passed and required:
        raise TournamentError(f"folder {clean_line(text)!r} has no Prolog files")
    return _submission(safe_name(folder.name), files, passed)


def _submission(name: str, files: Sequence[Path], passed: list[tuple[str, str]]) -> SubmissionFiles:
    kept = []
    for f in files:
        why = usable(f)
        if why is None:
            kept.append(str(f))
        else:
            passed.append((str(f), why))
        if len(kept) == MAX_FILES:
            passed += [(str(g), f"over {MAX_FILES} files in one submission")
                       for g in files[files.index(f) + 1:]]
            break
    return SubmissionFiles(name, tuple(kept), tuple(passed))


def usable(path: Path) -> str | None:
    """Why the Prolog file ``path`` is not compared (a link, not a regular
    file, too large, unreadable, not UTF-8, a name with control
    characters), or None."""
    text = str(path)
    if clean_line(text, len(text) + 1) != text:
        return "its name has control characters"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "its name is not UTF-8"
    if path.is_symlink():
        return "a symbolic link"
    try:
        data = read_regular(path, limit=MAX_SOURCE)
    except UnsafeFileError as exc:
        return exc.message
    except OSError as exc:
        return f"unreadable ({exc.strerror or exc})"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return f"not UTF-8 text (byte {exc.start})"
    return None


def _prolog_files(folder: Path, *, deep: bool) -> tuple[list[Path], list[tuple[str, str]]]:
    """The Prolog files in ``folder`` (below it too when ``deep``), and the
    hidden folders and folder links passed over on the way."""
    found: list[Path] = []
    passed: list[tuple[str, str]] = []
    for here, dirs, names in os.walk(folder, followlinks=False):
        for d in sorted(dirs):
            if d.startswith(".") and deep:
                passed.append((os.path.join(here, d), "a hidden folder (its name begins "
                                                      "with a dot)"))
            elif os.path.islink(os.path.join(here, d)) and deep:
                passed.append((os.path.join(here, d), "a symbolic link to a folder"))
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")) if deep else []
        found += [Path(here) / n for n in sorted(names)
                  if Path(n).suffix in BOT_SUFFIXES and not n.startswith(".")]
    return sorted(found), passed


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
        raw = decoded(read_regular(source.path, limit=MAX_SOURCE))
    except OSError:  # UnsafeFileError too: changed since it was checked
        raw = ""
    out = []
    for c in source.clauses:
        if _DIRECTIVE.match(c.text):
            continue  # boilerplate
        out.append(_Clause(source.path, raw[c.start:c.end].strip(),
                           frozenset(fingerprints(tokens(c.text)))))
    return out


def compare(subs: Sequence[SubmissionFiles], *, threshold: float = THRESHOLD,
            common: float = 0.5) -> list[SimilarPair]:
    """Every pair of ``subs``, most similar first (see :func:`comparison`)."""
    return comparison(subs, threshold=threshold, common=common).pairs


@dataclass(frozen=True)
class Comparison:
    """Every pair, most similar first, and every file not compared."""

    pairs: list[SimilarPair]
    skipped: list[Skipped]


def comparison(subs: Sequence[SubmissionFiles], *, threshold: float = THRESHOLD,
               common: float = 0.5, seconds: float = READ_SECONDS) -> Comparison:
    """Every pair of ``subs``, most similar first, each file read within
    ``seconds`` of its own (one that is not is skipped, the others
    compared). Fingerprints found in more than ``common`` of the
    submissions (when there are 4 or more) are not counted."""
    if not 0 <= threshold <= 1:
        raise TournamentError(f"the threshold is a share from 0 to 1, got {threshold}")
    skipped = [Skipped(s.name, f, why) for s in subs for f, why in s.skipped]
    with ThreadPoolExecutor(max_workers=2) as pool:  # a process (and jail) per submission
        read = {f: source for s, sources in zip(subs, pool.map(
                    lambda s: read_files(s.files, seconds=seconds), subs))
                for f, source in zip(s.files, sources)}
    unread: set[str] = set()
    for s in subs:
        for f in s.files:
            why = _unread(read[f], seconds)
            if why is not None:
                skipped.append(Skipped(s.name, f, why))
                if not read[f].clauses:
                    unread.add(f)
    clauses = {s.name: [c for f in s.files if f not in unread for c in _clauses(read[f])]
               for s in subs}
    # a submission with no file read is listed as skipped, never scored 0
    subs = [s for s in subs if any(f not in unread for f in s.files)]
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
            pairs.append(SimilarPair(a.name, b.name, round(score, 3), flagged, matches))
    pairs.sort(key=lambda p: (-p.score, p.a, p.b))
    return Comparison(pairs, skipped)


def _unread(source: SourceFile, seconds: float) -> str | None:
    """Why ``source`` is not compared, or not all of it: not read, or a
    syntax error (what could be read of it is compared)."""
    if source.error is not None:
        return (f"not read within {seconds:g} s" if "time_limit_exceeded" in source.error
                else f"SWI-Prolog could not read it: {clean_line(source.error, 200)}")
    if source.syntax:
        more = f" (and {len(source.syntax) - 1} more)" if len(source.syntax) > 1 else ""
        rest = (f"; its {len(source.clauses)} readable clauses compared" if source.clauses
                else "; nothing in it could be read")
        return f"syntax error at {source.syntax[0]}{more}{rest}"
    return None


def _matches(a: Sequence[_Clause], b: Sequence[_Clause], boiler: set[int]) -> tuple[SimilarPassage, ...]:
    """Each clause of ``a`` with the clause of ``b`` it shares most with."""
    out = []
    for ca in a:
        mine = ca.prints - boiler
        if not mine:
            continue
        best = max(b, key=lambda cb: len(mine & cb.prints), default=None)
        if best is not None and len(mine & best.prints) * 2 >= len(mine):
            out.append(SimilarPassage(ca.file, ca.text, best.file, best.text, len(mine & best.prints)))
    return tuple(out)


def document(pairs: Sequence[SimilarPair], skipped: Sequence[Skipped] = ()
             ) -> dict[str, list[dict[str, object]]]:
    """The ``--json`` output: ``{"pairs": [{"a", "b", "score", "flagged"}],
    "skipped": [{"submission", "file", "reason"}]}``."""
    return {"pairs": [{"a": p.a, "b": p.b, "score": p.score, "flagged": p.flagged}
                      for p in pairs],
            "skipped": [{"submission": k.submission, "file": clean_line(k.file),
                         "reason": k.reason} for k in skipped]}


def save(out: str | Path, pairs: Sequence[SimilarPair], skipped: Sequence[Skipped] = ()) -> Path:
    """Write ``OUT/similarity.json`` (what the report shows)."""
    path = Path(out) / "similarity.json"
    write_atomically(path, json.dumps(document(pairs, skipped), indent=2) + "\n")
    return path


__all__ = ["collect", "Comparison", "K", "MAX_FILES", "MAX_SOURCE", "SimilarPair", "SimilarPassage", "Skipped",
           "SubmissionFiles",
           "THRESHOLD", "WINDOW", "compare", "comparison", "document", "fingerprints", "save",
           "submissions", "tokens", "usable"]
