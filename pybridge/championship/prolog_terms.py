"""Reading Prolog source as data, for comparing programs: every clause of
a file, read by SWI-Prolog's own reader in a subprocess with a time limit,
normalised (variables numbered in order of appearance, the file's own
predicate names replaced by ``p_ARITY``) and written in canonical form
without operators. Nothing read is ever called: the helper only reads
terms, applies ``op/3`` directives to its own reading, and writes.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from pybridge.errors import ArenaError

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
    catch(call_with_time_limit(Seconds,
                               setup_call_cleanup(open(F, read, S), read_all(S, Cs), close(S))),
          E, (Cs = [], message_to_codes(E, T), format("error\t~w~n", [T]))),
    findall(N/A, (member(c(_, _, C), Cs), head_pi(C, N, A)), PIs0),
    sort(PIs0, PIs),
    forall(member(c(From, To, C), Cs), emit(PIs, From, To, C)).

message_to_codes(E, T) :- term_to_atom(E, T).

read_all(S, Cs) :-
    stream_property(S, position(P0)),
    catch(read_term(S, T, [module(cmp), term_position(TP), syntax_errors(error),
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
        read_all(S, Cs)
    ;   stream_position_data(char_count, TP, From0),
        (   subsumes_term((:- op(_, _, _)), T)
        ->  T = (:- op(Pr, Ty, Ns)),
            catch(op(Pr, Ty, cmp:Ns), _, true)
        ;   true
        ),
        Cs = [c(From0, To, T)|Rest],
        read_all(S, Rest)
    ).

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


def read_files(paths: Sequence[str | os.PathLike[str]], *, seconds: float = READ_SECONDS
               ) -> list[SourceFile]:
    """Every clause of each file in ``paths``, normalised (see the module
    doc), each file read within ``seconds`` (one that takes longer has the
    error ``time_limit_exceeded`` and no clauses; the others are read).
    TermsError if SWI-Prolog cannot be run or stops answering."""
    if not paths:
        return []
    with tempfile.TemporaryDirectory(prefix="arena-terms-") as tmp:
        helper = Path(tmp) / "read_terms.pl"
        helper.write_text(_HELPER, encoding="utf-8")
        try:
            # the file names go in on stdin: a .pl argument would be loaded
            run = subprocess.run(
                ["swipl", "--no-packs", "-q", "-g", "main", "-t", "halt", str(helper)],
                input=f"{seconds:g}\n" + "".join(os.path.abspath(p) + "\n" for p in paths),
                capture_output=True, encoding="utf-8", errors="replace",
                timeout=seconds * len(paths) + 10,
                cwd=tmp, env={**os.environ, "LANG": "C.UTF-8"},
            )
        except FileNotFoundError:
            raise TermsError("swipl is not installed (Debian package swi-prolog-nox)") from None
        except subprocess.TimeoutExpired:
            raise TermsError(f"reading {len(paths)} files took over "
                             f"{seconds * len(paths) + 10:g} s") from None
    return _parse(run.stdout, [os.path.abspath(p) for p in paths])


def _parse(output: str, paths: Sequence[str]) -> list[SourceFile]:
    """The helper's output, one tab-separated record a line, as SourceFiles."""
    files: dict[str, dict[str, Any]] = {}
    current: dict[str, Any] | None = None
    for line in output.splitlines():
        kind, _, rest = line.partition("\t")
        if kind == "file":
            current = files.setdefault(rest, {"clauses": [], "unread": [], "error": None})
        elif current is None:
            continue
        elif kind == "clause":
            start, end, text = rest.split("\t", 2)
            current["clauses"].append(Clause(int(start), int(end), text))
        elif kind == "syntax":
            start, end, _ = rest.split("\t", 2)
            current["unread"].append((int(start), int(end)))
        elif kind == "error":
            current["error"] = rest
    out = []
    for path in paths:
        got = files.get(path, {"clauses": [], "unread": [], "error": "not read"})
        out.append(SourceFile(path, tuple(got["clauses"]), tuple(got["unread"]), got["error"]))
    return out


__all__ = ["Clause", "READ_SECONDS", "SourceFile", "TermsError", "read_files"]
