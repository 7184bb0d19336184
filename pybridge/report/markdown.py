"""``OUT/report.md``: a championship's report as Markdown, every text an
entrant controls escaped (:func:`md`); the settings, standings cells and
results in words that the HTML pages share."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from pybridge.report.results import EntrantReport, Report, game_page, notes, setting_text
from pybridge.text import clean_line, plural
from pybridge.types import Termination, result_text


# what makes emphasis, code, links, images, raw HTML, tables and strikethrough
# anywhere in a line (and a bracket's parenthesis; not an underscore between
# letters or digits, which delimits no emphasis: no_move); GFM's bare links
# (www., scheme://, user@host); and a block marker at the start (a heading, a
# list item, a quote)
_INLINE = r"(?P<c>[\\`*\[\]<>|~&@]|(?<![^\W_])_|_(?![^\W_])|(?<=\])\(|(?<=www)\.|:(?=//))"
_MARKDOWN = re.compile(_INLINE + r"|^(?P<lead>\s*\d*)(?P<m>(?<=\d)[.)]|(?<!\d)[#+\-=])(?=\s|$)")
# a table cell's text is read inline only: no block marker to escape
_MARKDOWN_INLINE = re.compile(_INLINE)


def _escaped(m: re.Match[str]) -> str:
    if m.groupdict().get("m") is not None:
        return f"{m.group('lead')}\\{m.group('m')}"
    return "\\" + m.group("c")


def md(text: object, limit: int = 2048) -> str:
    """Entrant-controlled text for report.md: one line, control characters
    escaped, and every character that would make Markdown or HTML of it
    backslash-escaped (no raw HTML, links or emphasis get through), the
    rest as written (``1.0 s``, not ``1\\.0 s``)."""
    return _MARKDOWN.sub(_escaped, clean_line(text, limit))


def _md_cell(text: object, limit: int = 2048) -> str:
    """:func:`md` for a table cell, where a leading ``-`` or ``#`` is text."""
    return _MARKDOWN_INLINE.sub(_escaped, clean_line(text, limit))


def counted(value: object, noun: str, many: str | None = None) -> str:
    """A count read from a results folder, with its noun: plural() for a
    whole number, else the value as text and the plural."""
    if isinstance(value, int) and not isinstance(value, bool):
        return plural(value, noun, many)
    return f"{setting_text(value)} {many or plural(2, noun).split(' ', 1)[1]}"


def settings_lines(doc: Mapping[str, Any]) -> list[str]:
    """The championship's settings in words (text to escape on output)."""
    s = doc.get("settings", {})
    options = doc.get("options", {})
    shown = " ".join(f"{setting_text(k)}={setting_text(v)}" for k, v in options.items()) or "none"
    lines = [f"game {setting_text(doc.get('game'))} (options: {shown}); {setting_text(doc.get('games_played'))} of "
             f"{setting_text(doc.get('games_scheduled'))} games played"
             + ("" if doc.get("complete") is True else " (not complete)"),
             f"{counted(s.get('games_per_pair'), 'game')} per pair, {setting_text(s.get('move_time'))} s per move, "
             f"on an invalid move: {setting_text(s.get('policy'))}, seed {setting_text(s.get('seed'))}, "
             f"isolation {setting_text(doc.get('isolation'))}"]
    if s.get("config") is not None or s.get("dialect") not in (None, "auto"):
        lines.append(f"game file loaded with --config {setting_text(s.get('config') or '(none)')}, "
                     f"--dialect {setting_text(s.get('dialect') or 'auto')}")
    if doc.get("trust_code") is True:
        lines.append("played without the jail: the organiser declared every bot and game "
                     "file their own (--trust-code)")
    if s.get("gauntlet") is True:
        lines.append("a gauntlet: every entrant played the house players only")
    used = s.get("game_ai")
    for name, calls in (used.items() if isinstance(used, dict) else ()):
        shown = "; ".join(setting_text(c) for c in calls) if isinstance(calls, list) else ""
        lines.append(f"used the game's own AI (allowed by --allow-game-ai): "
                     f"{setting_text(name)} ({shown})")
    if s.get("openings"):
        lines.append(f"{counted(s['openings'], 'opening')} of "
                     f"{counted(s.get('opening_plies'), 'random ply', 'random plies')} per pair")
    if s.get("grades") is True:
        lines.append(f"grades 5..10 (1999 rule), one point off per day late; "
                     f"more than {setting_text(s.get('max_late'))} days late: not admitted")
    for key, what in (("not_admitted", "not admitted"), ("not_entered", "not entered")):
        found = s.get(key)
        for name, why in (found.items() if isinstance(found, dict) else ()):
            detail = f"{counted(why, 'day')} late" if key == "not_admitted" else setting_text(why)
            lines.append(f"{what}: {setting_text(name)} ({detail})")
    return lines


STANDING_COLUMNS = ("rank", "name", "played", "won", "drawn", "lost", "forfeits", "points",
                    "elo", "elo_error", "late_days", "grade_before_late", "grade")


#: The columns shown only when some entrant was late.
LATE_COLUMNS = ("late_days", "grade_before_late")


def standing_columns(bots: Sequence[Mapping[str, Any]]) -> tuple[str, ...]:
    """The standings' columns for ``bots``: the late ones only if any was late."""
    if any(b.get("late_days") for b in bots):
        return STANDING_COLUMNS
    return tuple(c for c in STANDING_COLUMNS if c not in LATE_COLUMNS)


def standing_cells(b: Mapping[str, Any],
                   columns: Sequence[str] = STANDING_COLUMNS) -> list[str]:
    """The cells of ``b``'s row, for ``columns``."""
    def num(v: object, fmt: str) -> str:
        return "" if v is None else format(v, fmt)

    cells = ["-" if b.get("rank") is None else str(b["rank"]),
            clean_line(b["name"]) + (" (house)" if b.get("house") else ""),
            str(b["played"]), str(b["won"]), str(b["drawn"]), str(b["lost"]),
            str(b["forfeits"]), str(b["points"]), num(b.get("elo"), ".0f"),
            num(b.get("elo_error"), ".0f"), str(b.get("late_days") or ""),
            num(b.get("grade_before_late") if b.get("late_days") else None, ".2f"),
            num(b.get("grade"), ".2f")]
    by_column = dict(zip(STANDING_COLUMNS, cells))
    return [by_column[c] for c in columns]


def markdown(report: Report) -> str:
    doc = report.doc
    out = [f"# Championship: {md(doc['game'])}", ""]
    out += [f"- {md(line)}" for line in settings_lines(doc)]
    if notes(report):
        out += ["", "## Notes", ""] + [f"- {md(n)}" for n in notes(report)]
    out += ["", "## Standings", ""]
    columns = standing_columns(doc.get("bots", []))
    out.append("| " + " | ".join(columns) + " |")
    out.append("|" + "---|" * len(columns))
    for b in doc.get("bots", []):
        out.append("| " + " | ".join(_md_cell(c) for c in standing_cells(b, columns)) + " |")
    out += ["", "rank -: out of the ranking (over 10% of its games lost by forfeit); "
            "(house): ranked, not graded; elo_error: half the 95% interval.", "",
            "## Crosstable (points of the row against the column; –: no game between them)", ""]
    names = [e.name for e in report.entrants]
    out.append("| | " + " | ".join(_md_cell(n) for n in names) + " |")
    out.append("|---|" + "---|" * len(names))
    for a in names:
        cells = ["" if a == b else "–" if report.crosstable[a][b] is None
                 else str(report.crosstable[a][b]) for b in names]
        out.append(f"| {_md_cell(a)} | " + " | ".join(cells) + " |")
    out += ["", "## Similar programs", ""]
    flagged = [p for p in report.similar if p.get("flagged")]
    if not report.similar:
        out.append("not compared (tournament --similarity, or arena similar)")
    elif not flagged:
        out.append("no pair flagged")
    for p in flagged:
        out.append(f"- {md(p['a'])} ~ {_md_cell(p['b'])}: {p['score']:.2f}")
    for e in report.entrants:
        out += ["", f"## {md(e.name)}", ""]
        out += _entrant_md(e)
    return "\n".join(out) + "\n"


def _entrant_md(e: EntrantReport) -> list[str]:
    out = [f"- path: {md(e.row.get('path') or '(built-in)')}"]
    if e.moves:
        out.append(f"- time per move: mean {e.ms_mean} ms, max {e.ms_max} ms over "
                   f"{plural(e.moves, 'move')}")
    out += ["", "| game | first | second | result | log |", "|---|---|---|---|---|"]
    for g in e.games:
        out.append(f"| [{g['index'] + 1}]({game_page(g['index'])}) | {_md_cell(g['first'])} | "
                   f"{_md_cell(g['second'])} | {_md_cell(_result(g))} | {_md_cell(g['replay'])} |")
    if e.refused_games:
        out += ["", f"Refused at loading, so lost all its {e.refused_games} games: "
                    f"{md(e.refused or '(no reason recorded)', 4096)}"]
    if e.forfeits:
        out += ["", "Forfeits:", ""]
        for f in e.forfeits:
            out += [f"- game {f['index'] + 1}: {_md_cell(f['reason'])}", "", "```",
                    f["position"].replace("```", "'''"), "```"]
    if e.output:
        out += ["", "What it printed:", "", "```", e.output.replace("```", "'''"), "```"]
    return out


def _result(g: Mapping[str, Any]) -> str:
    if g.get("lost_by_both"):
        return f"lost by both ({g['reason']})"
    broken = g.get("termination") == Termination.BROKEN_RULE
    return result_text(_Outcome(g["winner"], g["reason"],
                                Termination.BROKEN_RULE if broken else Termination.PLAYED))


@dataclass(frozen=True)
class _Outcome:
    winner: str
    reason: str
    termination: Termination = Termination.PLAYED


def result_of(g: Mapping[str, Any]) -> str:
    """A game's result in words, as the report shows it."""
    return clean_line(_result(g))


__all__ = ["LATE_COLUMNS", "STANDING_COLUMNS", "markdown", "standing_columns", "md", "result_of", "settings_lines", "standing_cells"]
