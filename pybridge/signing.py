"""Signed results folders: what a tournament writes (each replay log,
``games.jsonl``, ``standings.json``, ``tournament.json``) is signed with
HMAC-SHA256 under a key kept outside the folder, so that a file changed
afterwards (a forfeit appended to a cut-back log, first and second swapped
in the standings, two logs swapped) is named as altered.

The key is a file of the user's config folder,
``$XDG_CONFIG_HOME/prolog-arena/results.key`` (``~/.config/...``), made at
first use with mode 0600; ``ARENA_RESULTS_KEY`` names another key file
(a course's key, shared by the machines that run its tournaments).

The signatures live in the folder's ``signatures.json``::

    {"format": "prolog-arena-signatures", "version": 1,
     "key": "<key id>", "folder": "<random id of this folder>",
     "files": {"replays/0001-a-vs-b.jsonl": "<hmac>", ...}, "seal": "<hmac>"}

Each file's HMAC covers the folder's id, the file's path in the folder and
its bytes (a log moved to another name or another folder no longer
matches); ``seal`` covers the list of files itself (an entry removed or
copied from elsewhere breaks it). The key id is a digest of the key, never
the key. :func:`check` tells which files are signed, altered or unsigned.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path

from pybridge.errors import ArenaError
from pybridge.safeio import MAX_DOCUMENT, MAX_GAMES, MAX_LOG, UnsafeFileError, load_json, \
    read_inside, write_inside
from pybridge.text import clean_line
from pybridge.types import JSON, JSONObject

KEY_ENV = "ARENA_RESULTS_KEY"
MANIFEST = "signatures.json"
FORMAT = "prolog-arena-signatures"
#: The files of a results folder that are signed (beside every file of replays/).
SIGNED = ("tournament.json", "games.jsonl", "standings.json")
REPLAYS = "replays"
_LIMITS = {"games.jsonl": MAX_GAMES}


class SigningError(ArenaError, ValueError):
    """The results key cannot be read or made; the message says where."""


def key_path() -> Path:
    """Where the results key is: ``ARENA_RESULTS_KEY``, else the user's
    config folder."""
    named = os.environ.get(KEY_ENV)
    if named:
        return Path(named).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "prolog-arena" / "results.key"


def results_key() -> bytes:
    """The results key, made (32 random bytes, hex, mode 0600) at first use
    in the user's config folder; SigningError when it cannot be read or
    made, or is too short."""
    path = key_path()
    for _ in range(2):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except FileNotFoundError:
            if os.environ.get(KEY_ENV):
                raise SigningError(f"no results key at {path} ({KEY_ENV} names it)") from None
            _make_key(path)
            continue
        except OSError as exc:
            raise SigningError(f"cannot read the results key {path}: {exc.strerror}") from None
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise SigningError(f"the results key {path} is not a regular file")
            key = f.read(4096).strip()
        if len(key) < 32:
            raise SigningError(f"the results key {path} is shorter than 32 characters")
        return key
    raise SigningError(f"cannot make the results key {path}")


def _make_key(path: Path) -> None:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o600)
    except FileExistsError:
        return                  # made meanwhile by another process
    except OSError as exc:
        raise SigningError(f"cannot make the results key {path}: {exc.strerror}") from None
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_hex(32) + "\n")


def key_id(key: bytes) -> str:
    """A name of ``key`` that does not reveal it."""
    return hashlib.sha256(b"prolog-arena results key\0" + key).hexdigest()[:16]


def _mac(key: bytes, folder: str, relative: str, data: bytes) -> str:
    message = b"prolog-arena-results\0" + folder.encode() + b"\0" + relative.encode() + b"\0"
    return hmac.new(key, message + data, hashlib.sha256).hexdigest()


def _seal(key: bytes, folder: str, files: dict[str, str]) -> str:
    listed = json.dumps(sorted(files.items()), separators=(",", ":")).encode()
    return _mac(key, folder, MANIFEST, listed)


def _read(out: Path, relative: str) -> bytes:
    limit = _LIMITS.get(relative, MAX_LOG if relative.startswith(REPLAYS + "/") else MAX_DOCUMENT)
    return read_inside(out, relative, limit=limit)


def present(out: Path) -> list[str]:
    """The signed kinds of file present in ``out``: the named documents and
    every regular file of replays/ (no link is followed)."""
    found = [name for name in SIGNED if (out / name).is_file() and not (out / name).is_symlink()]
    try:
        with os.scandir(out / REPLAYS) as entries:
            found += sorted(f"{REPLAYS}/{e.name}" for e in entries
                            if e.is_file(follow_symlinks=False))
    except OSError:
        pass
    return found


@dataclass(frozen=True)
class Seal:
    """What the signatures of a folder show. ``trusted`` are the files
    whose signature matches; ``altered`` those whose signature does not;
    ``unsigned`` those with none; ``problem`` says why no file could be
    checked (no signatures.json, another key, a broken signatures.json)."""

    out: Path
    trusted: frozenset[str] = frozenset()
    altered: tuple[str, ...] = ()
    unsigned: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    problem: str | None = None
    folder: str | None = None
    entries: dict[str, str] = field(default_factory=dict)

    def doubtful(self, relative: str) -> bool:
        """Whether the file ``relative`` is not proven by the signatures."""
        return relative not in self.trusted

    def why(self, relative: str) -> str:
        """Why ``relative`` is doubtful, in words."""
        if self.problem is not None:
            return self.problem
        if relative in self.altered:
            return f"{relative} was altered after it was signed (its signature in {MANIFEST} " \
                   "does not match)"
        return f"{relative} is not signed (not listed in {MANIFEST}): it was added or " \
               "replaced after the tournament"

    def notes(self) -> list[str]:
        """Every file the signatures do not prove, in words, one line each."""
        if self.problem is not None:
            return [f"unsigned: {self.problem}"]
        return ([f"altered: {self.why(r)}" for r in self.altered]
                + [f"unsigned: {self.why(r)}" for r in self.unsigned]
                + [f"missing: {r} is signed in {MANIFEST} but is not in the folder"
                   for r in self.missing])

    @property
    def clean(self) -> bool:
        return not self.notes()


def check(out: str | os.PathLike[str], key: bytes | None = None) -> Seal:
    """The signatures of the results folder ``out`` checked with ``key``
    (default: :func:`results_key`)."""
    out = Path(out)
    key = results_key() if key is None else key
    files = present(out)
    try:
        doc: JSON = load_json(read_inside(out, MANIFEST, limit=MAX_DOCUMENT), out / MANIFEST)
    except FileNotFoundError:
        return Seal(out, unsigned=tuple(files), problem=f"the folder has no {MANIFEST}: none "
                    "of its results can be told from forged ones")
    except UnsafeFileError as exc:
        return Seal(out, unsigned=tuple(files), problem=f"{MANIFEST} cannot be read: "
                    f"{clean_line(exc, 300)}")
    if not isinstance(doc, dict):
        doc = {}
    given, folder = doc.get("files"), doc.get("folder")
    listed = {k: v for k, v in given.items() if isinstance(v, str)} if isinstance(given, dict) else {}
    if (not isinstance(given, dict) or not isinstance(folder, str) or doc.get("format") != FORMAT
            or len(listed) != len(given)):
        return Seal(out, unsigned=tuple(files), problem=f"{MANIFEST} is not a signatures file")
    if doc.get("key") != key_id(key):
        return Seal(out, unsigned=tuple(files), problem=(
            f"the folder was signed with another results key (id "
            f"{clean_line(doc.get('key'), 20)}; this one is {key_id(key)} at {key_path()}): "
            f"set {KEY_ENV} to that key's file to check it"))
    if not hmac.compare_digest(str(doc.get("seal", "")), _seal(key, folder, listed)):
        return Seal(out, unsigned=tuple(files), problem=(
            f"{MANIFEST} itself was altered (its seal does not match its list of files)"))
    trusted, altered, unsigned = set(), [], []
    for relative in files:
        mac = listed.get(relative)
        if mac is None:
            unsigned.append(relative)
            continue
        try:
            data = _read(out, relative)
        except (OSError, UnsafeFileError):
            altered.append(relative)
            continue
        if hmac.compare_digest(mac, _mac(key, folder, relative, data)):
            trusted.add(relative)
        else:
            altered.append(relative)
    missing = tuple(sorted(set(listed) - set(files)))
    return Seal(out, frozenset(trusted), tuple(altered), tuple(unsigned), missing, None, folder,
                {r: listed[r] for r in trusted})


class Signer:
    """Signs the files of one results folder as they are written, and keeps
    its signatures.json up to date."""

    def __init__(self, out: Path, *, key: bytes | None = None, keep: Seal | None = None) -> None:
        """``keep``: a checked folder whose trusted signatures (and id) go on."""
        self.out = out
        self.key = results_key() if key is None else key
        where = key_path().resolve()
        if where.is_relative_to(out.resolve()):
            raise SigningError(f"the results key {where} is inside the results folder "
                               f"{out}: keep it outside (set {KEY_ENV})")
        self.folder = keep.folder if keep is not None and keep.folder else secrets.token_hex(16)
        self.files: dict[str, str] = dict(keep.entries) if keep is not None else {}

    def sign(self, *relatives: str) -> None:
        """Sign the files ``relatives`` as they are now and save."""
        for relative in relatives:
            self.files[relative] = _mac(self.key, self.folder, relative, _read(self.out, relative))
        self.save()

    def prune(self) -> None:
        """Drop the signatures of files no longer in the folder, and save."""
        here = set(present(self.out))
        self.files = {r: m for r, m in self.files.items() if r in here}
        self.save()

    def save(self) -> None:
        doc: JSONObject = {"format": FORMAT, "version": 1, "key": key_id(self.key),
                               "folder": self.folder, "files": dict(sorted(self.files.items())),
                               "seal": _seal(self.key, self.folder, self.files)}
        write_inside(self.out, MANIFEST, json.dumps(doc, indent=1) + "\n")


def folder_of_log(path: str | os.PathLike[str]) -> tuple[Path, str] | None:
    """The results folder and the relative path of a log at ``path`` when
    it lies in the replays/ of a results folder (one that has any of
    signatures.json, tournament.json or standings.json)."""
    p = Path(path).absolute()
    top = p.parent.parent
    if p.parent.name == REPLAYS and any((top / n).exists() for n in (MANIFEST, *SIGNED)):
        return top, f"{REPLAYS}/{p.name}"
    return None


__all__ = ["FORMAT", "KEY_ENV", "MANIFEST", "SIGNED", "Seal", "Signer", "SigningError", "check",
           "folder_of_log", "key_id", "key_path", "present", "results_key"]
