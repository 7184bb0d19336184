"""The championship's pages: ``OUT/index.html`` (settings, standings,
crosstable, similar pairs, a section per entrant) and a replay page per
game in ``OUT/games/`` (every board, move by move). Self-contained: one
inline style sheet and a few lines of inline script, nothing fetched.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any, Iterable, Mapping

from pybridge.safeio import write_inside
from pybridge.errors import ArenaError
from pybridge.replay import ReplayError
from pybridge.report.markdown import (
    STANDING_COLUMNS,
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
    replay_frames,
)
from pybridge.text import clean, clean_line

STYLE = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222;padding:0 1em}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th{background:#f0f0f0}td.name,th.name{text-align:left}
tr.house td{color:#666;font-style:italic}
pre{background:#f7f7f7;border:1px solid #ddd;padding:.5em;overflow-x:auto}
.flag{color:#a00;font-weight:bold}.muted{color:#777}
section.entrant{border-top:2px solid #ddd;margin-top:2em}
.frame{display:inline-block;vertical-align:top;margin:.3em}
.frame pre{margin:.2em 0}
"""


def _e(text: object) -> str:
    return html.escape(clean_line(text), quote=True)


def _page(title: str, body: Iterable[str], script: str = "") -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body)
            + (f"\n<script>{script}</script>" if script else "") + "\n</body></html>\n")


def index_html(report: Report) -> str:
    doc = report.doc
    body = [f"<h1>Championship: {_e(doc['game'])}</h1>", "<ul>"]
    body += [f"<li>{_e(line)}</li>" for line in settings_lines(doc)] + ["</ul>"]
    if notes(report):
        body += ["<h2 id=\"notes\">Notes</h2>", "<ul>"]
        body += [f"<li class=flag>{_e(n)}</li>" for n in notes(report)] + ["</ul>"]
    body += ["<h2 id=\"standings\">Standings</h2>", "<table><tr>"
             + "".join(f"<th{' class=name' if c == 'name' else ''}>{_e(c)}</th>"
                       for c in STANDING_COLUMNS) + "</tr>"]
    for b in doc.get("bots", []):
        cells = standing_cells(b)
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
    out = ["<h2 id=\"crosstable\">Crosstable</h2>",
           "<p class=muted>points of the row's entrant against the column's (–: no game "
           "between them)</p>",
           "<div style=\"overflow-x:auto\"><table><tr><th></th>"
           + "".join(f"<th>{_e(n)}</th>" for n in names) + "</tr>"]
    for a in names:
        cells = "".join("<td class=muted>·</td>" if a == b
                        else "<td class=muted>–</td>" if report.crosstable[a][b] is None
                        else f"<td>{report.crosstable[a][b]}</td>"
                        for b in names)
        out.append(f"<tr><th class=name>{_e(a)}</th>{cells}</tr>")
    return out + ["</table></div>"]


def _similar(report: Report) -> list[str]:
    out = ["<h2 id=\"similar\">Similar programs</h2>"]
    if not report.similar:
        return out + ["<p class=muted>not compared (tournament --similarity)</p>"]
    flagged = [p for p in report.similar if p.get("flagged")]
    if not flagged:
        out.append("<p>no pair flagged</p>")
    out.append("<table><tr><th class=name>a</th><th class=name>b</th><th>score</th><th></th></tr>")
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
                   f"({e.moves} moves)</p>")
    out.append("<table><tr><th>game</th><th class=name>first</th><th class=name>second</th>"
               "<th class=name>result</th></tr>")
    for g in e.games:
        out.append(f"<tr><td><a href=\"{game_page(g['index'])}\">{g['index'] + 1}</a></td>"
                   f"<td class=name>{_e(g['first'])}</td><td class=name>{_e(g['second'])}</td>"
                   f"<td class=name>{_e(result_of(g))}</td></tr>")
    out.append("</table>")
    if e.forfeits:
        out.append("<h3>Forfeits</h3>")
        for f in e.forfeits:
            out.append(f"<p><a href=\"{game_page(f['index'])}\">game {f['index'] + 1}</a>: "
                       f"{_e(f['reason'])}</p><pre>{html.escape(clean(f['position']))}</pre>")
    if e.output:
        out += ["<h3>What it printed</h3>", f"<pre>{html.escape(e.output)}</pre>"]
    return out + ["</section>"]


_STEP = """
var f=document.querySelectorAll('.frame'),i=0;
function show(n){i=Math.max(0,Math.min(f.length-1,n));
for(var k=0;k<f.length;k++)f[k].style.display=(k==i||all)?'inline-block':'none';
document.getElementById('at').textContent=(i+1)+' / '+f.length;}
var all=false;
document.getElementById('prev').onclick=function(){show(i-1)};
document.getElementById('next').onclick=function(){show(i+1)};
document.getElementById('all').onclick=function(){all=!all;show(i)};
document.onkeydown=function(ev){if(ev.key=='ArrowLeft')show(i-1);if(ev.key=='ArrowRight')show(i+1)};
show(0);
"""


def game_html(report: Report, game: Mapping[str, Any]) -> str:
    title = f"game {game['index'] + 1}: {clean_line(game['first'])} vs {clean_line(game['second'])}"
    body = [f"<p><a href=\"../index.html\">standings</a></p><h1>{_e(title)}</h1>",
            f"<p>{_e(result_of(game))}</p>"]
    if game.get("opening"):
        body.append(f"<p>opening: {_e(' '.join(game['opening']))}</p>")
    if game["index"] not in report.rebuilt:
        return _page(title, body + ["<p class=flag>its log did not verify: see the notes of "
                                    "the standings</p>"])
    try:
        frames = replay_frames(report, game)
    except (ReplayError, ArenaError, ValueError) as exc:
        return _page(title, body + [f"<p class=flag>log unreadable: {_e(exc)}</p>"])
    body.append("<p><button id=prev>◀ previous</button> <span id=at></span> "
                "<button id=next>next ▶</button> <button id=all>all boards</button> "
                "(arrow keys step)</p>")
    for caption, board in frames:
        body.append(f"<div class=frame><b>{_e(caption)}</b><pre>{html.escape(clean(board))}</pre></div>")
    return _page(title, body, _STEP)


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
