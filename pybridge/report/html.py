"""The championship's pages: ``OUT/index.html`` (settings, standings,
crosstable, similar pairs, a section per entrant) and a page per game in
``OUT/games/`` (:mod:`pybridge.report.gamepage`). Self-contained: one
inline style sheet, the game pages' own script, nothing fetched.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any, Mapping
from urllib.parse import quote

from pybridge.safeio import write_inside
from pybridge.errors import ArenaError
from pybridge.replay import ReplayError
from pybridge.report.gamepage import GamePage, game_html as _game_page, page as _page, e as _e
from pybridge.report.gamepage import unavailable_html
from pybridge.report.markdown import (
    standing_columns,
    markdown,
    result_of,
    settings_lines,
    standing_cells,
)
from pybridge.report.results import (
    EntrantReport,
    Report,
    anchor,
    game_page,
    gather,
    notes,
)
from pybridge.text import clean, clean_line, plural


def index_html(report: Report) -> str:
    doc = report.doc
    body = [f"<h1>Championship: {_e(doc['game'])}</h1>", "<ul>"]
    body += [f"<li>{_e(line)}</li>" for line in settings_lines(doc)] + ["</ul>"]
    if notes(report):
        body += ["<h2 id=\"notes\">Notes</h2>", "<ul>"]
        body += [f"<li class=flag>{_e(n)}</li>" for n in notes(report)] + ["</ul>"]
    columns = standing_columns(doc.get("bots", []))
    body += ["<h2 id=\"standings\">Standings</h2>", "<table><tr>"
             + "".join(f"<th{' class=name' if c == 'name' else ''}>{_e(c)}</th>"
                       for c in columns) + "</tr>"]
    for b in doc.get("bots", []):
        cells = standing_cells(b, columns)
        row = [f"<td>{_e(c)}</td>" for c in cells]
        row[1] = f"<td class=name><a href=\"#{anchor(b['name'])}\">{_e(cells[1])}</a></td>"
        body.append(f"<tr{' class=house' if b.get('house') else ''}>" + "".join(row) + "</tr>")
    body += ["</table>", "<p class=muted>rank -: out of the ranking (over 10% of its games "
             "lost by forfeit); house players (in italics) rank but get no grade; elo_error: "
             "half the 95% interval of the maximum-likelihood Elo.</p>"]
    body += _crosstable(report) + _similar(report)
    for e in report.entrants:
        body += _entrant(e)
    return _page(f"Championship: {clean_line(doc['game'])}", body)


def _crosstable(report: Report) -> list[str]:
    names = [e.name for e in report.entrants]
    pairs: dict[frozenset[str], list[int]] = {}
    for g in report.doc.get("games", []):
        pairs.setdefault(frozenset((g["first"], g["second"])), []).append(g["index"])
    out = ["<h2 id=\"crosstable\">Crosstable</h2>",
           "<p class=muted>points of the row's entrant against the column's (–: no game "
           "between them), then a link to each of their games</p>",
           "<div class=scroll><table><tr><th></th>"
           + "".join(f"<th>{_e(n)}</th>" for n in names) + "</tr>"]
    for a in names:
        cells = []
        for b in names:
            points = None if a == b else report.crosstable[a][b]
            if a == b:
                cells.append("<td class=muted>·</td>")
            elif points is None:
                cells.append("<td class=muted>–</td>")
            else:
                links = " ".join(f"<a href=\"{game_page(i)}\" title=\"game {i + 1}\">{i + 1}</a>"
                                 for i in pairs.get(frozenset((a, b)), []))
                cells.append(f"<td class=pair>{points}{links and ' ' + links}</td>")
        out.append(f"<tr><th class=name>{_e(a)}</th>{''.join(cells)}</tr>")
    return out + ["</table></div>"]


def _similar(report: Report) -> list[str]:
    out = ["<h2 id=\"similar\">Similar programs</h2>"]
    if not report.similar:
        return out + ["<p class=muted>not compared (tournament --similarity)</p>"]
    flagged = [p for p in report.similar if p.get("flagged")]
    if not flagged:
        out.append("<p>no pair flagged</p>")
    out.append("<table><tr><th class=name>a</th><th class=name>b</th><th>score</th>"
               "<th>flagged</th></tr>")
    for p in report.similar[:20]:
        mark = "<span class=flag>flagged</span>" if p.get("flagged") else ""
        out.append(f"<tr><td class=name>{_e(p['a'])}</td><td class=name>{_e(p['b'])}</td>"
                   f"<td>{float(p['score']):.2f}</td><td>{mark}</td></tr>")
    return out + ["</table>"]


def _entrant(e: EntrantReport) -> list[str]:
    out = [f"<section class=entrant id=\"{anchor(e.name)}\"><h2>{_e(e.name)}</h2>",
           f"<p>{_e(e.row.get('path') or '(built-in player)')}"
           + (" — house player" if e.row.get("house") else "") + "</p>"]
    if e.moves:
        out.append(f"<p>time per move: mean {e.ms_mean} ms, max {e.ms_max} ms "
                   f"({plural(e.moves, 'move')})</p>")
    out.append("<table><tr><th>game</th><th class=name>first</th><th class=name>second</th>"
               "<th class=name>result</th></tr>")
    for g in e.games:
        out.append(f"<tr><td><a href=\"{game_page(g['index'])}\">{g['index'] + 1}</a></td>"
                   f"<td class=name>{_e(g['first'])}</td><td class=name>{_e(g['second'])}</td>"
                   f"<td class=name>{_e(result_of(g))}</td></tr>")
    out.append("</table>")
    if e.refused_games:
        out.append(f"<h3>Refused at loading</h3><p>lost all its {e.refused_games} games:</p>"
                   f"<pre>{html.escape(clean(e.refused or '(no reason recorded)'))}</pre>")
    if e.forfeits:
        out.append("<h3>Forfeits</h3>")
        for f in e.forfeits:
            out.append(f"<p><a href=\"{game_page(f['index'])}\">game {f['index'] + 1}</a>: "
                       f"{_e(f['reason'])}</p><pre>{html.escape(clean(f['position']))}</pre>")
    if e.output:
        out += ["<h3>What it printed</h3>", f"<pre>{html.escape(e.output)}</pre>"]
    return out + ["</section>"]


def game_html(report: Report, game: Mapping[str, Any]) -> str:
    """The page of one game of the championship, ``games/NNNN.html``."""
    index = game["index"]
    first, second = game["first"], game["second"]
    links = [("standings", "../index.html"),
             (clean_line(first, 80), f"../index.html#{anchor(first)}"),
             (clean_line(second, 80), f"../index.html#{anchor(second)}")]
    count = len(report.doc.get("games", []))
    if index > 0:
        links.append((f"← game {index}", "../" + game_page(index - 1)))
    if index + 1 < count:
        links.append((f"game {index + 2} →", "../" + game_page(index + 1)))
    lines = [result_of(game)]
    if game.get("opening"):
        lines.append(f"opening: {' '.join(game['opening'])}")
    log = "../" + quote(game["replay"]) if isinstance(game.get("replay"), str) else None
    rebuilt = report.rebuilt.get(index)
    names = dict(zip(rebuilt.replay.game.players, (first, second))) if rebuilt else {}
    page_ = GamePage(f"game {index + 1}: {clean_line(first)} vs {clean_line(second)}", names,
                     links, log, len(game.get("opening") or ()), lines)
    if rebuilt is None:
        return unavailable_html(page_, "its log did not verify: see the notes of the standings")
    try:
        return _game_page(rebuilt, page_)
    except (ReplayError, ArenaError, ValueError) as exc:
        return unavailable_html(page_, f"log unreadable: {clean_line(exc)}")


def write_report(out: str | os.PathLike[str]) -> Path:
    """Write ``OUT/report.md``, ``OUT/index.html`` and ``OUT/games/*.html``
    from the tournament folder ``out``; returns the index's path."""
    return write_pages(gather(out))


def write_pages(report: Report) -> Path:
    """Write the pages of ``report`` in its folder; returns the index's path."""
    root = report.out
    for g in report.doc.get("games", []):
        write_inside(root, game_page(g["index"]), game_html(report, g))
    write_inside(root, "report.md", markdown(report))
    return write_inside(root, "index.html", index_html(report))


__all__ = ["game_html", "index_html", "write_pages", "write_report"]
