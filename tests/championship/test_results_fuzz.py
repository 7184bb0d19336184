"""Crafted results folders, drawn by hypothesis: whatever a folder holds,
`arena report` and `tournament --resume` end with the report written or
one clear error (an ArenaError naming what is wrong), never a traceback,
never a hang, and never write outside the folder."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pybridge.errors import ArenaError
from pybridge.report.results import gather
from pybridge.report.html import write_pages
from tests.support.corpus import PLAYED_SPECS
from pybridge.championship.tournament import Schedule, Settings, run_tournament

SPECS = PLAYED_SPECS
FILES = ["standings.json", "games.jsonl", "tournament.json", "similarity.json",
         "replays/0001-random-vs-ai_1.jsonl", "replays/0002-ai_1-vs-random.jsonl"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.sampled_from(["random", "ai:1", "draw", "/dev/zero", "../x",
                                              "replays/0001-random-vs-ai_1.jsonl"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)


def _edit_json(path: Path, where: list[str], value: Any) -> None:
    """Set a field somewhere in a JSON file (or JSON Lines file) to ``value``."""
    text = path.read_text()
    lines = text.splitlines() if path.suffix == ".jsonl" else [text]
    docs = [json.loads(line) for line in lines]
    if not docs:
        return
    doc = docs[0] if len(where) % 2 else docs[-1]
    node: Any = doc
    for key in where[:-1]:
        if isinstance(node, dict) and node:
            node = node.get(key, next(iter(node.values())))
        elif isinstance(node, list) and node:
            node = node[hash(key) % len(node)]
    if isinstance(node, dict):
        node[where[-1]] = value
    elif isinstance(node, list) and node:
        node[hash(where[-1]) % len(node)] = value
    path.write_text("\n".join(json.dumps(d) for d in docs) + "\n")


Mutation = Callable[[Path], None]


@st.composite
def mutations(draw: st.DrawFn) -> Mutation:
    target = draw(st.sampled_from(FILES + ["replays"]))
    kind = draw(st.sampled_from(["field", "replace_json", "bytes", "truncate", "symlink_zero",
                                 "symlink_out", "fifo", "folder", "deep", "remove", "line"]))
    value = draw(json_values)
    where = draw(st.lists(st.sampled_from(["bots", "games", "name", "winner", "first", "second",
                                           "index", "replay", "settings", "options", "game",
                                           "entrants", "pairs", "output", "opening", "ms",
                                           "type", "move", "ply", "players", "reason",
                                           "forfeit", "lost_by_both", "late_days", "zero",
                                           "elo_anchor", "grades"]), min_size=1, max_size=4))
    junk = draw(st.binary(max_size=64))
    cut = draw(st.integers(0, 4000))

    def mutate(out: Path) -> None:
        path = out / target
        if path.parent.is_symlink() or not path.parent.is_dir():
            return  # its folder was replaced by an earlier change
        if kind == "field" and path.is_file() and not path.is_symlink():
            try:
                _edit_json(path, where, value)
            except (ValueError, RecursionError):
                pass  # not JSON (an earlier change): left as it is
            return
        if path.is_dir() and target == "replays" and kind in ("bytes", "truncate", "field",
                                                              "replace_json", "line", "deep"):
            return
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif os.path.lexists(path):
            path.unlink()
        if kind == "replace_json":
            path.write_text(json.dumps(value))
        elif kind == "bytes":
            path.write_bytes(junk)
        elif kind == "truncate":
            src = out.parent / "orig" / target
            if src.is_file():
                path.write_bytes(src.read_bytes()[:cut])
        elif kind == "symlink_zero":
            path.symlink_to("/dev/zero")
        elif kind == "symlink_out":
            path.symlink_to(out.parent / "outside")
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "folder":
            path.mkdir()
        elif kind == "deep":
            path.write_text("[" * 50_000 + "]" * 50_000 + "\n")
        elif kind == "line":
            src = out.parent / "orig" / target
            if src.is_file():
                lines = src.read_text().splitlines()
                lines[cut % len(lines)] = json.dumps(value)
                path.write_text("\n".join(lines) + "\n")

    return mutate


def _crafted(played: Path, changes: list[Mutation]) -> tuple[Path, Path]:
    # beside the played folder, in pytest's temporary folders: one per example
    root = Path(tempfile.mkdtemp(prefix="crafted-", dir=played.parent))
    shutil.copytree(played, root / "orig")
    shutil.copytree(played, root / "out")
    (root / "outside").mkdir()
    (root / "outside" / "keep").write_text("keep\n")
    for change in changes:
        change(root / "out")
    return root, root / "out"


def _outside_untouched(root: Path) -> None:
    assert sorted(p.name for p in (root / "outside").iterdir()) == ["keep"]
    assert (root / "outside" / "keep").read_text() == "keep\n"


FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FUZZ
@given(changes=st.lists(mutations(), min_size=1, max_size=3))
def test_arena_report_on_a_crafted_folder(played: Path, changes: list[Mutation]) -> None:
    root, out = _crafted(played, changes)
    try:
        try:
            report = gather(out)
            index = write_pages(report)
        except ArenaError as exc:
            assert str(exc)  # a clear error, naming what is wrong
        else:
            assert index.is_file() and not index.is_symlink()
        _outside_untouched(root)
    finally:
        shutil.rmtree(root)


@settings(FUZZ, max_examples=40)
@given(changes=st.lists(mutations(), min_size=1, max_size=3))
def test_tournament_resume_on_a_crafted_folder(played: Path, changes: list[Mutation]) -> None:
    root, out = _crafted(played, changes)
    try:
        try:
            result = run_tournament("tictactoe",
                                    SPECS,
                                    out=out,
                                    resume=True,
                                    settings=Settings(schedule=Schedule(games_per_pair=2)))
        except ArenaError as exc:
            assert str(exc)
        else:
            assert result.complete and len(result.records) == 2
            # every result counted is the one its log shows
            for r in result.records:
                log = (out / r.replay).read_text().splitlines()
                assert json.loads(log[-1])["type"] == "result"
        _outside_untouched(root)
    finally:
        shutil.rmtree(root)
