"""The files a game file loads: what a jail mounts and a Dask task ships
for it, each file alone, never its folder.

prolog/gamefile/read.pl reads a game file and every file of the game's
folder that a load directive names (use_module/1,2, ensure_loaded/1,
consult/1, include/1, reexport/1, ``[File, ...]``, SICStus' reconsult/1,
compile/1 and load_files/1,2). This finds the same
files from outside, by text: every name in such a directive that is a
file of the folder (as given, or with a Prolog suffix) counts, so that
it may find more than the reader reads, never less. Libraries, and
links leading out of the game's folder, are left out, as the reader
refuses them.

The game's folder is the game file's, or where the game loads files
from above it (``'../control/rules.pl'``), the lowest folder holding
them all, never above the folder arena runs in (a submission's files
are found from its own folder). A name that names no file but one whose
name differs only in case (``'../View/board.pl'`` for ``view/board.pl``,
as a student on Windows or macOS wrote it) names that one.
"""

from __future__ import annotations

import codecs
import os
import re
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

from pybridge.errors import ArenaError

#: At most this many files, of this many bytes each, are followed.
MAX_FILES = 500
MAX_BYTES = 8 * 1024 * 1024

SUFFIXES = ("", ".pl", ".prolog", ".pro")
LOADS = ("use_module", "ensure_loaded", "consult", "reconsult", "compile", "include", "reexport",
         "load_files")

_DIRECTIVE = re.compile(r"(?:^|(?<=[.\s]))(?::-|\?-)\s*(.*?)\.(?=\s|$|%)", re.S)
_LIBRARY = re.compile(r"\blibrary\s*\([^)]*\)")
_NAME = re.compile(r"""'((?:[^'\\]|\\.|'')*)'|"((?:[^"\\]|\\.|"")*)"|([a-z][A-Za-z0-9_]*(?:\s*/\s*[a-z][A-Za-z0-9_]*)*)""")


class GameSourcesError(ArenaError, ValueError):
    """A game file whose files cannot be listed (missing, too many)."""


def _without_comments(text: str) -> str:
    """``text`` with comments blanked, quoted text kept."""
    out = []
    pos = 0
    for m in re.finditer(r"""'(?:[^'\\\n]|\\.|'')*'|"(?:[^"\\\n]|\\.|"")*"|0'.|%[^\n]*|/\*.*?\*/""",
                         text, re.S):
        out.append(text[pos:m.start()])
        token = m.group(0)
        out.append(" " if token.startswith(("%", "/*")) else token)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def decoded(data: bytes) -> str:
    """A file's text as the reader takes it: UTF-16 or UTF-32 where a
    byte order mark says so (SWI-Prolog's open/4 reads the mark), else
    UTF-8."""
    for mark, codec in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                        (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
                        (codecs.BOM_UTF8, "utf-8-sig")):
        if data.startswith(mark):
            return data.decode(codec, errors="replace")
    return data.decode("utf-8", errors="replace")


def _named(directive: str) -> list[str]:
    """The names a load directive gives files by."""
    head = directive.lstrip()
    if not (head.startswith("[") or any(re.match(rf"{w}\s*\(", head) for w in LOADS)):
        return []
    body = _LIBRARY.sub(" ", head)
    names = []
    for m in _NAME.finditer(body):
        quoted, string, bare = m.groups()
        name = quoted if quoted is not None else string if string is not None else bare
        name = re.sub(r"\s*/\s*", "/", name.replace("''", "'"))
        if name and name not in LOADS and name not in ("all", "except", "as"):
            names.append(name)
    return names


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def files(game_file: str | Path) -> dict[str, Path]:
    """Every file ``game_file`` may load, the file itself first: the path
    of each relative to the game's folder (as the reader names it) -> the
    file it is (links resolved, always inside the folder)."""
    main = Path(os.path.abspath(game_file))
    if not main.is_file():
        raise GameSourcesError(f"no game file {str(game_file)!r}")
    bound = _bound(main.parent)
    real_bound = bound.resolve()
    found: dict[Path, Path] = {}
    todo = [main]
    while todo:
        path = todo.pop(0)
        if path in found:
            continue
        if len(found) >= MAX_FILES:
            raise GameSourcesError(f"the game file {main} loads more than {MAX_FILES} files")
        real = path.resolve()
        if not real.is_relative_to(real_bound):
            if path == main:
                found[path] = real  # the game file itself, wherever its link leads
            continue
        found[path] = real
        try:
            with real.open("rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise GameSourcesError(f"cannot read {path}: {exc.strerror}") from None
        if len(data) > MAX_BYTES:
            continue  # the reader refuses it; nothing more to mount for it
        text = _without_comments(decoded(data))
        for directive in _DIRECTIVE.finditer(text):
            for name in _named(directive.group(1)):
                target = _loaded(path.parent, _unescape(name), bound)
                if target is not None:
                    todo.append(target)
    root = Path(os.path.commonpath([p.parent for p in found]))
    return {p.relative_to(root).as_posix(): real for p, real in found.items()}


def folder(game_file: str | Path, found: dict[str, Path] | None = None) -> Path:
    """The game's folder: the one the paths :func:`files` gives (or gave,
    ``found``) are relative to."""
    main = Path(os.path.abspath(game_file))
    first = next(iter(found if found is not None else files(main)))
    return main.parents[len(Path(first).parts) - 1]


def above(note: str) -> str:
    """``note`` (what loading left out), with where to run arena from
    when the file it says is not there lies above the folder arena runs in."""
    m = re.search(r"no file '((?:[^'\\]|\\.)*)' beside (/.+?) \(", note)
    if m is None:
        return note
    folder = Path(m.group(2)).parent
    for suffix in SUFFIXES:
        there = Path(os.path.normpath(folder / (_unescape(m.group(1)) + suffix)))
        if there.is_file() or _case_blind(Path(there.anchor), there.parts[1:]) is not None:
            submission = _WITHIN.get()
            if submission is not None:      # never read: not for this submission's game
                return f"{note}: it lies outside the submission's folder {submission}"
            here = Path(os.path.abspath(os.curdir))
            return (f"{note}: it lies outside {here}, the folder arena runs in; run arena "
                    f"from a folder that holds the whole game "
                    f"({os.path.commonpath([str(folder), str(there.parent)])})")
    return note


#: The folder a submission's game may load files from, where one is
#: being checked (:func:`within`), in place of the folder arena runs in.
_WITHIN: ContextVar[Path | None] = ContextVar("arena_game_within", default=None)


@contextmanager
def within(folder: str | Path) -> Iterator[None]:
    """While it lasts, games load files from ``folder`` at most (one
    submission among others: never from a sibling's folder)."""
    token = _WITHIN.set(Path(os.path.abspath(folder)))
    try:
        yield
    finally:
        _WITHIN.reset(token)


def _bound(folder: Path) -> Path:
    """The highest folder a game in ``folder`` may load files from: the
    submission's (:func:`within`), else the folder arena runs in, where
    ``folder`` lies in it; else ``folder``."""
    here = _WITHIN.get() or Path(os.path.abspath(os.curdir))
    return here if folder.is_relative_to(here) and here != Path(here.anchor) else folder


def _loaded(folder: Path, name: str, bound: Path) -> Path | None:
    """The file ``name`` names from ``folder`` (its path as the reader
    sees it), where it lies within ``bound``."""
    if "\0" in name or len(name) > 4096:
        return None
    candidates = [Path(os.path.normpath(folder / (name + suffix))) for suffix in SUFFIXES]
    inside = [c for c in candidates if c.is_relative_to(bound) and c != bound]
    for candidate in inside:
        if candidate.is_file():
            return candidate
    for candidate in inside:
        other = _case_blind(bound, candidate.relative_to(bound).parts)
        if other is not None:
            return other
    return None


def _case_blind(bound: Path, parts: tuple[str, ...]) -> Path | None:
    """The file under ``bound`` whose path is ``parts`` but for case (the
    one name of each folder that differs only in case), or None."""
    here = bound
    for part in parts:
        try:
            same = [entry for entry in here.iterdir() if entry.name.lower() == part.lower()]
        except OSError:
            return None
        if len(same) != 1:
            return None
        here = same[0]
    return here if here.is_file() else None


def unloaded_definitions(game_file: str | Path, names: list[str]) -> list[tuple[str, str]]:
    """Files of the game's folder (not below it) that no file of the game
    loads but that define one of ``names`` (a clause head at a line's
    start, with arguments or none): (file name, name) pairs, at most 8."""
    try:
        loaded = set(files(game_file).values())
    except GameSourcesError:
        return []
    folder = Path(os.path.abspath(game_file)).parent
    found: list[tuple[str, str]] = []
    try:
        beside = sorted(folder.iterdir())[:MAX_FILES]
    except OSError:
        return []
    for path in beside:
        if path.suffix not in SUFFIXES[1:] or not path.is_file() or path.is_symlink() \
                or path.resolve() in loaded:
            continue
        found += [(path.name, name) for name in sorted(defined_names(path) & set(names))]
    return found[:8]


#: A clause's head at a line's start: its name (with arguments or none).
_HEAD = re.compile(r"^([a-z][A-Za-z0-9_]{0,80})(?:\(|\s*(?::-|\.))", re.M)


def defined_names(path: str | Path) -> set[str]:
    """The names of the predicates ``path`` defines (a clause head at a
    line's start); empty where it cannot be read."""
    try:
        with open(path, "rb") as handle:
            text = _without_comments(decoded(handle.read(MAX_BYTES)))
    except OSError:
        return set()
    return set(_HEAD.findall(text))


def loaders(game_file: str | Path, of: list[str]) -> list[str]:
    """Files of the game's folder (not below it) that load ``game_file``
    and the files named in ``of`` (the program's start, where
    ``game_file`` is one of its parts): their names, at most 3, those
    that load the fewest files first (a test file that loads the start
    comes after it); not those ``game_file`` itself loads (parts that
    load each other), nor one that loads no other file than those
    ``game_file`` loads (its tests)."""
    main = Path(os.path.abspath(game_file)).resolve()
    folder = main.parent
    try:
        beside = sorted(folder.iterdir())[:MAX_FILES]
    except OSError:
        return []
    try:
        own = set(files(main).values())     # a file it loads itself is no start above it
    except GameSourcesError:
        own = set()
    found: list[tuple[int, str]] = []
    for path in beside:
        if path.suffix not in SUFFIXES[1:] or not path.is_file() or path.is_symlink() \
                or path.resolve() == main or path.resolve() in own:
            continue
        try:
            loaded = set(files(path).values())
        except GameSourcesError:
            continue
        others = loaded - own - {main, path.resolve()}
        if main in loaded and others and all((folder / name).resolve() in loaded for name in of):
            found.append((len(loaded), path.name))      # not a test file of this one alone
    return [name for _, name in sorted(found)[:3]]    # the nearest start first


__all__ = ["GameSourcesError", "above", "defined_names", "files", "folder", "loaders",
           "unloaded_definitions",
           "within"]
