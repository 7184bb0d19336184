"""A check-games run published as a championship is: ``OUT/submissions.json``
(one object per submission), ``OUT/submissions.csv`` for the spreadsheet
(formula cells neutralised), ``OUT/report.md``, ``OUT/index.html`` and a
page per submission (:mod:`pybridge.batch.pages`). Everything is rebuilt
from the rows in ``OUT`` alone (:func:`publish`), so ``arena report OUT``
gives the same files."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Sequence

from pybridge.batch.model import ComparedPair, SubmissionResult, SubmissionVerdict
from pybridge.batch import pages
from pybridge.batch.store import BATCH, is_batch, rows_of
from pybridge.batch.texts import adapter_text, played_text, reason, series_text
from pybridge.championship.result_files import csv_cell
from pybridge.report.markdown import md
from pybridge.safeio import UnsafeFileError, read_json_inside, write_inside
from pybridge.text import clean_line, plural
from pybridge.types import JSONObject

SIMILARITY = "similarity.json"
CSV_FIELDS = ("name", "game_file", "year", "dialect", "verdict", "problems", "adapter",
              "adapter_passing", "played", "result", "level1_vs_random", "level2_vs_level1",
              "level2_greedy", "level2_vs_general_ai", "slowest_level1_ms", "slowest_level2_ms",
              "seconds", "reason")


def summary(row: SubmissionResult) -> JSONObject:
    """The object of ``submissions.json``: the fields a spreadsheet or a
    script wants first, then everything the row holds."""
    doc = row.to_json()
    return {"name": row.name, "game_file": row.game_file, "year": row.year,
            "verdict": str(row.verdict), "adapter": doc["adapter"], "played": doc["played"],
            "problems": doc["problems"], "levels": doc["levels"],
            "seconds": row.total_seconds, **{k: v for k, v in doc.items() if k not in (
                "name", "game_file", "year", "verdict", "adapter", "played", "problems",
                "levels", "seconds")}, "phase_seconds": doc["seconds"]}


def csv_text(rows: Sequence[SubmissionResult]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in rows:
        slow = r.levels.slowest_ms
        cells: list[object] = [
            r.name, r.game_file, r.year, r.dialect, r.verdict, r.problem_count(),
            adapter_text(r), "" if r.adapter.passing is None else r.adapter.passing,
            "yes" if r.played.done else "no", r.played.result if r.played.done else "",
            series_text(r, 0), series_text(r, 1),
            r.levels.greedy.verdict if r.levels.measured else "", series_text(r, 2),
            slow.get("ai:1", ""), slow.get("ai:2", ""), round(r.total_seconds, 1), reason(r)]
        writer.writerow([c if isinstance(c, (int, float)) and not isinstance(c, bool)
                         else csv_cell(c) for c in cells])
    return buf.getvalue()


def similar_pairs(out: Path) -> list[ComparedPair]:
    """The pairs compared at the run's end (OUT/similarity.json), checked."""
    try:
        doc = read_json_inside(out, SIMILARITY, limit=8 * 1024 * 1024)
    except (OSError, UnsafeFileError, ValueError):
        return []
    pairs = doc.get("pairs") if isinstance(doc, dict) else None
    if not isinstance(pairs, list):
        return []
    return [{"a": clean_line(p["a"], 80), "b": clean_line(p["b"], 80),
             "score": float(p["score"]), "flagged": p.get("flagged") is True}
            for p in pairs[:2000] if isinstance(p, dict) and isinstance(p.get("a"), str)
            and isinstance(p.get("b"), str) and type(p.get("score")) in (int, float)]


def markdown(rows: Sequence[SubmissionResult], pairs: Sequence[ComparedPair]) -> str:
    played = sum(r.played.done for r in rows)
    lines = ["# Game projects checked", "",
             f"{plural(len(rows), 'submission')}; {played} played a whole game; "
             f"{sum(r.verdict in (SubmissionVerdict.CONFORMS, SubmissionVerdict.ADAPTED) for r in rows)} "
             "conform (as written or through an adapter).", "",
             "| name | game file | form | verdict | problems | adapter | played | level 1 vs "
             "random | level 2 vs level 1 | level 2 greedy | level 2 vs general AI | s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        cells = [r.name, r.game_file, r.year, r.verdict, str(r.problem_count()),
                 adapter_text(r), played_text(r), series_text(r, 0), series_text(r, 1),
                 r.levels.greedy.verdict if r.levels.measured else "", series_text(r, 2),
                 f"{r.total_seconds:.0f}"]
        lines.append("| " + " | ".join(md(c, 300) for c in cells) + " |")
    flagged = [p for p in pairs if p["flagged"]]
    lines += ["", "## Similar projects", ""]
    lines += [f"- {md(p['a'])} ~ {md(p['b'])}: {p['score']:.2f}" for p in flagged] or [
        "no pair flagged" if pairs else "not compared"]
    for r in rows:
        lines += ["", f"## {md(r.name)}", "", f"- game file: {md(r.game_file or '-')} "
                  f"({md(r.found_by or '-')}), contract form {md(r.year or '-')}, dialect "
                  f"{md(r.dialect or '-')}", f"- verdict: {md(r.verdict)}",
                  f"- adapter: {md(adapter_text(r))}", f"- played: {md(played_text(r))}"]
        lines += [f"- load: {md(x, 600)}" for x in r.load]
        lines += [f"- problem: {md(p, 600)}" for p in r.problems]
        lines += [f"- adapter problem: {md(p, 600)}" for p in r.adapter.problems]
        lines += [f"- note: {md(n, 600)}" for n in r.notes]
    return "\n".join(lines) + "\n"


def publish(out: str | Path, *, game_pages: bool = False) -> Path:
    """Write submissions.json, submissions.csv, report.md, index.html and
    each submission's page from the rows in ``out`` (with ``game_pages``,
    the game pages too, replaying each log); returns the index's path."""
    out = Path(out)
    if not is_batch(out):
        raise ValueError(f"{clean_line(out, 300)} is not a check-games folder (no {BATCH})")
    rows = rows_of(out)
    pairs = similar_pairs(out)
    write_inside(out, "submissions.json", json.dumps(
        {"submissions": [summary(r) for r in rows]}, indent=1, ensure_ascii=False) + "\n")
    write_inside(out, "submissions.csv", csv_text(rows))
    write_inside(out, "report.md", markdown(rows, pairs))
    for r in rows:
        if game_pages:
            pages.rebuild_game_page(out, r)
        pages.write_submission_page(out, r, pairs)
    return pages.write_index(out, rows, pairs)


__all__ = ["CSV_FIELDS", "csv_text", "markdown", "publish", "similar_pairs", "summary"]
