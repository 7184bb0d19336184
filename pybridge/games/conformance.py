"""A game's conformance to the contract (prolog/gamecheck.pl): the
report of ``arena check-game`` and of the built-in games' tests."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Callable, Mapping

from pybridge.games import proposal_check
from pybridge.models import gamefile
from pybridge.models.gamefile import GameFileRef
from pybridge.models.sources import (GameSourcesError, decoded, defined_names, files, loaders,
                                     unloaded_definitions)
from pathlib import Path

from pybridge.engine import _prolog
from pybridge.errors import ArenaError, GameFileError, GameRuleError
from pybridge.host import game_registry
from pybridge.host.game_registry import host_for
from pybridge.games.game import games as builtin_games, load_game, load_game_file
from pybridge.text import clean_line
from pybridge.types import Dialect
from pybridge.invocation import command_line


@dataclass(frozen=True)
class Problem:
    """One way a game breaks the contract: the predicate, the state (its
    text; '' for the start) and the move ('' when none) that show it."""

    predicate: str
    state: str
    move: str
    message: str

    def __str__(self) -> str:
        where = f" in state {self.state}" if self.state else ""
        move = f" with move {self.move}" if self.move else ""
        return clean_line(f"{self.predicate}: {self.message}{where}{move}", 600)


@dataclass(frozen=True, kw_only=True)
class CheckPlan:
    """How much of a game the conformance check plays: ``games`` random
    games from ``seed``, every position of the first ``plies`` plies (at
    most ``max_states``), all within about ``seconds``."""

    games: int = 20
    seed: int = 0
    plies: int = 2
    max_states: int = 400
    seconds: float = 60.0


@dataclass(frozen=True)
class ConformanceReport:
    """What the conformance check found of one game: where it came from,
    its title and dialect, and the problems (none: it conforms)."""

    source: str
    title: str
    dialect: Dialect | None             # the dialect a game file was read in; None built in
    problems: tuple[Problem, ...]
    notes: tuple[str, ...] = ()         # what loading left out: entry points, broken clauses
    proposal: str = ""                  # what became of an adapter proposal
    findings: tuple[str, ...] = ()      # positions checked, budget, slowest rule
    played: bool = False                # the random games ran (else no rule could)

    @property
    def conforms(self) -> bool:
        return not self.problems


def adapter_needed(spec: str, *, dialect: Dialect = Dialect.AUTO, config: str | None = None) -> tuple[str, ...]:
    """What of players/1 and current_player/2 the game file ``spec`` lacks
    (check_game proposes an adapter for it then); () for a built-in game.
    GameFileError when the file is refused."""
    if spec in _builtin_ids():
        return ()
    _, _, missing = game_registry.load_report(gamefile.resolve(spec, dialect=dialect, config=config))
    return tuple(pi for pi in ("players/1", "current_player/2") if pi in missing)


def check_game(spec: str, *, options: Mapping[str, object] | None = None, config: str | None = None,
               dialect: Dialect = Dialect.AUTO, plan: CheckPlan = CheckPlan()) -> ConformanceReport:
    """The conformance report of the built-in game or game file ``spec``,
    checked as far as ``plan`` says. A file that cannot be read or is
    refused raises GameFileError; a file lacking required predicates gets
    a report naming each."""
    options = dict(options or {})
    if spec in _builtin_ids():
        game = load_game(spec, **options)
        source, used = "built-in", None
    else:
        ref = gamefile.resolve(spec, dialect=dialect, config=config)
        _, used, missing = game_registry.load_report(ref)
        source = ref.path
        if missing:
            proposal = ""
            if {"players/1", "current_player/2"} & set(missing):
                proposal = propose_adapter(ref, config, plan.seconds)
            return ConformanceReport(source, gamefile.game_id(ref), used, tuple(
                Problem(pi, "", "", "required, but the file does not define it")
                for pi in missing), host_for(ref).warnings(), proposal=proposal)
        notes = host_for(ref).warnings()
        try:
            game = load_game_file(spec, dialect=dialect, config=config, **options)
        except GameFileError:
            raise                       # refused: the caller reports it
        except (ValueError, GameRuleError) as exc:  # initial_state/2 refuses, loops or throws
            return ConformanceReport(source, gamefile.game_id(ref), used,
                          (Problem("initial_state/2", "", "", str(exc)),), notes)
    cfg = config if game.file is not None and config is not None else ""
    try:
        found = game.engine.check(cfg, game.options, plan.games, plan.seed, plan.plies,
                                  plan.max_states, plan.seconds)
    except GameRuleError as exc:        # a rule the host's watchdog stopped
        found = [(_rule_named(exc.message), "", "", exc.message)]
    problems = tuple(Problem(*p) for p in found)
    return ConformanceReport(source, game.title, used, problems,
                  notes if game.file is not None else (),
                  findings=tuple(getattr(game.engine, "check_notes", ())), played=True)


# the check a proposed adapter passes before it is kept
CHECK_GAMES = 6
CHECK_SECONDS = 30.0
LOOP_SECONDS = 30           # the least a search through a game's own loop gets


#: File and folder names that do not name a game (course submissions).
GENERIC_NAMES = {"game", "main", "menu", "jogo", "src", "projeto", "project", "code", "tp", "pfl"}


def game_title(path: Path) -> str:
    """A title for the game in ``path``: its file's name, or where that says
    nothing (``src/game.pl``) its folder's; ``tic_tac-toe`` is Tic tac toe."""
    for name in (path.stem, path.parent.name, path.parent.parent.name):
        words = re.sub(r"[^A-Za-z0-9]+", " ", name).strip()
        if words and words.lower() not in GENERIC_NAMES:
            return words[0].upper() + words[1:]
    return "Game"


def propose_adapter(ref: GameFileRef, config: str | None, seconds: float = 60.0) -> str:
    """Writes the adapter the game's host infers for ``ref`` beside the
    file as ``NAME-arena.pl``, never over an existing file (with a
    title/1 named after the file unless the file has one); says what
    became of it. The search over the rules gets ``seconds`` less 20
    (40 at least), the game's own loop 30 more. Where none is found and
    files beside the game, which none of its files loads, define what it
    lacks, the search is made again with them loaded, and the adapter
    loads them."""
    path = Path(ref.path)
    target = path.with_name(f"{path.stem}-arena.pl")
    if target.exists():
        return f"{clean_line(str(target), 300)} exists already: not overwritten"
    said = _proposed(ref, path, target, config, seconds)
    parts = _parts_nothing_loads(path, said) if said.startswith(NOT_PROPOSED) else []
    if not parts:
        return said
    return _proposed_with_parts(ref, path, target, config, seconds, parts) or said


NOT_PROPOSED = "no adapter proposed"


def _proposed_with_parts(ref: GameFileRef, path: Path, target: Path, config: str | None,
                         seconds: float, parts: list[str]) -> str:
    """What became of the adapter proposed for the game loaded with
    ``parts`` (files beside it), from a loader of them all kept beside it
    while the search runs; '' where the loader cannot be written."""
    loads = "".join(f":- consult({_prolog.atom(name)}).\n" for name in [path.name, *parts])
    loader = path.with_name(f".{path.stem}-arena-parts.pl")
    try:
        with open(loader, "x", encoding="utf-8") as out:
            out.write(loads)
    except OSError:
        return ""
    listed = ", ".join(parts)
    lead = ("% GUESS: no file of the game loads the files below its own, though its\n"
            "% code calls what they define: the adapter loads them with it.\n")

    def with_parts(text: str) -> str:
        text = re.sub(r"^:- consult\(.*\)\.\n", lambda _: lead + loads, text, count=1,
                      flags=re.MULTILINE)
        return text.replace(loader.name, path.name)

    try:
        loader_ref = gamefile.resolve(loader, dialect=ref.dialect, config=ref.config)
        said = _proposed(loader_ref, path, target, config, seconds, rewrite=with_parts)
        said = said.replace(gamefile.game_id(loader_ref), gamefile.game_id(ref))
    except GameFileError as exc:
        said = f"{NOT_PROPOSED}: {clean_line(str(exc), 300)}"
    finally:
        loader.unlink(missing_ok=True)
    if said.startswith(NOT_PROPOSED):
        them = "them" if len(parts) > 1 else "it"
        return (f"{NOT_PROPOSED} with {clean_line(listed, 200)} beside it loaded too "
                f"(no file of the game loads {them}){said[len(NOT_PROPOSED):]}")
    return f"{said} ({clean_line(listed, 200)} beside it, which no file of the game loads, loaded too)"


def _parts_nothing_loads(path: Path, said: str) -> list[str]:
    """The files beside the game that none of its files loads and that
    define a contract predicate it lacks or what its loop called and
    never defined (as ``said`` names them), where no file beside it loads
    the game and them (the program's start) and no two of those files and
    the game's own define a predicate of the same name (parts of one
    program, not versions of it or other games)."""
    missing = _lacking(said)
    found = unloaded_definitions(path, missing) if missing else []
    names = sorted({name for name, _ in found if not name.endswith("-arena.pl")
                    and not name.startswith(".")})
    if not names or loaders(path, names):
        return []
    try:
        own = [defined_names(p) for p in files(path).values()]
    except GameSourcesError:
        return []
    parts = own + [defined_names(path.with_name(name)) for name in names]
    if any(a & b for a, b in itertools.combinations(parts, 2)):
        return []           # versions of the game, or other games: not its parts
    return names


def _lacking(why: str) -> list[str]:
    """The contract predicates a reason says the game has not, then up to
    4 its loop called and never defined (``Unknown procedure: board/1``)."""
    missing = [n for n in ("initial_state", "valid_moves", "move", "game_over")
               if f"has no {n}/" in why]
    missing += [n for n in re.findall(r"Unknown procedure: ([a-z]\w{0,60})/\d", why)
                if n not in missing][:4]
    return missing


def _proposed(ref: GameFileRef, path: Path, target: Path, config: str | None, seconds: float,
              rewrite: Callable[[str], str] | None = None) -> str:
    """What became of the adapter the host of ``ref`` proposes for the
    game at ``path``, written to ``target`` (``rewrite`` applied to its
    text first)."""
    try:
        budget = max(40, int(seconds) - 20)
        loop = _loop_seconds(seconds)           # then through its own loop
        got = host_for(ref).request("propose",
                                    [_prolog.atom(config or ""), str(budget), str(loop)],
                                    rule="propose", limit=budget + loop + 50,
                                    cap=budget + loop + 80)
    except (GameRuleError, ArenaError) as exc:
        return f"no adapter proposed: {clean_line(str(exc), 300)}"
    text = got.get("text") if got is not None else None
    if not isinstance(text, str) or not text:
        why = got.get("why") if got is not None else None
        if not isinstance(why, str) or not why:
            why = ("no initial state with a place that alternates between two players was "
                   "found" + ("" if config else " (give the config with --config)"))
        hint = _unloaded_hint(path, why) if rewrite is None else ""
        return f"{NOT_PROPOSED}: {reason_line(why)}{hint}"
    try:
        titled = re.search(r"^\s*title\s*\(", decoded(path.read_bytes()), re.MULTILINE)
    except OSError:
        titled = None
    if titled is None and not re.search(r"^title\(", text, re.MULTILINE):
        text = re.sub(r"^players\(", f'title("{game_title(path)}").\n\nplayers(', text,
                      count=1, flags=re.MULTILINE)
    if rewrite is not None:
        text = rewrite(text)
    present = host_for(ref).hello.get("present", [])

    load_errors: list[str] = []

    def problems_of(adapter: str) -> list[tuple[str, str]] | None:
        try:
            report = check_game(adapter, plan=CheckPlan(games=CHECK_GAMES, seconds=CHECK_SECONDS))
        except (GameFileError, ArenaError, ValueError) as exc:
            load_errors.append(str(exc))
            return None
        return [(p.predicate, p.message) for p in report.problems]

    loop_why = ""
    try:
        got_check = proposal_check.checked(target, text, present, problems_of)
        if (not got_check.kept or got_check.game_at_fault) \
                and "\narena_loop(" not in text and not config:
            looped, loop_why = _loop_text(ref, path, titled is None, _loop_seconds(seconds))
            if looped and rewrite is not None:
                looped = rewrite(looped)
            if looped:
                kept = got_check
                if kept.kept:
                    target.rename(aside := target.with_name(target.name + ".rules"))
                got_check = proposal_check.checked(target, looped, present, problems_of)
                if kept.kept:
                    if got_check.kept and not got_check.game_at_fault:
                        aside.unlink()
                    else:
                        target.unlink(missing_ok=True)
                        aside.rename(target)
                        got_check = kept
    except OSError as exc:
        return f"no adapter written: {clean_line(str(exc), 300)}"
    if not got_check.kept:
        left = got_check.left
        if left == proposal_check.NOT_LOADED and load_errors:
            left = f"{left}: {load_errors[-1]}"
        return (f"no adapter proposed: the adapter inferred fails its own check "
                f"({clean_line(left, 400)}): write it by hand{loop_why}")
    if got_check.game_at_fault:
        return (f"adapter proposed in {clean_line(str(target), 300)}, but the game's own rules "
                f"fail check-game ({clean_line(got_check.left, 300)}): a game plays until "
                f"they fail, then ends as a no-contest naming the rule; confirm the lines "
                f"marked GUESS")
    return (f"adapter proposed in {clean_line(str(target), 300)} (it passes check-game): "
            f"confirm the lines marked GUESS")


#: The advice a proposal's reason ends with where its search ran out of time.
_MORE_TIME = re.compile(r"give check-game more time \(--time \d+\)")


def reason_line(why: str, limit: int = 700) -> str:
    """Why no adapter was proposed, on one line of about ``limit``
    characters; advice to give check-game more time is kept where the
    line is cut before it (it follows the farthest run's last words)."""
    line = clean_line(why, limit)
    advice = _MORE_TIME.search(why)
    if advice and advice.group(0) not in line:
        line = f"{line}; {advice.group(0)}"
    return line


def _unloaded_hint(path: Path, why: str) -> str:
    """Where the game lacks a contract predicate, or its loop calls one it
    lacks, that a file beside it, which none of its files loads, defines:
    says so; where a file beside it loads this one (the program's start),
    names it."""
    missing = _lacking(why)
    found = unloaded_definitions(path, missing) if missing else []
    if not found:
        starts = loaders(path, [])
        if starts:          # a part of the program: its start loads the rest
            return (f" ({clean_line(starts[0], 60)} beside it loads this file and others: "
                    f"check {clean_line(str(path.with_name(starts[0])), 300)} instead)")
        return ""
    said = "; ".join(f"{clean_line(name, 60)} defines {what}" for name, what in found)
    starts = loaders(path, sorted({name for name, _ in found}))
    if starts:
        return (f" (beside it, {said}; {clean_line(starts[0], 60)} loads this file and "
                f"those: check {clean_line(str(path.with_name(starts[0])), 300)} instead)")
    them = "them" if len({name for name, _ in found}) > 1 else "it"
    return f" (beside it, {said}, but no file of the game loads {them})"


def _loop_seconds(seconds: float) -> int:
    """The time a search through a game's own loop gets of check-game's."""
    return max(LOOP_SECONDS, (max(40, int(seconds) - 20)) // 4)


def _loop_text(ref: GameFileRef, path: Path, title: bool, loop: int) -> tuple[str, str]:
    """The adapter that plays the game through its own loop (asked where
    the one over its rules failed its check), searched for ``loop``
    seconds, titled, or '' and why not (as the end of a reason: '; nor
    could ...')."""
    try:
        got = host_for(ref).request("propose_loop", [str(loop)], rule="propose",
                                    limit=loop + 30, cap=loop + 60)
    except (GameRuleError, ArenaError) as exc:
        return "", ("; nor could the game be played through its own loop: "
                    + clean_line(str(exc), 200))
    text = got.get("text") if got is not None else None
    if not isinstance(text, str) or not text:
        why = got.get("why") if got is not None else None
        said = why.partition("; nor could")[2] if isinstance(why, str) else ""
        return "", f"; nor could {clean_line(said.strip(), 600)}" if said else ""
    if not title:
        return text, ""
    return re.sub(r"^players\(", f'title("{game_title(path)}").\n\nplayers(', text,
                  count=1, flags=re.MULTILINE), ""


def _rule_named(message: str) -> str:
    """The predicate a game rule error names (``nim: valid_moves/2 did
    not ...``), else 'the game'."""
    m = re.search(r"\b([a-z][a-zA-Z0-9_]*/[0-9]+)\b", message)
    return m.group(1) if m else "the game"


def _builtin_ids() -> list[str]:
    return builtin_games()


__all__ = ["CheckPlan", "ConformanceReport", "Problem", "check_game"]
