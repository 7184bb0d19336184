"""One game's page: the board at every ply (the game's own display,
cleaned and bounded), the player to move, the move list with what each
move is, the result; buttons, arrow keys, Home/End and autoplay, and
``#ply=K`` addresses that follow the steps. A championship writes one per
game (``games/NNNN.html``), ``arena replay LOG --html`` one for a log.

The page runs no script but its own: everything from a game, a bot or a
log is escaped, the game's data travels as a JSON data block with ``<``,
``>``, ``&`` and the line separators escaped, and a Content-Security-Policy
lets only the page's own script (by its hash) and style run.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Mapping, Sequence

from pybridge.games.boards import boards, played_descriptions
from pybridge.replay import Rebuilt
from pybridge.text import clean, clean_line
from pybridge.types import JSON, Ply, Verdict, result_text

#: What is shown of one board, of one move's text and of its description.
BOARD_LIMIT = 16 * 1024
MOVE_LIMIT = 200
DESCRIPTION_LIMIT = 300

STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:75em;color:#222;padding:0 1em}
a{color:#0645ad}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th{background:#f0f0f0}td.name,th.name{text-align:left}
tr.house td{color:#666;font-style:italic}
pre{background:#f7f7f7;border:1px solid #ddd;padding:.5em;overflow-x:auto}
.flag{color:#a00;font-weight:bold}.muted{color:#777}
.scroll{overflow-x:auto}
section.entrant{border-top:2px solid #ddd;margin-top:2em}
td.pair a{font-size:.8em;margin-left:.3em}
nav{margin:.3em 0}nav a{margin-right:1em}
.game{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}
.view{flex:1 1 28em;min-width:0}
#board{font-size:1.05em;line-height:1.25;margin:.4em 0;min-height:8em;min-width:20em}
#board{width:fit-content;max-width:100%;box-sizing:border-box}
#status{font-weight:bold;margin:.4em 0}#status.over{color:#060}
#caption{margin:.2em 0;min-height:1.3em}
.controls{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin:.5em 0}
.controls button{font-size:1em;padding:.2em .7em}
#at{min-width:7em;text-align:center;font-variant-numeric:tabular-nums}
.side{flex:0 1 24em;min-width:16em}
#moves{list-style:none;margin:0;padding:0;max-height:70vh;overflow-y:auto;border:1px solid #ddd}
#moves li{border-bottom:1px solid #eee}
#moves a{display:block;padding:.25em .5em;color:#222;text-decoration:none}
#moves a:hover{background:#eef3ff}
#moves a[aria-current]{background:#dbe7ff;font-weight:bold}
#moves .mv{font-family:monospace;font-size:1.1em;font-weight:600}
#moves .description{display:block;color:#555;font-size:.85em;font-weight:normal}
#moves .note{display:block;color:#060;font-size:.85em;font-weight:bold}
#moves .tag{color:#a60;font-size:.85em;font-weight:normal}
#moves li.result{padding:.35em .5em;font-weight:bold;color:#060}
"""

SCRIPT = resources.files(__package__).joinpath("gamepage.js").read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def policy(*, script: bool) -> str:
    """The Content-Security-Policy of a page: nothing fetched, no plugin,
    no form, only the arena's own style and (``script``) its own script."""
    scripts = _sha256(SCRIPT) if script else "'none'"
    return (f"default-src 'none'; script-src {scripts}; style-src {_sha256(STYLE)}; "
            "img-src 'none'; base-uri 'none'; form-action 'none'")


def e(text: object, limit: int = 2048) -> str:
    """One line of text, cleaned, bounded and HTML-escaped."""
    return html.escape(clean_line(text, limit), quote=True)


def page(title: str, body: Sequence[str], *, script: bool = False) -> str:
    """A whole page: its policy, style, ``body`` and (``script``) the game
    page's script."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{policy(script=script)}\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{e(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body)
            + (f"\n<script>{SCRIPT}</script>" if script else "") + "\n</body></html>\n")


def json_block(element_id: str, data: JSON) -> str:
    """``data`` as a JSON data block that no text in it can end or turn
    into markup."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for c, code in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(c, code)
    return f"<script type=\"application/json\" id=\"{element_id}\">{text}</script>"


@dataclass(frozen=True)
class GamePage:
    """What a game page shows besides the game: its title, the name shown
    for each seat, the links above it (label, address), the address of
    its log, how many plies were a set opening, and lines of text under
    the title."""

    title: str
    names: Mapping[str, str]
    links: Sequence[tuple[str, str]] = ()
    log: str | None = None
    opening: int = 0
    lines: Sequence[str] = field(default=())


def _who(page_: GamePage, seat: str) -> str:
    name = page_.names.get(seat)
    return f"{seat} ({name})" if name and name != seat else seat


def _tags(page_: GamePage, ply: Ply) -> str:
    if ply.verdict is not Verdict.OK:
        answered = f", it answered {ply.raw}" if ply.raw is not None else ""
        return f"referee: {ply.verdict}{answered}; a random move instead"
    return "opening" if ply.number <= page_.opening else ""


def frames(rebuilt: Rebuilt, page_: GamePage) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """(plies, moves): per ply its board, status line and caption; per
    move its number, who played it, its text, what it is (description),
    what it decided (the game's note), tags, time."""
    positions = rebuilt.positions
    lasts = [p.logged.ply.move if p.logged else None for p in positions]
    shown = boards([(p.state, last) for p, last in zip(positions, lasts)])
    played = [(before.state, after.logged.ply.move)
              for before, after in zip(positions, positions[1:]) if after.logged]
    said = played_descriptions(played)
    result = rebuilt.result
    plies, moves = [], []
    for k, (pos, board) in enumerate(zip(positions, shown)):
        if k == len(positions) - 1 and result is not None:
            status = result_text(result, name=lambda s: _who(page_, s), sentence=True)
        else:
            status = f"{_who(page_, pos.state.current_player)} to move"
            if k == len(positions) - 1:
                status += " (the log ends here)"
        caption = "start"
        if pos.logged is not None:
            ply = pos.logged.ply
            move = {"n": str(ply.number), "who": ply.player,
                    "move": clean_line(ply.move, MOVE_LIMIT),
                    "description": clean_line(said[k - 1], DESCRIPTION_LIMIT),
                    # what the move decided, where the log or the game says it
                    "note": clean_line(getattr(pos, "note", ""), DESCRIPTION_LIMIT),
                    "tags": clean_line(_tags(page_, ply), DESCRIPTION_LIMIT), "ms": str(ply.ms)}
            moves.append(move)
            caption = f"{ply.number}. {_who(page_, ply.player)} played {move['move']}"
            caption += f" — {move['description']}" if move["description"] else ""
            caption += f": {move['note']}" if move["note"] else ""
            caption += f" ({move['tags']})" if move["tags"] else ""
        plies.append({"board": clean(board.rstrip(), BOARD_LIMIT),
                      "status": clean_line(status), "caption": caption})
    return plies, moves


def _move_item(k: int, move: Mapping[str, str]) -> str:
    desc = "".join(f"<span class={kind}>{html.escape(move[kind])}</span>"
                   for kind in ("description", "note") if move[kind])
    tag = f" <span class=tag>{html.escape(move['tags'])}</span>" if move["tags"] else ""
    return (f"<li><a href=\"#ply={k}\" data-ply={k} title=\"{move['ms']} ms\">{move['n']}. "
            f"{html.escape(move['who'])} <span class=mv>{html.escape(move['move'])}</span>{tag}"
            f"{desc}</a></li>")


def game_html(rebuilt: Rebuilt, page_: GamePage) -> str:
    """The page of the game ``rebuilt`` (a verified log)."""
    plies, moves = frames(rebuilt, page_)
    result = rebuilt.result
    over = result is not None
    body = [_nav(page_), f"<h1>{e(page_.title)}</h1>"]
    body += [f"<p>{e(line)}</p>" for line in page_.lines]
    items = ["<li><a href=\"#ply=0\" data-ply=0>start</a></li>"]
    items += [_move_item(k, m) for k, m in enumerate(moves, 1)]
    if over:
        items.append(f"<li class=result>{e(plies[-1]['status'])}</li>")
    body += [
        "<div class=game><div class=view>",
        "<div class=controls>"
        "<button id=first aria-label=\"the start\" title=\"the start (Home)\">|◀</button>"
        "<button id=prev aria-label=\"one ply back\" title=\"one ply back (←)\">◀</button>"
        "<span id=at>ply 0</span>"
        "<button id=next aria-label=\"one ply on\" title=\"one ply on (→)\">▶</button>"
        "<button id=last aria-label=\"the end\" title=\"the end (End)\">▶|</button>"
        "<button id=play title=\"play the moves one by one (Space)\">▶ play</button>"
        "<label>every <select id=speed><option value=2000>2 s</option>"
        "<option value=1000 selected>1 s</option><option value=500>0.5 s</option>"
        "<option value=200>0.2 s</option></select></label></div>",
        f"<p id=status>{e(plies[0]['status'])}</p>",
        # the parser drops a newline just after <pre>: this one, not the board's
        f"<pre id=board>\n{html.escape(plies[0]['board'])}</pre>",
        f"<p id=caption>{e(plies[0]['caption'])}</p>",
        "<p class=muted>← → step, Home/End: the start and the end, Space: play or pause; "
        "click a move to see it; the address (#ply=K) shows this position to anyone.</p>",
        "</div><div class=side><ol id=moves>", *items, "</ol></div></div>",
        json_block("game-data", {"plies": plies, "over": over}),
    ]
    return page(page_.title, body, script=True)


def _nav(page_: GamePage) -> str:
    links = list(page_.links) + ([("replay log", page_.log)] if page_.log else [])
    return "<nav>" + "".join(f"<a href=\"{html.escape(href, quote=True)}\">{e(label)}</a>"
                             for label, href in links) + "</nav>"


def log_html(rebuilt: Rebuilt, log: str | None) -> str:
    """The page of one logged game outside a championship; ``log`` is the
    address of the log from where the page is written."""
    replay = rebuilt.replay
    game = replay.game
    names = {seat: clean_line(spec, 200) for seat, spec in replay.players.items()}
    seats = " vs ".join(f"{seat} ({name})" for seat, name in names.items())
    options = "".join(f" {k}={v}" for k, v in game.options.items())
    lines = [f"{game.title}{options}" + (f", started {replay.header.started}"
                                          if replay.header.started else "")]
    if replay.header.opening:
        lines.append(f"opening: {' '.join(replay.header.opening)}")
    return game_html(rebuilt, GamePage(f"{game.title}: {seats}", names, (), log,
                                       len(replay.header.opening), lines))


def unavailable_html(page_: GamePage, why: str) -> str:
    """The page of a game whose log cannot be shown, saying why."""
    body = [_nav(page_), f"<h1>{e(page_.title)}</h1>"]
    body += [f"<p>{e(line)}</p>" for line in page_.lines]
    return page(page_.title, body + [f"<p class=flag>{e(why)}</p>"])


__all__ = ["BOARD_LIMIT", "GamePage", "STYLE", "e", "frames", "game_html", "json_block", "log_html",
           "page", "policy", "unavailable_html"]
