"""One name per class: no two classes in pybridge/ and shell/ share a
name, so that a name read in a traceback, a doc or a search leads to
one place."""

from __future__ import annotations

import ast
from collections import defaultdict

from tests.support.paths import ROOT

def _classes() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for top in ("pybridge", "shell"):
        for path in sorted((ROOT / top).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ClassDef):
                    found[node.name].append(path.relative_to(ROOT).as_posix())
    return found


def test_no_two_classes_share_a_name() -> None:
    shared = {name: places for name, places in _classes().items() if len(places) > 1}
    assert not shared, f"classes that share a name (rename one): {shared}"
