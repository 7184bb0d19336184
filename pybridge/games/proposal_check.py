"""A proposed adapter checked before it is kept (issue 31): the text the
game's host infers is written, ``check-game`` runs on it, and what the
check finds is mended where the adapter can say it (the first answer of
a rule that leaves a choice point, a move guarded by the listed moves,
an optional predicate that means something else left out); an adapter
that still fails is not kept, unless what fails is the game's own rules
(its move/3 refusing the moves its own valid_moves/2 lists, a helper of
its own missing): the arena then plays the game until they fail, and
the game ends as a no-contest naming the rule."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Collection, NamedTuple, Sequence

NOT_LOADED = "the adapter could not be loaded"
ROUNDS = 3

# optional predicates the arena can do without: arena_without(PI) lines
OPTIONAL = {
    "value/3": ("value/3",), "arena_value/3": ("value/3",),
    "choose_move/3": ("choose_move/3", "choose_move/4"),
    "choose_move/4": ("choose_move/3", "choose_move/4"),
    "arena_choose_move/3": ("choose_move/3", "choose_move/4"),
    "display_game/1": ("display_game/1", "display_game/2"),
    "display_game/2": ("display_game/1", "display_game/2"),
    "arena_display_game/1": ("display_game/1", "display_game/2"),
}


def mend(text: str, problems: Sequence[tuple[str, str]], present: Collection[str]) -> str | None:
    """``text`` with what the adapter can say for ``problems`` (pairs of
    the predicate named and the message), or None when nothing more can
    be mended. ``present`` names the predicates the game defines
    (``valid_moves/2``), for the guards."""
    new = text
    for pi, message in problems:
        pi = "valid_moves/2" if pi == "valid_moves/3" else pi   # the game's, with its player
        for off in OPTIONAL.get(pi, ()):
            line = f"arena_without({off})."
            if line not in new:
                new += (f"\n% check-game found the game's {off} broken here: the arena "
                        f"does without it\n{line}\n")
        if pi in ("move/3", "arena_move/3") and ("choice point" in message
                                                 or "does not list" in message):
            new = _first_answer(new, "arena_move", ("S", "M", "S1"), _moves_guard(new, present))
        if pi in ("game_over/2", "arena_game_over/2") and "choice point" in message:
            new = _first_answer(new, "arena_game_over", ("S", "W"), "")
        if pi in ("valid_moves/2", "arena_valid_moves/2") and "choice point" in message \
                and _defines(new, "arena_valid_moves"):
            new = _first_answer(new, "arena_valid_moves", ("S", "Ms"), "")
        if pi in ("valid_moves/2", "arena_valid_moves/2") and "game_over/2 holds" in message:
            new = _moves_when_over(new, present)
        if pi in ("valid_moves/2", "arena_valid_moves/2") and "game_over/2 fails" in message:
            new = _stuck_is_over(new, present)
        if pi in ("valid_moves/2", "arena_valid_moves/2") and "more than once" in message:
            new = _deduped(new, present)
    return new if new != text else None


def _moves_call(text: str, present: Collection[str]) -> str:
    """The adapter's call listing S's moves as Ms, '' when it has none."""
    if _defines(text, "arena_valid_moves_listed"):     # never through game_over below
        return "arena_valid_moves_listed(S, Ms)"
    if _defines(text, "arena_valid_moves"):
        return "arena_valid_moves(S, Ms)"
    if "valid_moves/2" in present:
        return "valid_moves(S, Ms)"
    if "valid_moves/3" in present and _defines(text, "current_player"):
        return "current_player(S, P), valid_moves(S, P, Ms)"    # the game's own player term
    return ""


def _over_call(text: str) -> str:
    if _defines(text, "arena_game_over_stuck"):        # never through valid moves
        return "arena_game_over_stuck(S, _)"
    return ("arena_game_over(S, _)" if _defines(text, "arena_game_over")
            or _defines(text, "arena_game_over_first") else "game_over(S, _)")


def _moves_when_over(text: str, present: Collection[str]) -> str:
    """No move once the game is over, as the game's loop asks game_over first."""
    if "arena_valid_moves_listed(" in text or not _moves_call(text, present):
        return text
    over = _over_call(text)
    if _defines(text, "arena_valid_moves"):
        text = re.sub(r"\barena_valid_moves\(", "arena_valid_moves_listed(", text)
        base = "arena_valid_moves_listed(S, Ms)"
    else:
        base = _moves_call(text, present)
    return text + ("\n% check-game found moves listed once game_over/2 holds: none there, as "
                   "the game's\n% loop asks game_over/2 first\n"
                   f"arena_valid_moves(S, Ms) :-\n    (   {over}\n    ->  Ms = []\n"
                   f"    ;   {base}\n    ).\n")


def _deduped(text: str, present: Collection[str]) -> str:
    """Each listed move once, where the game lists one twice."""
    if "arena_valid_moves_dup(" in text:
        return text
    if _defines(text, "arena_valid_moves"):
        text = re.sub(r"\barena_valid_moves\(", "arena_valid_moves_dup(", text)
        base = "arena_valid_moves_dup(S, Ms0)"
    else:
        base = _moves_call(text, present).replace("Ms)", "Ms0)")
        if not base:
            return text
    return text + ("\n% check-game found valid_moves/2 listing a move more than once: each "
                   f"once\narena_valid_moves(S, Ms) :-\n    {base},\n    list_to_set(Ms0, Ms).\n")


def _stuck_is_over(text: str, present: Collection[str]) -> str:
    """A player left without a move ends the game as a draw (a GUESS: the
    game's loop decides what happens there)."""
    moves = _moves_call(text, present)
    if "arena_game_over_stuck(" in text or not moves or not (
            "game_over/2" in present or _defines(text, "arena_game_over")):
        return text                     # no end of its own: none is made up
    if _defines(text, "arena_game_over"):
        text = re.sub(r"\barena_game_over\(", "arena_game_over_stuck(", text)
        base = "arena_game_over_stuck(S, W)"
    else:
        base = "game_over(S, W)"
    mapped = ",\n    arena_winner(W, _)" if _defines(text, "arena_winner") else ""
    return text + ("\n% GUESS: check-game found a player with no move while game_over/2 fails;"
                   "\n% the game's loop decides what happens then: here the game ends as a "
                   "draw\n"
                   f"arena_game_over(S, W) :-\n    {base}{mapped},\n    !.\n"
                   f"arena_game_over(S, draw) :-\n    once(({moves})),\n    Ms == [].\n")


def _defines(text: str, name: str) -> bool:
    return re.search(rf"^{name}\(", text, re.M) is not None


def _first_answer(text: str, name: str, args: tuple[str, ...], guard: str) -> str:
    """``text`` whose ``name`` (the adapter's own, renamed, else the
    game's predicate without the arena_ prefix) gives its first answer
    only, after ``guard``."""
    if f"{name}_first(" in text:
        return text
    base = name.removeprefix("arena_")
    if _defines(text, name):
        text = re.sub(rf"\b{name}\(", f"{name}_first(", text)
        base = f"{name}_first"
    head = f"{name}({', '.join(args)})"
    what = "listed answer" if guard else "answer"
    return text + (f"\n% check-game found {name.removeprefix('arena_')}/{len(args)} leaving a "
                   f"choice point\n% (or taking unlisted moves): its first {what}, as the "
                   f"game's loop takes it\n"
                   f"{head} :-\n    {guard}{base}({', '.join(args)}),\n    !.\n")


def _moves_guard(text: str, present: Collection[str]) -> str:
    """Goals that hold when M is a listed move of S, or '' when the
    adapter cannot name the listed moves."""
    if _defines(text, "arena_valid_moves") or _defines(text, "arena_valid_moves_first"):
        return "arena_valid_moves(S, Ms),\n    memberchk(M, Ms),\n    "
    if "valid_moves/2" in present:
        return "valid_moves(S, Ms),\n    memberchk(M, Ms),\n    "
    if "valid_moves/3" in present and _defines(text, "current_player"):
        return "current_player(S, P),\n    valid_moves(S, P, Ms),\n    memberchk(M, Ms),\n    "
    return ""


class ProposalCheck(NamedTuple):
    """What became of a proposed adapter: ``kept`` at its target or not;
    ``left``, the first problem check-game still finds ('' when none);
    ``game_at_fault``, every problem left lies in the game's own rules."""
    kept: bool
    left: str
    game_at_fault: bool = False


def game_at_fault(problems: Sequence[tuple[str, str]], proposed: str,
                  present: Collection[str]) -> bool:
    """Every problem in ``problems`` is the game's own, whatever an adapter
    says: its move/3 refusing a move its own valid_moves/2 lists, or that
    valid_moves/2 failing in a state its moves reached (where the adapter
    ``proposed`` lists no moves of its own), or a rule reaching a helper
    the game lacks, or its own loop stuck (its computer player accepting
    none of its choices, or a question in play taking none of the answers
    that end its other games) or throwing."""
    own_moves = _own_listing(proposed, present)
    looped = "\narena_loop(" in proposed

    def thrown(message: str) -> bool:  # an error of the rules its own loop reached
        return looped and message.startswith("threw: ") and "did not replay" not in message \
            and not re.search(r"\barena_(?:loop|gamefile|picked|retries)", message)
    def hangs(message: str) -> bool:  # its own loop hangs there
        return "its computer player accepts none of its" in message \
            or "it writes for ever" in message \
            or "refused every answer the arena could type" in message
    loop_broken = looped and any(hangs(message) or thrown(message) for _, message in problems)

    def own(pi: str, message: str) -> bool:
        if loop_broken and (hangs(message) or thrown(message) or (
                pi == "arena_valid_moves/2" and message.startswith("gave [] although"))):
            return True                 # the game's own loop hangs or throws there: no moves
        if pi in ("move/3", "arena_move/3") and own_moves \
                and message.startswith("refused a move that valid_moves/2 lists"):
            return True
        if pi in ("valid_moves/2", "arena_valid_moves/2") and own_moves \
                and message.startswith("valid_moves/2 failed"):
            return True
        missing = re.match(r"threw: \S+: Unknown procedure: (\w+)/\d+", message)
        return missing is not None and pi.removeprefix("arena_") in present \
            and not missing.group(1).startswith("arena_") \
            and not re.search(rf"\b{missing.group(1)}\(", proposed)
    return bool(problems) and all(own(pi, message) for pi, message in problems)


def _own_listing(proposed: str, present: Collection[str]) -> bool:
    """The adapter ``proposed`` lists the moves the game's own
    valid_moves/2 lists, and no others."""
    bodies = re.findall(r"^arena_valid_moves\([^\n]*:-\n((?:    [^\n]*\n)+)", proposed, re.M)
    return "valid_moves/2" in present and all(
        "valid_moves(" in body and not re.search(r"\b(?:move|findall|arena_recast_moves)\(", body)
        for body in bodies)


def checked(target: Path, text: str, present: Collection[str],
            check: Callable[[str], Sequence[tuple[str, str]] | None]) -> ProposalCheck:
    """Writes ``text`` to ``target`` (a new file), checks it with
    ``check`` (the problems as pairs, None when the file could not be
    loaded at all) and mends it, up to ROUNDS times. The adapter is kept
    at ``target`` when it passes, or when what fails is the game's own
    rules; else the file is removed."""
    proposed = text
    with open(target, "x", encoding="utf-8") as out:
        out.write(text)
    left = NOT_LOADED
    problems: Sequence[tuple[str, str]] | None = None
    for round_ in range(ROUNDS + 1):           # the last mended text is checked too
        problems = check(str(target))
        if problems is not None and not problems:
            return ProposalCheck(True, "")
        if problems is None:
            break
        left = f"{problems[0][0]}: {problems[0][1]}"
        mended = mend(text, problems, present) if round_ < ROUNDS else None
        if mended is None:
            break
        text = mended
        target.write_text(text, encoding="utf-8")
    if problems and game_at_fault(problems, proposed, present):
        return ProposalCheck(True, left, game_at_fault=True)
    target.unlink(missing_ok=True)
    return ProposalCheck(False, left)
