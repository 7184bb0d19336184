"""Where the bot corpora and the example bots are, the files hostile bots
try to delete or create, the verdict each hostile bot must get, and a
disguised copy of an example bot."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
HOSTILE = TESTS / "hostile"
EXAMPLES = ROOT / "prolog" / "bots" / "examples"
#: Small honest bots of the tests' own.
BOTS = TESTS / "bot_files"
PWNED = Path("/tmp/arena-hostile-pwned")
SENTINEL = Path("/tmp/arena-hostile-sentinel")
#: The file the escape attacks (hostile/escape/) try to create.
ESCAPE_PWNED = Path("/tmp/arena-escape-pwned")


def expectation(path: Path) -> tuple[str, list[str]]:
    """(verdict, words the detail must contain) from ``% expect: ...``."""
    m = re.match(r"% expect: (\w+)(.*)", path.read_text().splitlines()[0])
    assert m, f"{path} lacks its '% expect:' line"
    return m.group(1), m.group(2).split()


#: One bot of every kind (the tournament test plays them all) ...
HOSTILE_FILES = sorted(HOSTILE.glob("*.pl"))

#: The example minimax bot, disguised: variables and predicates renamed,
#: clauses reordered and regrouped, comments changed.
DISGUISED = """\
% My own search bot, written from scratch by student 42
:- use_module(library(lists)).

kids([], _, _, _, _, _, Val, Val).
kids([Mv|Rest], St, Who, Dp, A, B, Val0, Val) :-
    move(St, Mv, St2),
    NegA is -B,
    NegB is -A,
    search(St2, Who, Dp, NegA, NegB, X1),
    X is -X1,
    Val1 is max(Val0, X),
    A1 is max(A, X),
    (   A1 >= B -> Val = Val1
    ;   kids(Rest, St, Who, Dp, A1, B, Val1, Val) ).

/* the main entry */
choose_move(S, L, Mv) :-
    D is max(1, L),
    current_player(S, I),
    valid_moves(S, Ms), Ms = [F|_],
    Big = 1.0e12,
    pick(Ms, S, I, D, -Big, Big, F-(-Big), Mv-_).

search(S, I, D, A, B, Val) :-
    current_player(S, T),
    (   game_over(S, W)
    ->  (   W == draw -> Val = 0
        ;   W == T -> Val is 1.0e9 + D
        ;   Val is -1.0e9 - D )
    ;   D =< 0 -> value(S, T, Val)
    ;   valid_moves(S, Ms), D1 is D - 1,
        kids(Ms, S, I, D1, A, B, -1.0e12, Val) ).

pick([], _, _, _, _, _, Bst, Bst).
pick([M|Ms], S, I, D, A, B, Bst0, Bst) :-
    move(S, M, S1), D1 is D - 1, NA is -B, NB is -A,
    search(S1, I, D1, NA, NB, V1), V is -V1,
    Bst0 = _-V0,
    ( V > V0 -> Bst1 = M-V ; Bst1 = Bst0 ),
    A1 is max(A, V),
    ( A1 >= B -> Bst = Bst1 ; pick(Ms, S, I, D, A1, B, Bst1, Bst) ).
"""


#: The entrants of the small finished tournament the results-folder tests
#: start from (the ``played`` fixture).
PLAYED_SPECS = ["random", "ai:1"]
