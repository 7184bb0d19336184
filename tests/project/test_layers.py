"""The shape of the Python code: packages depend downwards only, no module
imports itself through others, no module grows past 400 lines, no test
module imports another (what tests share is in tests/support/ and
tests/conftest.py), and every project file a module or test names exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from tests.support.paths import ROOT


#: Layers from the bottom; a module may import its own layer and those below.
#: A Game stands on an engine; what both speak of (a game file's reference,
#: its files, options) lies below them in pybridge.models.
LAYERS: list[set[str]] = [
    {"pybridge.errors", "pybridge.types", "pybridge.text", "pybridge.safeio",
     "pybridge.invocation", "pybridge.signing", "pybridge.defaults"},
    {"pybridge.models"},
    {"pybridge.jail"},
    {"pybridge.engine"},
    {"pybridge.host"},
    {"pybridge.games"},
    {"pybridge.play"},
    {"pybridge.bots"},
    {"pybridge.replay"},
    {"pybridge.championship"},
    {"pybridge.report"},
    {"pybridge.testing"},
    {"pybridge.batch"},
    {"pybridge"},  # the public API, pybridge/__init__.py
    {"shell.render"},
    {"shell.repl"},
    {"shell.cli", "shell"},
]

MAX_LINES = 400


def _modules() -> dict[str, Path]:
    found = {}
    for top in ("pybridge", "shell"):
        for path in (ROOT / top).rglob("*.py"):
            if "prolog" in path.relative_to(ROOT).parts[1:2]:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _layer(module: str) -> int:
    for depth in range(module.count(".") + 1, 0, -1):
        prefix = ".".join(module.split(".")[:depth])
        for index, layer in enumerate(LAYERS):
            if prefix in layer:
                return index
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def _imports(module: str) -> set[str]:
    """The project modules ``module`` imports anywhere in it: at module
    level, under ``if TYPE_CHECKING:`` and inside functions alike (an import
    put off to run time still ties the two modules). ``from a.b import c``
    counts ``a.b.c`` when that is a module, else ``a.b``."""
    return _imports_of(module, ast.parse(MODULES[module].read_text()))


def _imports_of(module: str, tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in MODULES}
        elif isinstance(node, ast.ImportFrom) and node.module in MODULES:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{module}: relative import (imports are absolute)")
    return found - {module}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_its_own_layer_and_those_below(module: str) -> None:
    mine = _layer(module)
    above = sorted(m for m in _imports(module) if _layer(m) > mine)
    assert above == [], f"{module} (layer {mine}) imports from above: {above}"


def test_an_import_inside_a_function_counts() -> None:
    """The layer test's own reader: a function-level import is seen."""
    module = next(iter(sorted(MODULES)))
    tree = ast.parse("def f():\n    from pybridge.host import game_registry\n")
    assert "pybridge.host.game_registry" in _imports_of(module, tree)


def test_no_module_imports_itself_through_others() -> None:
    graph = {m: _imports(m) for m in MODULES}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n, path + [n])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    assert cycles == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_over_400_lines(module: str) -> None:
    lines = len(MODULES[module].read_text().splitlines())
    assert lines <= MAX_LINES, f"{module}: {lines} lines"


#: The most parameters a function takes (self and cls aside); more want a
#: keyword-only parameter object, as check_game's CheckPlan.
MAX_PARAMETERS = 8


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The parameters of ``function``, *args and **kwargs among them, but
    not its self or cls."""
    a = function.args
    names = [p.arg for p in (*a.posonlyargs, *a.args)]
    if names[:1] in (["self"], ["cls"]):
        names = names[1:]
    names += [p.arg for p in a.kwonlyargs]
    names += [f"*{p.arg}" for p in (a.vararg,) if p is not None]
    names += [f"**{p.arg}" for p in (a.kwarg,) if p is not None]
    return names


def test_no_function_takes_more_than_8_parameters() -> None:
    long = []
    for module, path in sorted(MODULES.items()):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                count = len(_parameters(node))
                if count > MAX_PARAMETERS:
                    long.append(f"{module}:{node.lineno} {node.name} ({count})")
    assert long == []


def test_the_parameter_count_leaves_out_self_only() -> None:
    tree = ast.parse("class C:\n    def f(self, a, /, b, *c, d, **e): pass\n")
    function = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))
    assert _parameters(function) == ["a", "b", "d", "*c", "**e"]


#: Paths of the project's own files as code, tests and docs cite them.
CITED = re.compile(r"(?<![\w./-])((?:pybridge|shell|prolog|tests|benchmarks|docs|examples)"
                   r"/[\w./-]*\w\.(?:py|pl|md|txt))\b")


def test_every_cited_project_file_exists() -> None:
    texts = [ROOT / "README.md", *ROOT.glob("docs/*.md")]
    for top in ("pybridge", "shell", "tests", "benchmarks", "prolog"):
        texts += [p for p in (ROOT / top).rglob("*") if p.suffix in (".py", ".pl", ".md")]
    missing = set()
    for path in texts:
        for cited in CITED.findall(path.read_text(errors="replace")):
            if re.search(r"/(GAME|Game)\.|_GAME\.", cited):  # a placeholder: any game
                continue
            if "<" in cited or "*" in cited or not (ROOT / cited).exists():
                missing.add(f"{path.relative_to(ROOT)}: {cited}")
    assert sorted(missing) == []


def _test_modules_imported(path: Path) -> set[str]:
    """The test modules (``test_*``) that the file at ``path`` imports,
    absolutely or relatively, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names = [base] + [f"{base.rstrip('.')}.{a.name}" if node.module else f"{base}{a.name}"
                              for a in node.names]
        else:
            continue
        found |= {n for n in names if re.fullmatch(r"(tests)?\.+test_\w+", n)}
    return found


def test_no_test_module_imports_another() -> None:
    imports = {str(p.relative_to(ROOT)): sorted(_test_modules_imported(p))
               for p in sorted((ROOT / "tests").rglob("*.py"))}
    assert {path: names for path, names in imports.items() if names} == {}
