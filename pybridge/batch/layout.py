"""Where a course's submissions are and which file is each one's game.

A FOLDER given to ``arena check-games`` holds one submission per
subfolder (hidden folders and links are passed over); a folder that
itself holds a game (``arena.toml``, ``src/game.pl`` or a Prolog file at
its top) is one submission. The game file of a submission, in this order:

1. ``arena.toml`` at the submission's top names it::

       game = "src/main.pl"        # the file to check, from the folder
       config = "[8, 2]"           # optional: the term for initial_state/2
       dialect = "sicstus4"        # optional: auto (default), swi, sicstus4

2. the Prolog file that defines ``play/0``: ``src/game.pl`` as the
   2024/25 course asks, else the shallowest, then one named game, main
   or play (the others are noted);
3. else ``src/game.pl``, else the one file that defines ``initial_state``.

Nothing here runs or loads a submission's code: files are read as text,
bounded.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pybridge.errors import ArenaError
from pybridge.models.gamefile import DIALECTS
from pybridge.models.sources import decoded
from pybridge.safeio import UnsafeFileError, read_regular
from pybridge.text import clean_line
from pybridge.types import Dialect

CONFIG_FILE = "arena.toml"
SUFFIXES = (".pl", ".pro", ".prolog")
#: How deep below a submission's top Prolog files are looked for, how
#: many are read and how much of each.
MAX_DEPTH = 5
MAX_FILES = 400
READ_BYTES = 1024 * 1024
CONFIG_BYTES = 16 * 1024

_PLAY = re.compile(r"^play\s*(?::-|-->|\.)", re.M)
_INITIAL = re.compile(r"^initial_state\s*\(", re.M)
_SAFE = re.compile(r"[^\w.+@-]+")
_PREFERRED = ("game", "main", "play")


class LayoutError(ArenaError, ValueError):
    """A folder that is not a course's submissions, or a bad arena.toml."""


@dataclass(frozen=True)
class SubmissionFolder:
    """One submission folder: its name (safe for file names), its folder,
    its game file (None: none found, ``why`` says so), how it was found,
    the config term and dialect its arena.toml gives, and notes (other
    candidates)."""

    name: str
    folder: str
    game: str | None
    found_by: str
    config: str | None = None
    dialect: Dialect = Dialect.AUTO
    why: str = ""
    notes: tuple[str, ...] = ()

    @property
    def relative_game(self) -> str:
        """The game file's path from the submission's folder ('' if none)."""
        if self.game is None:
            return ""
        return Path(self.game).relative_to(self.folder).as_posix()


def safe_name(text: str) -> str:
    """A name safe to show and to use as a file name."""
    return _SAFE.sub("_", clean_line(text, 80)).strip("_.") or "submission"


def submissions(folders: list[str]) -> tuple[list[SubmissionFolder], list[str]]:
    """The submissions of ``folders``, names made unique, and what was
    passed over (a line each); LayoutError for a folder that is missing."""
    found: list[SubmissionFolder] = []
    passed: list[str] = []
    for text in folders:
        top = Path(text)
        if not top.is_dir():
            raise LayoutError(f"no folder {clean_line(text, 300)!r}")
        if _is_submission(top):
            found.append(submission(top))
            continue
        for sub in sorted(top.iterdir()):
            if sub.is_symlink():
                passed.append(f"{clean_line(sub, 300)}: a symbolic link")
            elif sub.name.startswith("."):
                continue
            elif sub.is_dir():
                found.append(submission(sub))
    seen: dict[str, int] = {}
    unique = []
    for s in found:
        n = seen.get(s.name, 0)
        seen[s.name] = n + 1
        unique.append(s if n == 0 else SubmissionFolder(
            f"{s.name}-{n + 1}", s.folder, s.game, s.found_by, s.config, s.dialect, s.why,
            s.notes))
    return unique, passed


def _is_submission(folder: Path) -> bool:
    return ((folder / CONFIG_FILE).is_file() or (folder / "src" / "game.pl").is_file()
            or any(p.suffix in SUFFIXES and p.is_file() for p in folder.iterdir()))


def submission(folder: Path) -> SubmissionFolder:
    """The submission in ``folder`` and its game file."""
    name = safe_name(folder.name)
    root = str(folder.resolve())
    try:
        config = _config(folder)
    except LayoutError as exc:
        return SubmissionFolder(name, root, None, CONFIG_FILE, why=str(exc))
    if config is not None:
        game, term, dialect = config
        path = _inside(folder, game)
        if path is None:
            return SubmissionFolder(name, root, None, CONFIG_FILE, term, dialect,
                              f"{CONFIG_FILE} names game {clean_line(game, 200)!r}, which is "
                              "not a file inside the folder")
        return SubmissionFolder(name, root, str(path), CONFIG_FILE, term, dialect)
    course = folder / "src" / "game.pl"
    files = prolog_files(folder)
    texts = {p: _text(p) for p in files}
    plays = [p for p in files if _PLAY.search(texts[p])]
    if plays:
        plays.sort(key=lambda p: (p != course, _rank(folder, p)))
        others = tuple(f"also defines play/0: {p.relative_to(folder).as_posix()}"
                       for p in plays[1:4])
        how = "src/game.pl" if plays[0] == course else "play/0"
        return SubmissionFolder(name, root, str(plays[0].resolve()), how, notes=others)
    if course in files:
        return SubmissionFolder(name, root, str(course.resolve()), "src/game.pl")
    initials = [p for p in files if _INITIAL.search(texts[p])]
    if len(initials) == 1:
        return SubmissionFolder(name, root, str(initials[0].resolve()), "initial_state")
    if not files:
        why = "no Prolog file (.pl, .pro, .prolog) in the folder"
    elif initials:
        listed = ", ".join(p.relative_to(folder).as_posix() for p in initials[:5])
        why = (f"no file defines play/0 and several define initial_state ({listed}): name the "
               f"game in {CONFIG_FILE} (game = \"src/main.pl\")")
    else:
        why = (f"no Prolog file defines play/0 or initial_state: name the game in "
               f"{CONFIG_FILE} (game = \"src/main.pl\")")
    return SubmissionFolder(name, root, None, "", why=why)


def _rank(folder: Path, path: Path) -> tuple[int, int, str]:
    depth = len(path.relative_to(folder).parts)
    stem = path.stem.lower()
    return (depth, _PREFERRED.index(stem) if stem in _PREFERRED else len(_PREFERRED),
            path.as_posix())


def prolog_files(folder: Path) -> list[Path]:
    """The Prolog files below ``folder`` (no links followed, hidden folders
    skipped), at most MAX_FILES, sorted."""
    out: list[Path] = []
    for here, dirs, files in os.walk(folder, followlinks=False):
        depth = len(Path(here).relative_to(folder).parts)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and depth < MAX_DEPTH)
        for f in sorted(files):
            p = Path(here) / f
            if p.suffix in SUFFIXES and not p.is_symlink() and p.is_file():
                out.append(p)
                if len(out) >= MAX_FILES:
                    return out
    return out


def _text(path: Path) -> str:
    try:
        return decoded(read_regular(path, limit=READ_BYTES))
    except (OSError, UnsafeFileError):
        return ""


def _inside(folder: Path, relative: str) -> Path | None:
    path = (folder / relative).resolve()
    if not path.is_relative_to(folder.resolve()) or not path.is_file():
        return None
    return path


def _config(folder: Path) -> tuple[str, str | None, Dialect] | None:
    """(game, config, dialect) of ``folder/arena.toml``, None if absent."""
    path = folder / CONFIG_FILE
    if not path.exists():
        return None
    try:
        data = tomllib.loads(read_regular(path, limit=CONFIG_BYTES).decode("utf-8"))
    except (OSError, UnsafeFileError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise LayoutError(f"{CONFIG_FILE} unreadable: {clean_line(exc, 200)}") from None
    unknown = sorted(set(data) - {"game", "config", "dialect"})
    if unknown:
        raise LayoutError(f"{CONFIG_FILE}: unknown keys {clean_line(unknown, 200)} "
                          "(known: game, config, dialect)")
    game, term, dialect = data.get("game"), data.get("config"), data.get("dialect", Dialect.AUTO)
    if not isinstance(game, str) or not game:
        raise LayoutError(f"{CONFIG_FILE}: game = \"path/to/game.pl\" is required")
    if term is not None and not isinstance(term, str):
        raise LayoutError(f"{CONFIG_FILE}: config is a Prolog term written as a string")
    if dialect not in DIALECTS:
        raise LayoutError(f"{CONFIG_FILE}: dialect {clean_line(dialect, 40)!r} is not one of "
                          f"{', '.join(DIALECTS)}")
    return game, term, Dialect(dialect)


__all__ = ["CONFIG_FILE", "LayoutError", "SubmissionFolder", "prolog_files", "safe_name", "submission",
           "submissions"]
