"""A championship's results to publish, gathered from its folder (a
finished or partial one): settings, standings, crosstable, similar pairs
and, per entrant, its games, forfeits, move times and output. This module
builds the data and ``OUT/report.md``; :mod:`pybridge.report_html` the
HTML pages. Everything bot-made is shown only after
:func:`pybridge.text.clean`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from .checkpoint import read_games
from .replay import ReplayError, positions, read_replay
from .scoring import TournamentError
from .text import clean, clean_line
from .types import result_text

#: What is shown of an entrant's output in all (the games' outputs joined).
SHOWN_OUTPUT = 4096
SIMILARITY = "similarity.json"


@dataclass
class EntrantReport:
    name: str
    row: Mapping[str, Any]
    games: list[Mapping[str, Any]] = field(default_factory=list)
    forfeits: list[Mapping[str, Any]] = field(default_factory=list)
    ms_mean: float | None = None
    ms_max: int | None = None
    moves: int = 0
    output: str = ""


@dataclass
class Report:
    out: Path
    doc: Mapping[str, Any]
    entrants: list[EntrantReport]
    crosstable: dict[str, dict[str, int]]
    similar: list[Mapping[str, Any]]


def anchor(name: str) -> str:
    """An HTML id for an entrant's section."""
    return "e-" + "".join(c if c.isalnum() or c in "-_" else f"_{ord(c):x}" for c in name)


def game_page(index: int) -> str:
    """The replay page of game ``index`` (0-based), relative to OUT."""
    return f"games/{index + 1:04d}.html"


def gather(out: str | Path) -> Report:
    """Everything the report shows, from the folder ``out``."""
    out = Path(out)
    try:
        doc = json.loads((out / "standings.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TournamentError(f"{str(out)!r} holds no tournament (no standings.json)") from None
    except ValueError as exc:
        raise TournamentError(f"{str(out / 'standings.json')!r} is unreadable: {exc}") from None
    outputs = {i: o for i, (_, o) in read_games(out).items()}
    bots = doc.get("bots", [])
    names = [b["name"] for b in bots]
    people = {n: EntrantReport(n, b) for n, b in zip(names, bots)}
    cross = {a: {b: 0 for b in names if b != a} for a in names}
    times: dict[str, list[tuple[float, int, int]]] = {n: [] for n in names}
    said: dict[str, list[str]] = {n: [] for n in names}
    for g in doc.get("games", []):
        a, b = g["first"], g["second"]
        both = g.get("lost_by_both")
        for me, other in ((a, b), (b, a)):
            if g["winner"] == "draw" and not both:
                cross[me][other] += 1
            elif g["winner"] == me and not both:
                cross[me][other] += 3
            people[me].games.append(g)
            if g.get("forfeit") and (g["winner"] != me or both):
                people[me].forfeits.append({**g, "position": _final_position(out, g)})
        for n, (mean, worst, moves) in (g.get("ms") or {}).items():
            times[n].append((mean, worst, moves))
        for n, text in outputs.get(g.get("index", -1), {}).items():
            said[n].append(f"[game {g.get('index', 0) + 1}]\n{text}")
    for n, e in people.items():
        moves = sum(m for _, _, m in times[n])
        if moves:
            e.moves = moves
            e.ms_mean = round(sum(mean * m for mean, _, m in times[n]) / moves, 1)
            e.ms_max = max(w for _, w, _ in times[n])
        e.output = clean("\n".join(said[n]), SHOWN_OUTPUT)
    similar: list[Mapping[str, Any]] = []
    if (out / SIMILARITY).exists():
        similar = json.loads((out / SIMILARITY).read_text(encoding="utf-8")).get("pairs", [])
    return Report(out, doc, [people[n] for n in names], cross, similar)


def _final_position(out: Path, game: Mapping[str, Any]) -> str:
    """The board where a forfeited game stopped, as the game displays it."""
    try:
        replay = read_replay(out / game["replay"])
        *_, last = positions(replay)
        return last.state.display(color=False).rstrip()
    except (ReplayError, OSError, ValueError) as exc:
        return f"(position unavailable: {clean_line(exc)})"


def replay_frames(out: Path, game: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(caption, board) for the start and after every move of a game."""
    replay = read_replay(out / game["replay"])
    opening = len(game.get("opening") or ())
    frames = []
    for pos in positions(replay):
        ply = pos.logged.ply if pos.logged else None
        if ply is None:
            caption = "start"
        else:
            tag = " (opening)" if ply.number <= opening else f" ({ply.ms} ms)"
            caption = f"{ply.number}. {ply.player} plays {clean_line(ply.move)}{tag}"
            if ply.verdict != "ok":
                caption += f" — referee: {ply.verdict}, a random move instead"
        frames.append((caption, pos.state.display(color=False, last_move=ply.move if ply else None)
                       .rstrip()))
    if replay.result is not None:
        frames.append((clean_line(result_text(replay.result)), frames[-1][1]))
    return frames


# -- markdown ----------------------------------------------------------------------


def _md_cell(text: object) -> str:
    return clean_line(text).replace("|", "\\|")


def settings_lines(doc: Mapping[str, Any]) -> list[str]:
    s = doc.get("settings", {})
    options = " ".join(f"{k}={v}" for k, v in doc.get("options", {}).items()) or "none"
    lines = [f"game {doc['game']} (options: {options}); {doc['games_played']} of "
             f"{doc['games_scheduled']} games played" + ("" if doc.get("complete") else " (not complete)"),
             f"{s.get('games_per_pair')} games per pair, {s.get('move_time')} s per move, "
             f"on an invalid move: {s.get('policy')}, seed {s.get('seed')}, "
             f"isolation {doc.get('isolation')}"]
    if s.get("openings"):
        lines.append(f"{s['openings']} openings of {s.get('opening_plies')} random plies per pair")
    if s.get("grades"):
        lines.append(f"grades 5..10 (1999 rule), one point off per day late; "
                     f"more than {s.get('max_late')} days late: not admitted")
    for name, days in (s.get("not_admitted") or {}).items():
        lines.append(f"not admitted: {clean_line(name)} ({days} days late)")
    return lines


STANDING_COLUMNS = ("rank", "name", "played", "won", "drawn", "lost", "forfeits", "points",
                    "elo", "elo_error", "late_days", "grade_before_late", "grade")


def standing_cells(b: Mapping[str, Any]) -> list[str]:
    def num(v: Any, fmt: str) -> str:
        return "" if v is None else format(v, fmt)

    return ["-" if b.get("rank") is None else str(b["rank"]),
            clean_line(b["name"]) + (" (house)" if b.get("house") else ""),
            str(b["played"]), str(b["won"]), str(b["drawn"]), str(b["lost"]),
            str(b["forfeits"]), str(b["points"]), num(b.get("elo"), ".0f"),
            num(b.get("elo_error"), ".0f"), str(b.get("late_days") or ""),
            num(b.get("grade_before_late") if b.get("late_days") else None, ".2f"),
            num(b.get("grade"), ".2f")]


def markdown(report: Report) -> str:
    doc = report.doc
    out = [f"# Championship: {clean_line(doc['game'])}", ""]
    out += [f"- {line}" for line in settings_lines(doc)] + ["", "## Standings", ""]
    out.append("| " + " | ".join(STANDING_COLUMNS) + " |")
    out.append("|" + "---|" * len(STANDING_COLUMNS))
    for b in doc.get("bots", []):
        out.append("| " + " | ".join(_md_cell(c) for c in standing_cells(b)) + " |")
    out += ["", "rank -: out of the ranking (over 10% of its games lost by forfeit); "
            "(house): ranked, not graded; elo_error: half the 95% interval.", "",
            "## Crosstable (points of the row against the column)", ""]
    names = [e.name for e in report.entrants]
    out.append("| | " + " | ".join(_md_cell(n) for n in names) + " |")
    out.append("|---|" + "---|" * len(names))
    for a in names:
        cells = ["" if a == b else str(report.crosstable[a][b]) for b in names]
        out.append(f"| {_md_cell(a)} | " + " | ".join(cells) + " |")
    out += ["", "## Similar programs", ""]
    flagged = [p for p in report.similar if p.get("flagged")]
    if not report.similar:
        out.append("not compared (tournament --similarity, or arena similar)")
    elif not flagged:
        out.append("no pair flagged")
    for p in flagged:
        out.append(f"- {_md_cell(p['a'])} ~ {_md_cell(p['b'])}: {p['score']:.2f}")
    for e in report.entrants:
        out += ["", f"## {clean_line(e.name)}", ""]
        out += _entrant_md(e)
    return "\n".join(out) + "\n"


def _entrant_md(e: EntrantReport) -> list[str]:
    out = [f"- path: {clean_line(e.row.get('path') or '(built-in)')}"]
    if e.moves:
        out.append(f"- time per move: mean {e.ms_mean} ms, max {e.ms_max} ms over {e.moves} moves")
    out += ["", "| game | first | second | result | log |", "|---|---|---|---|---|"]
    for g in e.games:
        out.append(f"| [{g['index'] + 1}]({game_page(g['index'])}) | {_md_cell(g['first'])} | "
                   f"{_md_cell(g['second'])} | {_md_cell(_result(g))} | {_md_cell(g['replay'])} |")
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
    return result_text(_Outcome(g["winner"], g["reason"]))


@dataclass(frozen=True)
class _Outcome:
    winner: str
    reason: str


def result_of(g: Mapping[str, Any]) -> str:
    """A game's result in words, as the report shows it."""
    return clean_line(_result(g))


__all__ = ["EntrantReport", "Report", "SIMILARITY", "anchor", "game_page", "gather", "markdown",
           "replay_frames", "result_of", "settings_lines", "standing_cells", "STANDING_COLUMNS"]
