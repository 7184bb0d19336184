"""Who takes part in a championship: entrant specs to named entrants.

An entrant is written as a player spec of :data:`ENTRANT_KINDS` (``random``,
``ai:N``, ``mcts:N``, a bot file ``bot.pl[:N]``), as ``NAME=PATH[:LEVEL]`` (named explicitly), or as a
folder of submissions: one entrant per subfolder, named after it, playing
the one bot file (``.pl``, ``.prolog``, ``.pro``) in it. House players
(built-in players always, and bot files given as house) play and rank but
get no grade. Late days (the 1999 rule) come as ``NAME=DAYS`` or a CSV
file of ``name,days`` lines.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from hashlib import sha256
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from pybridge.bots.player import BotError, bot_path
from pybridge.play.players import BOT_SUFFIXES, PlayerSpec
from pybridge.types import PlayerKind, spec_forms
from pybridge.championship.schedule import Entrant, TournamentError
from pybridge.safeio import sha256_file
from pybridge.text import clean_line

#: The player kinds that may enter a championship: all but a human.
ENTRANT_KINDS = tuple(k for k in PlayerKind if k is not PlayerKind.HUMAN)
#: Beyond this many days late an entrant is not admitted (the default).
MAX_LATE = 10
_NAMED = re.compile(r"(?P<name>[^=/\\]+)=(?P<spec>.+)\Z")
_SAFE_NAME = re.compile(r"[^\w.+:@-]+")


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


def usable_file_name(path: Path) -> str | None:
    """Why the bot file name ``path`` cannot be used (control characters,
    not UTF-8, not a player spec), or None."""
    text = str(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "its path is not UTF-8 text"
    if clean_line(text, len(text) + 1) != text:
        return "its path has control characters (a newline, an escape...)"
    try:
        PlayerSpec.parse(text)
    except ValueError as exc:
        return str(exc)
    return None


@dataclass(frozen=True)
class Roster:
    """Who plays, from the command line: ``entrants``; ``not_entered`` the
    submission folders that cannot play (folder name -> why); ``skipped``
    what was passed over in a folder of submissions, with why."""

    entrants: list[Entrant]
    not_entered: dict[str, str] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    #: submission folders given another name than their own, and why
    renamed: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Wanted:
    """One entrant asked for: its explicit name (None: from its spec), its
    spec text, whether it is a house player, and the submission folder it
    comes from (None: the command line named it)."""

    explicit: str | None
    text: str
    house: bool = False
    folder: Path | None = None


def _digest(text: str) -> str:
    return sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:6]


def _expand(text: str, roster: Roster, house: bool) -> list[_Wanted]:
    """The entrants one command-line entrant stands for; a submission that
    cannot play goes to ``roster.not_entered`` (the others play)."""
    named = _NAMED.match(text)
    if named and not Path(text).exists():
        return [_Wanted(named.group("name").strip(), named.group("spec").strip(), house)]
    path = Path(text)
    if path.is_dir():
        subs = []
        for p in sorted(path.iterdir()):
            if p.name.startswith("."):
                roster.skipped.append(f"{clean_line(str(p))}: a name beginning with a dot "
                                      "(hidden) is not a submission")
            elif p.is_symlink():
                roster.skipped.append(f"{clean_line(str(p))}: a symbolic link is not a "
                                      "submission")
            elif p.is_dir():
                subs.append(p)
        if not subs:
            raise TournamentError(f"folder {clean_line(text)!r} has no submission subfolders")
        out: list[_Wanted] = []
        for sub in subs:
            name = safe_name(sub.name)
            if name in roster.not_entered:
                name = f"{name}-{_digest(str(sub))}"
            try:
                found = submission_file(sub)
                why = usable_file_name(found)
                if why is not None:
                    roster.not_entered[name] = (f"bot file '{clean_line(found.name)}': {why}: "
                                                "rename it")
                    continue
                bot_path(str(found))
                sha256_file(found)          # readable, or not entered
            except (TournamentError, BotError) as exc:
                roster.not_entered[name] = str(exc)
                continue
            except OSError as exc:          # one bad folder never stops the others
                roster.not_entered[name] = f"its bot file cannot be read: {exc.strerror or exc}"
                continue
            out.append(_Wanted(sub.name, str(found), house, sub))
        return out
    return [_Wanted(None, text, house)]


def _folder_names(wanted: Sequence[_Wanted], names: list[str], roster: Roster) -> None:
    """Distinct, stable names for submission folders whose names clean to
    the same name (``bob`` and ``bob!``): a folder whose name is already
    clean keeps it, the others get a digest of their own name (of their
    path, for the same name in two folders) added, with a note each."""
    for i, w in enumerate(wanted):
        if w.folder is None or names.count(names[i]) < 2:
            continue
        exact = [j for j, v in enumerate(wanted) if names[j] == names[i]
                 and v.folder is not None and v.explicit == names[i]]
        if exact == [i] and all(v.folder is not None for j, v in enumerate(wanted)
                                if names[j] == names[i]):
            continue                                   # the one already named so
        same = [v for v in wanted if v.folder is not None and v.explicit == w.explicit]
        base = str(w.folder) if len(same) > 1 else str(w.explicit)
        new = f"{names[i]}-{_digest(base)}"
        roster.renamed.append(f"submission folder {clean_line(str(w.folder))!r} plays as "
                              f"{new!r}: its name cleans to {names[i]!r}, as another entrant's")
        names[i] = new


def entrants(specs: Iterable[str], house: Iterable[str] = ()) -> list[Entrant]:
    """The entrants for ``specs`` and ``house`` (bot files that play but
    get no grade); TournamentError for a human, a missing file, a
    submission folder without exactly one usable bot file, or two entrants
    with the same name."""
    found = roster(specs, house)
    if found.not_entered:
        raise TournamentError("; ".join(f"{n}: {why}" for n, why in found.not_entered.items()))
    return found.entrants


def roster(specs: Iterable[str], house: Iterable[str] = ()) -> Roster:
    """As :func:`entrants`, but a submission folder that cannot play is
    listed in ``not_entered`` while the others play (a tournament needs
    two entrants still)."""
    found = Roster([])
    wanted = [w for text in specs for w in _expand(text, found, False)]
    wanted += [w for text in house for w in _expand(text, found, True)]
    parsed = [(w, PlayerSpec.parse(w.text)) for w in wanted]
    stems = [spec.name for w, spec in parsed if w.explicit is None]
    names = []
    for w, spec in parsed:
        if w.explicit is not None:
            name = safe_name(w.explicit)
        else:
            name = spec.name if spec.kind is not PlayerKind.BOT else safe_name(spec.name)
            if spec.kind is PlayerKind.BOT and spec.level is not None and stems.count(spec.name) > 1:
                name = f"{name}:{spec.level}"  # one file at several levels
        names.append(name)
    _folder_names(wanted, names, found)
    out: list[Entrant] = []
    seen: dict[str, str] = {}
    for (w, spec), name in zip(parsed, names):
        text, house_ = w.text, w.house
        if spec.kind is PlayerKind.HUMAN:
            raise TournamentError("a tournament has no human players (use "
                                  f"{spec_forms(ENTRANT_KINDS)})")
        path = str(bot_path(spec.path)) if spec.kind is PlayerKind.BOT and spec.path else None
        if name in seen:
            raise TournamentError(
                f"two entrants named {name!r} ({seen[name]} and {clean_line(text)}): "
                "name them with NAME=PATH, rename a file or give them different levels"
            )
        seen[name] = clean_line(text)
        out.append(Entrant(name, str(spec), path, house=house_ or path is None,
                           sha256=sha256_file(path) if path else None))
    if len(out) < 2:
        raise TournamentError("a tournament needs at least two entrants" + "".join(
            f"; not entered: {n}: {why}" for n, why in found.not_entered.items()))
    found.entrants.extend(out)
    return found


# -- names that mislead -------------------------------------------------------

# Letters of other scripts drawn like Latin ones (Unicode's confusables.txt,
# the common part), and digits drawn like letters.
_CONFUSABLE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x",
    "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ɩ": "l", "ı": "i",
    "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p",
    "С": "c", "Т": "t", "Х": "x", "Ѕ": "s", "І": "l", "Ј": "j",
    "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z",
    "Η": "h", "Ι": "l", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p", "Τ": "t",
    "Υ": "y", "Χ": "x", "0": "o", "1": "l", "I": "l", "|": "l", "_": "-",
})
_HOUSE_NAMES = re.compile(r"(human|random|ai:[\dlo]+|mcts:[\dlo]+)\Z")


def skeleton(name: str) -> str:
    """What ``name`` looks like: NFKC, look-alike letters of other scripts
    and digits folded to Latin, case folded (two names with one skeleton
    are told apart by their code points only)."""
    folded = unicodedata.normalize("NFKC", name).translate(_CONFUSABLE).casefold()
    return folded.replace("rn", "m").replace("vv", "w")


def _shown(name: str) -> str:
    """A name with every non-ASCII character as its code point."""
    return clean_line(name).encode("ascii", "backslashreplace").decode("ascii")


def name_warnings(people: Sequence[Entrant]) -> list[str]:
    """Warnings about names that mislead: an entrant of the students named
    like a house player (``ai:3``, ``random``), and two entrants whose
    names look alike (see :func:`skeleton`)."""
    out = []
    house_like = {skeleton(w): w for w in ("human", "random")}
    for e in people:
        if e.path is None:
            continue
        sk = skeleton(e.name)
        like = house_like.get(sk) or (e.name if _HOUSE_NAMES.match(sk) else None)
        if like is not None:
            out.append(f"entrant '{_shown(e.name)}' ({clean_line(e.path, 200)}) is named like "
                       f"the built-in player {like!r}: it is a bot file, not the built-in player")
    seen: dict[str, str] = {}
    for e in people:
        sk = skeleton(e.name)
        other = seen.get(sk)
        if other is not None and other != e.name:
            out.append(f"entrants '{_shown(other)}' and '{_shown(e.name)}' have names that look "
                       "alike: tell them apart by these code points")
        seen.setdefault(sk, e.name)
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


__all__ = ["ENTRANT_KINDS", "MAX_LATE", "Roster", "check_late", "entrants", "name_warnings",
           "parse_late", "roster", "safe_name", "skeleton", "submission_file", "usable_file_name"]
