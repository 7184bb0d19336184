"""Writing and reading a results folder without being turned against its
user: every write is atomic and follows no link, every read takes only a
regular file inside the folder, with caps on size and JSON depth.

A write makes a temporary file in the target's own folder with
``O_CREAT | O_EXCL | O_NOFOLLOW`` (a name planted there, link or not, is
never opened) and renames it over the target (a link at the target is
replaced, not followed). Below a results folder every path component is
opened with ``O_NOFOLLOW``: a planted ``replays -> /elsewhere`` is refused.
A read opens with ``O_NOFOLLOW | O_NONBLOCK`` (a FIFO cannot block it),
checks with ``fstat`` that it holds a regular file, and reads at most its
cap. Every refusal is an :class:`UnsafeFileError` naming the file.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import secrets
import stat
from pathlib import Path, PurePosixPath
from typing import Any, NoReturn

from pybridge.errors import ArenaError

#: The deepest nesting of arrays and objects a JSON file of the arena has
#: (standings.json has 4); deeper is refused before parsing.
MAX_JSON_DEPTH = 32
#: Caps on what is read of each kind of file.
MAX_DOCUMENT = 64 * 2**20  # standings.json, tournament.json, similarity.json
MAX_GAMES = 256 * 2**20  # games.jsonl (each game's output is bounded)
MAX_LOG = 32 * 2**20  # one replay log
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class UnsafeFileError(ArenaError, ValueError):
    """A file of a results folder that is refused: outside the folder, a
    link, not a regular file, too large, too deeply nested, unreadable."""

    def __init__(self, path: str | os.PathLike[str], message: str) -> None:
        super().__init__(f"{os.fspath(path)!r}: {message}")
        self.path = os.fspath(path)
        self.message = message


def relative_parts(relative: object, what: str = "path") -> tuple[str, ...]:
    """The components of a path that must stay inside its folder: text,
    relative, no ``..``, no NUL (UnsafeFileError otherwise)."""
    if not isinstance(relative, str) or not relative:
        raise UnsafeFileError(repr(relative), f"the {what} must be a relative path inside "
                              "the results folder")
    if "\x00" in relative or relative.startswith(("/", "\\")) or "\\" in relative:
        raise UnsafeFileError(relative, f"the {what} must be a relative path inside the "
                              "results folder")
    parts = tuple(p for p in PurePosixPath(relative).parts if p != ".")
    if not parts or ".." in parts:
        raise UnsafeFileError(relative, f"the {what} leaves the results folder")
    return parts


def _open_folder(root: Path, parts: tuple[str, ...], *, make: bool, shown: str) -> int:
    """A descriptor of ``root/parts...``, each component opened without
    following links (made when ``make``). ``root`` itself is the user's."""
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise UnsafeFileError(root, f"not a readable folder ({exc.strerror})") from None
    for part in parts:
        try:
            if make:
                try:
                    os.mkdir(part, 0o755, dir_fd=fd)
                except FileExistsError:
                    pass
            sub = os.open(part, _DIR_FLAGS, dir_fd=fd)
        except OSError as exc:
            os.close(fd)
            if exc.errno == errno.ENOENT and not make:
                raise FileNotFoundError(errno.ENOENT, "no such folder", shown) from None
            why = ("is a symbolic link or not a folder" if exc.errno in (errno.ELOOP, errno.ENOTDIR)
                   else exc.strerror or str(exc))
            raise UnsafeFileError(shown, f"folder {part!r} on the way {why}") from None
        os.close(fd)
        fd = sub
    return fd


def write_inside(root: str | os.PathLike[str], relative: str, data: str | bytes) -> Path:
    """Replace ``root/relative`` with ``data`` atomically (a reader sees the
    old or the new content); folders on the way are made, and none of them
    nor the target is followed if it is a link. Returns the path."""
    parts = relative_parts(relative)
    root = Path(root)
    target = root.joinpath(*parts)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = _open_folder(root, parts[:-1], make=True, shown=os.fspath(target))
    name = parts[-1]
    try:
        tmp = ""
        for _ in range(100):
            tmp = f".{name}.{secrets.token_hex(6)}.tmp"
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                             | os.O_CLOEXEC, 0o644, dir_fd=folder)
                break
            except FileExistsError:
                continue
        else:
            raise UnsafeFileError(target, "no temporary name free beside it")
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError:
            os.unlink(tmp, dir_fd=folder)
            raise
        finally:
            os.close(fd)
        try:
            if stat.S_ISDIR(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
                raise UnsafeFileError(target, "is a folder, not a file")
        except FileNotFoundError:
            pass
        except UnsafeFileError:
            os.unlink(tmp, dir_fd=folder)
            raise
        os.replace(tmp, name, src_dir_fd=folder, dst_dir_fd=folder)
        try:
            os.fsync(folder)
        except OSError:
            pass  # some file systems cannot sync a folder
    except OSError as exc:
        raise UnsafeFileError(target, f"cannot be written ({exc.strerror or exc})") from None
    finally:
        os.close(folder)
    return target


def write_atomically(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Replace ``path`` with ``data`` atomically, without following a link
    at ``path`` (its folder is the caller's)."""
    path = Path(path)
    write_inside(path.parent, path.name, data)


def ensure_folder(root: str | os.PathLike[str], relative: str) -> Path:
    """The folder ``root/relative``, made if missing; UnsafeFileError if
    it or a folder on the way is a link or not a folder."""
    parts = relative_parts(relative)
    target = Path(root).joinpath(*parts)
    os.close(_open_folder(Path(root), parts, make=True, shown=os.fspath(target)))
    return target


def remove_inside(root: str | os.PathLike[str], relative: str) -> None:
    """Remove the file (or link: never what it points to) ``root/relative``
    if it is there; UnsafeFileError if it cannot be removed."""
    parts = relative_parts(relative)
    target = Path(root).joinpath(*parts)
    try:
        folder = _open_folder(Path(root), parts[:-1], make=False, shown=os.fspath(target))
    except FileNotFoundError:
        return
    try:
        os.unlink(parts[-1], dir_fd=folder)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise UnsafeFileError(target, f"cannot be removed ({exc.strerror})") from None
    finally:
        os.close(folder)


def _read_fd(fd: int, shown: str | os.PathLike[str], limit: int) -> bytes:
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFileError(shown, f"is not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise UnsafeFileError(shown, f"is too large ({info.st_size} bytes, at most {limit})")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise UnsafeFileError(shown, f"is too large (over {limit} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise UnsafeFileError(shown, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return name
    return "not a file"


def read_inside(root: str | os.PathLike[str], relative: object, *, limit: int,
                what: str = "path") -> bytes:
    """The bytes of ``root/relative``: a regular file inside ``root``
    reached through no link, at most ``limit`` bytes (UnsafeFileError
    naming the file otherwise; FileNotFoundError when it is absent)."""
    parts = relative_parts(relative, what)
    root = Path(root)
    shown = root.joinpath(*parts)
    folder = _open_folder(root, parts[:-1], make=False, shown=os.fspath(shown))
    try:
        fd = os.open(parts[-1], _READ_FLAGS, dir_fd=folder)
    except FileNotFoundError:
        raise FileNotFoundError(errno.ENOENT, "no such file", os.fspath(shown)) from None
    except OSError as exc:
        why = "is a symbolic link" if exc.errno == errno.ELOOP else f"cannot be opened ({exc.strerror})"
        raise UnsafeFileError(shown, why) from None
    finally:
        os.close(folder)
    return _read_fd(fd, shown, limit)


def read_regular(path: str | os.PathLike[str], *, limit: int) -> bytes:
    """The bytes of a file the user named: it must be a regular file (a
    FIFO or a device is refused without blocking), at most ``limit``
    bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnsafeFileError(path, f"cannot be opened ({exc.strerror})") from None
    return _read_fd(fd, path, limit)


def sha256_file(path: str | os.PathLike[str], *, limit: int | None = None) -> str:
    """The SHA-256 of the file at ``path``, as hex: the one digest by which
    the arena knows a bot, a game file or an entrant is unchanged.
    OSError as from open(); UnsafeFileError past ``limit`` bytes."""
    h = hashlib.sha256()
    seen = 0
    with open(path, "rb") as f:
        while chunk := f.read(1 << 16):
            seen += len(chunk)
            if limit is not None and seen > limit:
                raise UnsafeFileError(path, f"larger than {limit} bytes")
            h.update(chunk)
    return h.hexdigest()


def json_depth(value: object) -> int:
    """How deeply arrays and objects nest in ``value`` (0 for a scalar),
    measured without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            stack.extend((v, depth + 1) for v in item if isinstance(v, (dict, list)))
    return deepest


def load_json(data: bytes | str, shown: str | os.PathLike[str], *,
              depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON value in ``data`` (UTF-8), refused with UnsafeFileError
    naming ``shown`` when it is not JSON or nests deeper than ``depth``.
    (Any, not pybridge.types.JSON: the championship, report and batch
    readers of these documents do not yet check each field's type.)"""
    try:
        text = data if isinstance(data, str) else data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnsafeFileError(shown, f"is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise UnsafeFileError(shown, f"nests arrays or objects deeper than {depth}") from None
    except ValueError as exc:
        raise UnsafeFileError(shown, f"is not JSON ({exc})") from None
    if json_depth(value) > depth:
        raise UnsafeFileError(shown, f"nests arrays or objects deeper than {depth}")
    return value


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def read_json_inside(root: str | os.PathLike[str], relative: str, *,
                     limit: int = MAX_DOCUMENT) -> Any:
    """The JSON document ``root/relative`` (see :func:`read_inside`)."""
    return load_json(read_inside(root, relative, limit=limit), Path(root) / relative)


__all__ = ["sha256_file", "MAX_DOCUMENT", "MAX_GAMES", "MAX_JSON_DEPTH", "MAX_LOG", "UnsafeFileError",
           "ensure_folder", "remove_inside",
           "json_depth", "load_json", "read_inside", "read_json_inside", "read_regular",
           "relative_parts", "write_atomically", "write_inside"]
