"""Reading Prolog source as data, for comparing programs: every clause of
a file, read by SWI-Prolog's own reader in a subprocess with a time limit,
normalised (variables numbered in order of appearance, the file's own
predicate names replaced by ``p_ARITY``) and written in canonical form
without operators. Nothing read is ever called: the helper only reads
terms, applies ``op/3`` directives to its own reading, and writes.

The files of one submission are read in a process of their own, in the
jail (bubblewrap: only those files mounted, read-only), each file in a
module of its own: no file's operators touch another's reading. Without
the jail, only where the code is declared the user's own (--trust-code).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from pybridge.errors import ArenaError
from pybridge.jail import sandbox
from pybridge.text import clean_line

#: Seconds to read one file (each file has its own budget).
READ_SECONDS = 10.0

_HELPER = r"""
:- use_module(library(time)).

main :-
    read_line_to_string(user_input, Line),
    number_string(Seconds, Line),
    files(Seconds).

files(Seconds) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  true
    ;   file(Line, Seconds),
        flush_output,
        files(Seconds)
    ).

file(F, Seconds) :-
    format("file\t~w~n", [F]),
    flag(arena_file, I, I + 1),
    format(atom(M), "cmp_~d", [I]),             % a module of its own: its operators
    catch(call_with_time_limit(Seconds,
                               setup_call_cleanup(open(F, read, S), read_all(S, M, Cs), close(S))),
          E, (Cs = [], message_to_codes(E, T), format("error\t~w~n", [T]))),
    findall(N/A, (member(c(_, _, C), Cs), head_pi(C, N, A)), PIs0),
    sort(PIs0, PIs),
    forall(member(c(From, To, C), Cs), emit(PIs, From, To, C)).

message_to_codes(E, T) :- term_to_atom(E, T).

read_all(S, M, Cs) :-
    stream_property(S, position(P0)),
    catch(read_term(S, T, [module(M), term_position(TP), syntax_errors(error),
                           variable_names(_)]),
          error(syntax_error(What), _), (T = '$syntax_error'(What))),
    stream_property(S, position(P1)),
    stream_position_data(char_count, P1, To),
    (   T == end_of_file
    ->  Cs = []
    ;   subsumes_term('$syntax_error'(_), T)
    ->  T = '$syntax_error'(W),
        stream_position_data(char_count, P0, From),
        format("syntax\t~d\t~d\t~q~n", [From, To, W]),
        read_all(S, M, Cs)
    ;   stream_position_data(char_count, TP, From0),
        (   subsumes_term((:- op(_, _, _)), T),
            T = (:- op(Pr, Ty, Ns)),
            plain_names(Ns)                     % never Module:Name: another module's
        ->  catch(op(Pr, Ty, M:Ns), _, true)
        ;   true
        ),
        Cs = [c(From0, To, T)|Rest],
        read_all(S, M, Rest)
    ).

plain_names(N) :- atom(N), !.
plain_names(Ns) :- is_list(Ns), maplist(atom, Ns).

head_pi((:- _), _, _) :- !, fail.
head_pi((H :- _), N, A) :- !, head_pi(H, N, A).
head_pi((H --> _), N, A1) :- !, head_pi(H, N, A), A1 is A + 2.
head_pi(H, N, A) :- callable(H), functor(H, N, A).

emit(PIs, From, To, C0) :-
    copy_term(C0, C),
    rename(PIs, C, R),
    numbervars(R, 0, _, [singletons(false)]),
    with_output_to(string(Text),
        write_term(R, [quoted(true), ignore_ops(true), numbervars(true), no_lists(false),
                       spacing(next_argument)])),
    format("clause\t~d\t~d\t~s~n", [From, To, Text]).

rename(_, V, V) :- var(V), !.
rename(PIs, T, R) :-
    compound(T), !,
    compound_name_arity(T, N, A),
    T =.. [_|Args],
    maplist(rename(PIs), Args, RArgs),
    (   memberchk(N/A, PIs) -> format(atom(N1), "p_~d", [A]) ; N1 = N ),
    R =.. [N1|RArgs].
rename(PIs, T, R) :-
    atom(T), memberchk(T/0, PIs), !, R = p_0.
rename(_, T, T).
"""


class TermsError(ArenaError, RuntimeError):
    """SWI-Prolog could not be run to read the files."""


@dataclass(frozen=True)
class Clause:
    """One clause of a file: where it is (character offsets) and its
    normalised canonical text."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class SourceFile:
    path: str
    clauses: tuple[Clause, ...]
    unread: tuple[tuple[int, int], ...]  # spans SWI-Prolog could not read
    error: str | None = None
    syntax: tuple[str, ...] = ()  # its syntax errors, "line L: what"


def read_files(paths: Sequence[str | os.PathLike[str]], *, seconds: float = READ_SECONDS
               ) -> list[SourceFile]:
    """Every clause of each file in ``paths`` (the files of one submission),
    normalised (see the module doc), each file read within ``seconds`` (one
    that takes longer has the error ``time_limit_exceeded`` and no clauses;
    the others are read). TermsError if SWI-Prolog cannot be run or stops
    answering; IsolationError when there is no jail and the code is not
    declared the user's own."""
    if not paths:
        return []
    real = [os.path.abspath(p) for p in paths]
    with tempfile.TemporaryDirectory(prefix="arena-terms-") as tmp:
        helper = Path(tmp) / "read_terms.pl"
        helper.write_text(_HELPER, encoding="utf-8")
        argv, seen = _command(helper, real, seconds)
        try:
            # the file names go in on stdin: a .pl argument would be loaded
            run = subprocess.run(
                argv, input=f"{seconds:g}\n" + "".join(f + "\n" for f in seen),
                capture_output=True, encoding="utf-8", errors="replace",
                timeout=seconds * len(paths) + 20,
                cwd=tmp, env={**os.environ, "LANG": "C.UTF-8"},
            )
        except FileNotFoundError:
            raise TermsError("swipl is not installed (Debian package swi-prolog-nox)") from None
        except subprocess.TimeoutExpired:
            raise TermsError(f"reading {len(paths)} files took over "
                             f"{seconds * len(paths) + 20:g} s") from None
    if not run.stdout and run.returncode != 0:
        raise TermsError(f"the reader of {len(paths)} files failed: "
                         f"{' '.join(run.stderr.split())[:300]}")
    inside = _parse(run.stdout, seen)
    return [SourceFile(path, f.clauses, f.unread, f.error, _syntax_lines(path, f.syntax))
            for path, f in zip(real, inside)]


def _command(helper: Path, paths: Sequence[str], seconds: float) -> tuple[list[str], list[str]]:
    """The reader's command line, and the files' paths as it sees them: in
    the jail, only the helper and these files mounted, read-only."""
    mode = sandbox.current()
    sandbox.check(mode)
    swipl = os.path.realpath(shutil.which("swipl") or "swipl")
    limits = sandbox.RLimits(memory_bytes=1024 * 2**20, open_files=64,
                             cpu_seconds=int(seconds * len(paths)) + 10)
    if mode != sandbox.Isolation.BWRAP:
        return sandbox.limited([swipl, "--no-packs", "-q", "-g", "main", "-t", "halt",
                                str(helper)], limits), list(paths)
    names = {f"{i}{Path(p).suffix}": Path(p) for i, p in enumerate(paths)}
    command = sandbox.limited([swipl, "--no-packs", "-q", "-g", "main", "-t", "halt",
                               f"{sandbox.BOT_MOUNT}/read_terms.pl"], limits)
    argv = sandbox.bwrap_argv(command, prolog_dir=helper.parent, bot=helper,
                              game_files=names, bot_name="read_terms.pl")
    return argv, [f"{sandbox.GAME_MOUNT}/{name}" for name in names]


def _syntax_lines(path: str, spans: Sequence[tuple[int, int, str]]) -> tuple[str, ...]:
    """Each syntax error as ``line L: what``."""
    if not spans:
        return ()
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    def line(start: int) -> int:  # of the term's first character, after layout and comments
        while start < len(text):
            if text[start].isspace():
                start += 1
            elif text.startswith("%", start):
                end = text.find("\n", start)
                start = len(text) if end < 0 else end
            elif text.startswith("/*", start) and text.find("*/", start) > 0:
                start = text.find("*/", start) + 2
            else:
                break
        return text.count("\n", 0, start) + 1

    return tuple(f"line {line(start)}: {clean_line(what, 200)}" for start, _, what in spans)


@dataclass(frozen=True)
class _Read:
    """One file as the helper's output tells it."""

    path: str
    clauses: tuple[Clause, ...]
    unread: tuple[tuple[int, int], ...]
    error: str | None
    syntax: tuple[tuple[int, int, str], ...]


@dataclass
class _Reading:
    """One file's records while the helper's output is read."""

    clauses: list[Clause] = field(default_factory=list)
    unread: list[tuple[int, int]] = field(default_factory=list)
    syntax: list[tuple[int, int, str]] = field(default_factory=list)
    error: str | None = None


def _parse(output: str, paths: Sequence[str]) -> list[_Read]:
    """The helper's output, one tab-separated record a line, as SourceFiles."""
    files: dict[str, _Reading] = {}
    current: _Reading | None = None
    for line in output.splitlines():
        kind, _, rest = line.partition("\t")
        if kind == "file":
            current = files.setdefault(rest, _Reading())
        elif current is None:
            continue
        elif kind == "clause":
            start, end, text = rest.split("\t", 2)
            current.clauses.append(Clause(int(start), int(end), text))
        elif kind == "syntax":
            start, end, what = rest.split("\t", 2)
            current.unread.append((int(start), int(end)))
            current.syntax.append((int(start), int(end), what))
        elif kind == "error":
            current.error = rest
    out = []
    for path in paths:
        got = files.get(path, _Reading(error="not read"))
        out.append(_Read(path, tuple(got.clauses), tuple(got.unread), got.error, tuple(got.syntax)))
    return out


__all__ = ["Clause", "READ_SECONDS", "SourceFile", "TermsError", "read_files"]
