"""Who takes part in a championship: entrant specs to named entrants.

An entrant is written as a player spec (``random``, ``ai:N``, a bot file
``bot.pl[:N]``), as ``NAME=PATH[:LEVEL]`` (named explicitly), or as a
folder of submissions: one entrant per subfolder, named after it, playing
the one bot file (``.pl``, ``.prolog``, ``.pro``) in it. House players
(built-in players always, and bot files given as house) play and rank but
get no grade. Late days (the 1999 rule) come as ``NAME=DAYS`` or a CSV
file of ``name,days`` lines.
"""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from .bots import bot_path
from .players import BOT_SUFFIXES, PlayerSpec
from .scoring import Entrant, TournamentError
from .text import clean_line

#: Beyond this many days late an entrant is not admitted (the default).
MAX_LATE = 10
_NAMED = re.compile(r"(?P<name>[^=/\\]+)=(?P<spec>.+)\Z")
_SAFE_NAME = re.compile(r"[^\w.+:@-]+")


def file_digest(path: str | Path) -> str:
    """The sha256 of a file's content (how a resumed tournament knows its
    entrants are the same)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def safe_name(text: str) -> str:
    """A name safe to show and to use in file names: control characters
    escaped, then anything but letters, digits and ``. + : @ -`` made ``_``."""
    return _SAFE_NAME.sub("_", clean_line(text, 80)).strip("_") or "entrant"


def submission_file(folder: Path) -> Path:
    """The one bot file of a submission folder; TournamentError naming the
    folder when it holds none or several."""
    found = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in BOT_SUFFIXES)
    if len(found) == 1:
        return found[0]
    what = "no bot file" if not found else f"{len(found)} bot files ({', '.join(p.name for p in found)})"
    raise TournamentError(
        f"submission folder {str(folder)!r} has {what}: it needs exactly one "
        f"{'/'.join(BOT_SUFFIXES)} file (name one with NAME=PATH)")


def _expand(text: str) -> list[tuple[str | None, str]]:
    """(explicit name or None, spec text) for one command-line entrant."""
    named = _NAMED.match(text)
    if named and not Path(text).exists():
        return [(named.group("name").strip(), named.group("spec").strip())]
    path = Path(text)
    if path.is_dir():
        subs = sorted(p for p in path.iterdir() if p.is_dir() and not p.name.startswith("."))
        if not subs:
            raise TournamentError(f"folder {text!r} has no submission subfolders")
        problems, out = [], []
        for sub in subs:
            try:
                out.append((sub.name, str(submission_file(sub))))
            except TournamentError as exc:
                problems.append(str(exc))
        if problems:
            raise TournamentError("; ".join(problems))
        return out
    return [(None, text)]


def entrants(specs: Iterable[str], house: Iterable[str] = ()) -> list[Entrant]:
    """The entrants for ``specs`` and ``house`` (bot files that play but
    get no grade); TournamentError for a human, a missing file, a
    submission folder without exactly one bot file, or two entrants with
    the same name."""
    wanted = [(n, s, False) for text in specs for n, s in _expand(text)]
    wanted += [(n, s, True) for text in house for n, s in _expand(text)]
    parsed = [(n, s, h, PlayerSpec.parse(s)) for n, s, h in wanted]
    stems = [spec.name for n, _, _, spec in parsed if n is None]
    out: list[Entrant] = []
    seen: dict[str, str] = {}
    for explicit, text, house_, spec in parsed:
        if spec.kind == "human":
            raise TournamentError("a tournament has no human players (use random, ai:N or bot files)")
        path = str(bot_path(spec.path)) if spec.kind == "bot" and spec.path else None
        if explicit is not None:
            name = safe_name(explicit)
        else:
            name = spec.name if spec.kind != "bot" else safe_name(spec.name)
            if spec.kind == "bot" and spec.level is not None and stems.count(spec.name) > 1:
                name = f"{name}:{spec.level}"  # one file at several levels
        if name in seen:
            raise TournamentError(
                f"two entrants named {name!r} ({seen[name]} and {clean_line(text)}): "
                "name them with NAME=PATH, rename a file or give them different levels"
            )
        seen[name] = clean_line(text)
        out.append(Entrant(name, str(spec), path, house=house_ or path is None,
                           sha256=file_digest(path) if path else None))
    if len(out) < 2:
        raise TournamentError("a tournament needs at least two entrants")
    return out


# -- late days -----------------------------------------------------------------


def parse_late(items: Sequence[str], csv_file: str | None = None) -> dict[str, int]:
    """Days late by entrant name, from ``NAME=DAYS`` items and a CSV file
    of ``name,days`` lines (a header line ``name,days`` is allowed)."""
    late: dict[str, int] = {}

    def add(name: str, days: str, where: str) -> None:
        name = name.strip()
        try:
            n = int(days.strip())
        except ValueError:
            raise TournamentError(f"{where}: days late must be a whole number, got {days.strip()!r}") from None
        if n < 0 or not name:
            raise TournamentError(f"{where}: need a name and days >= 0, got {name!r}={n}")
        late[name] = n

    if csv_file is not None:
        with open(csv_file, newline="", encoding="utf-8") as f:
            for i, row in enumerate(csv.reader(f), 1):
                if not row or not "".join(row).strip() or row[0].startswith("#"):
                    continue
                if i == 1 and row[0].strip().lower() == "name":
                    continue
                if len(row) != 2:
                    raise TournamentError(f"{csv_file}:{i}: expected name,days, got {row!r}")
                add(row[0], row[1], f"{csv_file}:{i}")
    for item in items:
        name, sep, days = item.rpartition("=")
        if not sep:
            raise TournamentError(f"--late {item!r}: expected NAME=DAYS")
        add(name, days, f"--late {item!r}")
    return late


def check_late(people: Sequence[Entrant], late: Mapping[str, int], max_late: int = MAX_LATE,
               ) -> tuple[list[Entrant], dict[str, int]]:
    """The entrants admitted (not more than ``max_late`` days late) and
    the not admitted ones with their days. TournamentError for a late
    name that is no entrant or a house player."""
    names = {e.name: e for e in people}
    for name in late:
        if name not in names:
            raise TournamentError(f"late days for {name!r}, who is not an entrant "
                                  f"(entrants: {', '.join(names)})")
        if names[name].house:
            raise TournamentError(f"late days for {name!r}, a house player (it gets no grade)")
    kept = [e for e in people if late.get(e.name, 0) <= max_late]
    dropped = {e.name: late[e.name] for e in people if late.get(e.name, 0) > max_late}
    return kept, dropped


__all__ = ["MAX_LATE", "check_late", "entrants", "file_digest", "parse_late", "safe_name",
           "submission_file"]
