"""``arena report`` and ``arena similar``: a championship's pages, and
submissions ranked by the similarity of their code."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pybridge.text import clean, clean_line
from pybridge.text import plural

from shell.cli.isolation import add_option as add_isolation_option

EXIT_FLAGGED = 1


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser("report", help="(re)build a championship's or a check-games run's pages",
                       description="Rebuilds OUT/report.md, OUT/index.html and the replay pages "
                                   "OUT/games/*.html from a finished or partial tournament folder; "
                                   "from a check-games folder, its submissions.json, CSV, "
                                   "report.md and pages.")
    p.add_argument("dir", metavar="DIR", help="a tournament's or check-games' --out folder")
    add_isolation_option(p)
    p.add_argument("--accept-altered", action="store_true",
                   help="count the games whose logs are altered or unsigned (their "
                        "signatures in DIR/signatures.json do not match) and grade all the same")
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("similar", help="rank pairs of submissions by the similarity of their code",
                       description="Compares Prolog programs as MOSS does: comments and layout "
                                   "dropped, variables and the program's own predicates renamed, "
                                   "clause order ignored. A PATH is a bot file, a submission "
                                   "folder (all its Prolog files) or a folder of submission "
                                   "folders. Exit 1 when a pair is flagged.")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--threshold", type=float, default=None, metavar="T",
                   help="flag pairs scoring above T (0..1, default 0.6)")
    p.add_argument("--json", action="store_true",
                   help='print {"pairs": [{"a", "b", "score", "flagged"}, ...]}')
    add_isolation_option(p)
    p.set_defaults(func=cmd_similar)


def write_report(out: Path, *, similar: Any | None = None, notes: bool = True,
                 accept_altered: bool = False) -> Path:
    """The report of the tournament in ``out`` (with ``similar`` pairs saved
    first, when compared); with ``notes``, its notes (names that mislead,
    games not counted, results corrected by the logs) are printed."""
    from pybridge.championship import similar as similarity
    from pybridge.report.results import gather
    from pybridge.report.results import notes as notes_of
    from pybridge.report.html import write_pages

    if similar is not None:
        similarity.save(out, similar.pairs, similar.skipped)
    report = gather(out, accept_altered=accept_altered)
    for note in notes_of(report) if notes else ():
        print(f"report: {clean_line(note)}")
    return write_pages(report)


def similar_pairs(result: Any, threshold: float | None) -> Any:
    """The similarity of the bot files a tournament's entrants played
    (house players aside): a :class:`pybridge.championship.similar.Comparison`."""
    from pathlib import Path as _Path

    from pybridge.championship import similar

    subs = []
    for e in result.entrants:
        if e.path is not None and not e.house:
            why = similar.usable(_Path(e.path))
            subs.append(similar.SubmissionFiles(e.name, () if why else (e.path,),
                                           ((e.path, why),) if why else ()))
    return similar.comparison(subs, threshold=similar.THRESHOLD if threshold is None
                              else threshold)


def cmd_report(args: argparse.Namespace) -> int:
    from pybridge.batch import is_batch, publish

    out = Path(args.dir)
    if not out.is_dir():
        raise ValueError(f"no folder {args.dir!r}")
    if is_batch(out):
        print(f"report: {publish(out, game_pages=True)} and {out / 'report.md'}")
        return 0
    print(f"report: {write_report(out, accept_altered=args.accept_altered)} and "
          f"{out / 'report.md'}")
    return 0


def cmd_similar(args: argparse.Namespace) -> int:
    from pybridge.championship import similar

    subs, passed = similar.collect(args.paths)
    for s in subs:
        if s.note:
            print(f"warning: {s.note}", file=sys.stderr)
    threshold = similar.THRESHOLD if args.threshold is None else args.threshold
    found = similar.comparison([s for s in subs if s.files], threshold=threshold)
    pairs = found.pairs
    skipped = passed + found.skipped
    if len([s for s in subs if s.files]) < 2:
        for k in skipped:
            print(_skipped_line(k), file=sys.stderr)
        raise ValueError("arena similar needs at least two submissions with a Prolog file "
                         "to compare")
    if args.json:
        print(json.dumps(similar.document(pairs, skipped), indent=2))
        return EXIT_FLAGGED if any(p.flagged for p in pairs) else 0
    flagged = [p for p in pairs if p.flagged]
    width = max(len(p.a) + len(p.b) for p in pairs) + 3
    compared = sum(len(s.files) for s in subs)
    print(f"{plural(len(subs), 'submission')} ({plural(compared, 'file')}), "
          f"{plural(len(pairs), 'pair')}; flagged above "
          f"{threshold:g}: {len(flagged)}")
    if skipped:
        print(f"skipped {plural(len(skipped), 'file or folder', 'files or folders')}:")
        for k in skipped:
            print(_skipped_line(k))
    for p in pairs[:max(10, len(flagged))]:
        print(f"  {(p.a + ' ~ ' + p.b).ljust(width)}  {p.score:.2f}" + ("  FLAGGED" if p.flagged else ""))
    for p in flagged:
        print(f"\n== {p.a} ~ {p.b}: {p.score:.2f}, matching clauses side by side")
        for m in p.matches:
            _side_by_side(m.a_text, m.b_text, p.a, p.b)
    sys.stdout.flush()
    return EXIT_FLAGGED if flagged else 0


def _skipped_line(k: Any) -> str:
    whose = f"{clean_line(k.submission)}: " if k.submission else ""
    return f"  skipped {whose}{clean_line(k.file)}: {clean_line(k.reason)}"


def _side_by_side(a: str, b: str, name_a: str, name_b: str, width: int = 60) -> None:
    left = clean(a, 4000).expandtabs(4).splitlines()
    right = clean(b, 4000).expandtabs(4).splitlines()
    print(f"-- {name_a[:width - 3].ljust(width - 3)} | {name_b}")
    for i in range(max(len(left), len(right))):
        la = left[i] if i < len(left) else ""
        rb = right[i] if i < len(right) else ""
        print(f"{la[:width].ljust(width)} | {rb[:width]}")


__all__ = ["register", "similar_pairs", "write_report"]
