"""The docs name only what exists: every project path, every link, every
``arena`` subcommand with its options and every ``make`` target that
README.md and docs/*.md name. A failure names the doc, the line and the
missing thing, so that a module moved or an option renamed shows which
page to mend."""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from shell.cli.arena import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 300
#: A page for each reader (issue 37), linked from the README.
PAGES = ("players", "bots", "writing-a-game", "course-submissions", "check-games",
         "championships", "security", "architecture", "games", "cross-check")

#: A path of the project as the docs write it: a top folder, then its parts.
PATH = re.compile(r"(?<![\w./~-])((?:prolog|pybridge|shell|tests|benchmarks|docs|examples|\.ci)"
                  r"/(?:[\w.*-]*[\w*]/?)*)")
#: A placeholder for any file (prolog/games/GAME.pl, tests/test_GAME_*.py, <id>).
PLACEHOLDER = re.compile(r"(?<![A-Za-z])[A-Z]{2,}(?![a-z])|<")
LINK = re.compile(r"\]\(([^)\s]+)\)")
ARENA = re.compile(r"(?:^|(?<=[\s(/]))arena(?=\s)")
MAKE = re.compile(r"(?:^|(?<=[\s(]))make\s+([a-z][\w-]*)")
OPTION = re.compile(r"-{1,2}[A-Za-z][\w-]*")
#: Words before "arena" or "make" that make it prose, not a command.
PROSE = {"the", "an", "a", "this", "that", "of", "to"}


@dataclass(frozen=True)
class Cli:
    """What the ``arena`` parser accepts: options before a subcommand
    (with whether each takes a value), and each subcommand's options."""

    top: dict[str, bool]
    commands: dict[str, frozenset[str]]


def _options(parser: argparse.ArgumentParser) -> dict[str, bool]:
    return {o: a.nargs != 0 for a in parser._actions for o in a.option_strings}


def arena_cli() -> Cli:
    parser = build_parser()
    commands: dict[str, frozenset[str]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                commands[name] = frozenset(_options(sub))
    return Cli(_options(parser), commands)


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text()
    return set(re.findall(r"^([A-Za-z][\w-]*)\s*:(?!=)", text, re.M))


def code_pieces(text: str) -> Iterator[tuple[int, str]]:
    """(line number, code) for every line of a fenced block (a line ending
    in a backslash joined with the next) and every inline code span (which
    may run over a line break)."""
    prose: list[str] = []
    fence = False
    pending: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fence = not fence
            prose.append("")
            continue
        if not fence:
            prose.append(line)
            continue
        prose.append("")
        start, joined = pending if pending is not None else (number, "")
        joined += " " + line
        if line.rstrip().endswith("\\"):
            pending = (start, joined.rstrip().removesuffix("\\"))
        else:
            pending = None
            yield start, joined
    flat = "\n".join(prose)
    for m in re.finditer(r"(`+)(.+?)\1", flat, re.S):
        yield flat.count("\n", 0, m.start()) + 1, m.group(2).replace("\n", " ")


def _prose_before(code: str, at: int) -> bool:
    words = code[:at].split()
    return bool(words) and words[-1].lower() in PROSE


def command_problems(code: str, cli: Cli, targets: set[str]) -> Iterator[str]:
    """What ``code`` names that the CLI or the Makefile lacks."""
    for m in ARENA.finditer(code):
        if _prose_before(code, m.start()):
            continue
        words = [w.strip("[](),;") for w in code[m.end():].split()]
        i = 0
        while i < len(words) and words[i].startswith("-"):
            if words[i] not in cli.top:
                yield f"arena option {words[i]!r}"
            i += 1 + cli.top.get(words[i], False)
        if i == len(words) or not re.fullmatch(r"[a-z][\w-]*", words[i]):
            continue
        command = words[i]
        if command not in cli.commands:
            yield f"arena subcommand {command!r}"
            continue
        for word in words[i + 1:]:
            option = word.split("=")[0]
            if OPTION.fullmatch(option) and option not in cli.commands[command]:
                yield f"option {option!r} of arena {command}"
    for m in MAKE.finditer(code):
        if not _prose_before(code, m.start()) and m.group(1) not in targets:
            yield f"make target {m.group(1)!r}"


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(text: str) -> set[str]:
    return {_slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}


def path_problems(line: str, doc: Path, own: set[str]) -> Iterator[str]:
    """Project paths and relative links in ``line`` (of ``doc``, whose
    headings' anchors are ``own``) that do not exist."""
    for cited in PATH.findall(line):
        if PLACEHOLDER.search(cited) or re.fullmatch(r"\w+/\d+", cited):  # shell/1: a predicate
            continue
        found = list(ROOT.glob(cited.rstrip("/"))) if "*" in cited else [ROOT / cited]
        if not found or not all(p.exists() for p in found):
            yield f"path {cited!r}"
    for target in LINK.findall(line):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        linked = doc.parent / name
        if name and not linked.exists():
            yield f"link {target!r}"
        elif anchor and (linked.suffix == ".md" or not name):
            anchors = _anchors(linked.read_text()) if name else own
            if anchor not in anchors:
                yield f"link {target!r} (no heading {anchor!r})"


def doc_problems(text: str, doc: Path, cli: Cli, targets: set[str]) -> list[str]:
    """Every missing thing ``text`` (the doc at ``doc``) names, as
    ``doc:line: missing thing``."""
    name = doc.relative_to(ROOT) if doc.is_relative_to(ROOT) else doc
    found: list[str] = []
    own = _anchors(text)
    for number, line in enumerate(text.splitlines(), 1):
        found += [f"{name}:{number}: {p} does not exist" for p in path_problems(line, doc, own)]
    for number, code in code_pieces(text):
        found += [f"{name}:{number}: {p} does not exist"
                  for p in command_problems(code, cli, targets)]
    return found


@pytest.fixture(scope="module")
def cli() -> Cli:
    return arena_cli()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_command_and_target_a_doc_names_exists(doc: Path, cli: Cli) -> None:
    problems = doc_problems(doc.read_text(), doc, cli, make_targets())
    assert not problems, "the docs name what does not exist:\n" + "\n".join(problems)


def test_the_check_finds_what_does_not_exist(cli: Cli) -> None:
    doc = ROOT / "made-up.md"
    missing = "prolog" + "/games/no_such_game.pl"   # split: test_layers reads this file too
    text = ("# Made up\n"
            f"See `{missing}` and [a page](no-such-page.md).\n"
            "```\n"
            "arena frobnicate FILE\n"
            "arena play tictactoe \\\n"
            "    --no-such-option 3\n"
            "make no-such-target\n"
            "```\n"
            "Also `arena check-game --time 9` and `make test`, [here](#made-up), [x](#nowhere).\n")
    assert doc_problems(text, doc, cli, make_targets()) == [
        f"made-up.md:2: path {missing!r} does not exist",
        "made-up.md:2: link 'no-such-page.md' does not exist",
        "made-up.md:9: link '#nowhere' (no heading 'nowhere') does not exist",
        "made-up.md:4: arena subcommand 'frobnicate' does not exist",
        "made-up.md:5: option '--no-such-option' of arena play does not exist",
        "made-up.md:7: make target 'no-such-target' does not exist",
    ]


def test_readme_is_short_and_links_a_page_for_each_reader() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= README_MAX_LINES
    assert "make test" in readme and "make run" in readme
    missing = [page for page in PAGES
               if not (ROOT / "docs" / f"{page}.md").exists() or f"docs/{page}.md" not in readme]
    assert missing == []
