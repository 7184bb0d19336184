"""The pages of a check-games run: ``OUT/index.html`` (a row per
submission, similar pairs flagged), ``OUT/submissions/NAME/index.html``
(its problems, adapter, levels' figures and times) and its game as a
step-through page, ``OUT/submissions/NAME/game.html``, written by the
championship's game page writer. Every text from a submission is
cleaned, bounded and HTML-escaped; the pages run no script of theirs."""

from __future__ import annotations

import base64
import hashlib
import html
from pathlib import Path
from typing import Iterable, Mapping, Sequence
from urllib.parse import quote

from pybridge.batch.model import ProblemGroup, ComparedPair, SubmissionResult, SubmissionVerdict
from pybridge.batch.store import GAME_PAGE, LOG, folder_of
from pybridge.batch.texts import adapter_text, played_text, reason, series_text
from pybridge.errors import ArenaError
from pybridge.report.gamepage import GamePage, game_html
from pybridge.replay import Rebuilt, ReplayError, read_replay, rebuild
from pybridge.safeio import write_inside
from pybridge.text import clean, clean_line, plural
from pybridge.types import GreedyVerdict

STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:80em;color:#222;padding:0 1em}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f0f0f0}td.n{text-align:right}
pre{background:#f7f7f7;border:1px solid #ddd;padding:.5em;overflow-x:auto;white-space:pre-wrap}
.flag{color:#a00;font-weight:bold}.ok{color:#060}.muted{color:#777}
"""
#: Nothing fetched, no script, only the style sheet above (by its hash).
POLICY = ("default-src 'none'; script-src 'none'; style-src 'sha256-"
          + base64.b64encode(hashlib.sha256(STYLE.encode()).digest()).decode()
          + "'; img-src 'none'; base-uri 'none'; form-action 'none'")
SERIES = ("level 1 vs random", "level 2 vs level 1", "level 2 vs the general AI")


def _e(text: object, limit: int = 600) -> str:
    return html.escape(clean_line(text, limit), quote=True)


def _pre(text: object, limit: int = 4000) -> str:
    return f"<pre>{html.escape(clean(text, limit))}</pre>"


def _page(title: str, body: Iterable[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def _link(href: str, text: object) -> str:
    return f"<a href=\"{html.escape(href, quote=True)}\">{_e(text)}</a>"


def _verdict_class(row: SubmissionResult) -> str:
    return "ok" if row.verdict in (SubmissionVerdict.CONFORMS, SubmissionVerdict.ADAPTED) else "flag"


# -- the game page -------------------------------------------------------------


def _game_html(rebuilt: Rebuilt, title: str, links: Sequence[tuple[str, str]], log: str) -> str:
    """The step-through page of ``rebuilt``, by the championship's writer."""
    replay = rebuilt.replay
    names = {seat: clean_line(spec, 200) for seat, spec in replay.players.items()}
    lines = [" vs ".join(f"{seat}: {name}" for seat, name in names.items())]
    return game_html(rebuilt, GamePage(title, names, links, log, 0, lines))


def write_game_page(out: Path, name: str, rebuilt: Rebuilt) -> Path:
    title = f"{clean_line(name, 80)}: {rebuilt.replay.game.title}"
    return write_inside(out, f"{folder_of(name)}/{GAME_PAGE}", _game_html(
        rebuilt, title, [("all submissions", "../../index.html"), ("this submission",
                                                                   "index.html")], LOG))


def rebuild_game_page(out: Path, row: SubmissionResult) -> None:
    """The game page of ``row`` again from its log (``arena report``)."""
    if not row.played.log:
        return
    try:
        rebuilt = rebuild(read_replay(out / folder_of(row.name) / LOG, root=out))
    except (ReplayError, ArenaError, ValueError, OSError) as exc:
        write_inside(out, f"{folder_of(row.name)}/{GAME_PAGE}", _page(row.name, [
            f"<p>{_link('index.html', 'this submission')}</p>",
            f"<p class=flag>its log does not replay: {_e(exc)}</p>"]))
        return
    write_game_page(out, row.name, rebuilt)


# -- a submission's page ------------------------------------------------------------


def _problems(groups: Sequence[ProblemGroup]) -> list[str]:
    if not groups:
        return ["<p class=ok>none</p>"]
    out = ["<table><tr><th>predicate</th><th>problem</th><th>times</th><th>state</th>"
           "<th>move</th></tr>"]
    for p in groups:
        out.append(f"<tr><td>{_e(p.predicate)}</td><td>{_e(p.message)}</td>"
                   f"<td class=n>{p.count}</td><td><code>{_e(p.state, 300)}</code></td>"
                   f"<td><code>{_e(p.move)}</code></td></tr>")
    return out + ["</table>"]


def _levels(row: SubmissionResult) -> list[str]:
    lv = row.levels
    out = ["<h2>The game's own AI levels</h2>"]
    if not lv.measured:
        return out + [f"<p class=muted>not measured: {_e(lv.reason)}</p>"]
    out.append("<table><tr><th>series</th><th>games</th><th>won</th><th>drawn</th><th>lost"
               "</th><th>unfinished</th><th>points</th><th>note</th></tr>")
    for label, s in zip(SERIES, lv.series):
        out.append(f"<tr><td>{_e(label)} ({_e(s.player)} vs {_e(s.opponent)})</td>"
                   + "".join(f"<td class=n>{n}</td>" for n in (s.games, s.won, s.drawn, s.lost,
                                                              s.unfinished))
                   + f"<td class=n>{s.points}/{3 * s.games}</td><td>{_e(s.reason)}</td></tr>")
    out.append("</table>")
    g = lv.greedy
    cls = "ok" if g.verdict == GreedyVerdict.GREEDY else "flag"
    out.append(f"<p>level 2 greedy on value/3: <span class={cls}>{_e(g.verdict)}</span> "
               f"({g.agree} of {g.positions} positions chose a move of the highest value)</p>")
    if g.example:
        out.append(_pre(g.example, 1200))
    if lv.slowest_ms:
        out.append("<p>slowest move: " + ", ".join(
            f"{_e(k)} {int(v)} ms" for k, v in sorted(lv.slowest_ms.items())) + "</p>")
    return out


def write_submission_page(out: Path, row: SubmissionResult, pairs: Sequence[ComparedPair]) -> Path:
    body = [f"<p>{_link('../../index.html', 'all submissions')}</p>",
            f"<h1>{_e(row.name)}</h1><ul>",
            f"<li>game file: <code>{_e(row.game_file or '-')}</code> "
            f"(found by {_e(row.found_by or '-')})</li>",
            f"<li>contract form: {_e(row.year or '-')}, dialect {_e(row.dialect or '-')}</li>",
            f"<li>verdict: <span class={_verdict_class(row)}>{_e(row.verdict)}</span></li>",
            f"<li>adapter: {_e(adapter_text(row))}</li>"]
    if row.adapter.file:
        body.append(f"<li>{_link('game/' + quote(row.adapter.file), 'the adapter')} (in the "
                    "run's folder, never in the submission's)</li>")
    body.append(f"<li>played: {_e(played_text(row), 1500)}"
                + (f" — {_link(GAME_PAGE, 'step through it')}, {_link(LOG, 'its log')}"
                   if row.played.log else "") + "</li></ul>")
    if row.load:
        body += ["<h2>Loading</h2>"] + [_pre(x) for x in row.load]
    body += ["<h2>Problems</h2>"] + _problems(row.problems)
    if row.adapter.problems:
        body += ["<h2>Problems of the adapter</h2>"] + _problems(row.adapter.problems)
    body += _levels(row)
    mine = [p for p in pairs if row.name in (p["a"], p["b"]) and p["flagged"]]
    if mine:
        body += ["<h2>Similar projects</h2><ul>"] + [
            f"<li class=flag>{_e(p['b'] if p['a'] == row.name else p['a'])}: "
            f"{p['score']:.2f}</li>" for p in mine] + ["</ul>"]
    body += ["<h2>Time</h2><p>" + ", ".join(f"{_e(k)} {v:.1f} s" for k, v in row.seconds.items())
             + "</p>"]
    if row.notes:
        body += ["<h2>Notes</h2><ul>"] + [f"<li>{_e(n)}</li>" for n in row.notes] + ["</ul>"]
    return write_inside(out, f"{folder_of(row.name)}/index.html", _page(row.name, body))


# -- the index ---------------------------------------------------------------


COLUMNS = ("name", "form", "verdict", "problems", "adapter", "played", *SERIES[:2],
           "greedy", SERIES[2], "s")


def write_index(out: Path, rows: Sequence[SubmissionResult], pairs: Sequence[ComparedPair]) -> Path:
    played = sum(r.played.done for r in rows)
    flagged = [p for p in pairs if p["flagged"]]
    similar_names = {n for p in flagged for n in (p["a"], p["b"])}
    body = ["<h1>Game projects checked</h1>",
            f"<p>{plural(len(rows), 'submission')}; {played} played a whole game; "
            f"{plural(len(flagged), 'similar pair')} flagged.</p>",
            "<table><tr>" + "".join(f"<th>{_e(c)}</th>" for c in COLUMNS) + "</tr>"]
    for r in rows:
        page = f"{folder_of(quote(r.name))}/index.html"
        game = f"{folder_of(quote(r.name))}/{GAME_PAGE}"
        mark = " <span class=flag title=\"similar to another project\">≈</span>" \
            if r.name in similar_names else ""
        why = reason(r)
        cells = [f"<td>{_link(page, r.name)}{mark}</td>", f"<td>{_e(r.year)}</td>",
                 f"<td class={_verdict_class(r)}>{_e(r.verdict)}</td>",
                 f"<td class=n>{r.problem_count()}</td>", f"<td>{_e(adapter_text(r), 200)}</td>",
                 (f"<td class=ok>{_link(game, 'yes')}: {_e(r.played.result, 200)}</td>"
                  if r.played.done else f"<td class=flag>no: {_e(why, 200)}</td>")]
        cells += [f"<td>{_e(series_text(r, i))}</td>" for i in (0, 1)]
        cells += [f"<td>{_e(r.levels.greedy.verdict if r.levels.measured else '')}</td>",
                  f"<td>{_e(series_text(r, 2))}</td>", f"<td class=n>{r.total_seconds:.0f}</td>"]
        body.append("<tr>" + "".join(cells) + "</tr>")
    body.append("</table>")
    body.append("<h2>Similar projects</h2>")
    if not pairs:
        body.append("<p class=muted>not compared</p>")
    elif not flagged:
        body.append("<p>no pair flagged</p>")
    else:
        body.append("<table><tr><th>a</th><th>b</th><th>score</th></tr>")
        body += [f"<tr class=flag><td>{_e(p['a'])}</td><td>{_e(p['b'])}</td>"
                 f"<td class=n>{p['score']:.2f}</td></tr>" for p in flagged]
        body.append("</table>")
    body.append("<p class=muted>Files: submissions.json, submissions.csv, report.md.</p>")
    return write_inside(out, "index.html", _page("Game projects checked", body))


__all__ = ["rebuild_game_page", "write_game_page", "write_index", "write_submission_page"]
