"""A submission's row in words, as the terminal, the CSV, report.md and
the pages all say it (text to clean and escape where it is shown)."""

from __future__ import annotations

from pybridge.batch.model import AdapterStatus, SubmissionResult, SubmissionVerdict
from pybridge.text import plural


def adapter_text(row: SubmissionResult) -> str:
    a = row.adapter
    if a.status == AdapterStatus.NOT_NEEDED:
        return str(AdapterStatus.NOT_NEEDED)
    if a.status == AdapterStatus.NONE:
        return f"none: {a.why}" if a.why else "none"
    state = "passing" if a.passing else "failing"
    return f"{a.status} ({a.file}), {state}"


def played_text(row: SubmissionResult) -> str:
    p = row.played
    if p.done:
        return f"yes: {p.result} in {plural(p.plies, 'ply')}"
    return f"no: {one_line(p.reason)}" if p.reason else "no"


def series_text(row: SubmissionResult, index: int) -> str:
    lv = row.levels
    if not lv.measured:
        return ""
    return lv.series[index].text() if index < len(lv.series) else ""


def reason(row: SubmissionResult) -> str:
    """The one line that says what stops this submission, if anything (a
    message of several lines joined)."""
    if row.verdict in (SubmissionVerdict.NO_GAME, SubmissionVerdict.REFUSED, SubmissionVerdict.FAILED):
        text = row.load[0] if row.load else row.notes[-1] if row.notes else str(row.verdict)
    elif not row.played.done:
        text = row.played.reason
    else:
        return ""
    return one_line(text)


def one_line(text: str) -> str:
    """A message of several lines as one."""
    out = ""
    for line in (x.strip() for x in text.splitlines()):
        if line:
            out += (" " if out.endswith(":") else "; " if out else "") + line
    return out


__all__ = ["adapter_text", "one_line", "played_text", "reason", "series_text"]
