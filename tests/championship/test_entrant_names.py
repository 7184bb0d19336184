"""Names (issue 32): submission folders whose names clean to the same name
(``bob``, ``bob!``) get distinct, stable names with a note, and one bad
folder never stops the others; a game file whose players are named
``draw`` or ``none`` (the arena's own result words) or the same twice is
refused by check-game and the game host with the reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pybridge.championship.entrants import roster
from pybridge.championship.tournament import Schedule, Settings, run_tournament
from pybridge.errors import GameFileError
from pybridge.games.game import load_game
from pybridge.types import players_problem
from shell.cli.arena import main

BOT = "choose_move(S, _, M) :- valid_moves(S, [M|_]).\n"


def _submissions(root: Path, *names: str) -> Path:
    for name in names:
        (root / name).mkdir(parents=True)
        (root / name / "bot.pl").write_text(BOT)
    return root


def test_folders_whose_names_clean_alike_get_distinct_stable_names(tmp_path: Path) -> None:
    subs = _submissions(tmp_path / "subs", "bob", "bob!", "bob?")
    first = roster([str(subs)])
    names = [e.name for e in first.entrants]
    assert len(set(names)) == 3 and "bob" in names, names
    assert all(n.startswith("bob-") for n in names if n != "bob")
    assert len(first.renamed) == 2 and all("cleans to 'bob'" in r for r in first.renamed)
    assert [e.name for e in roster([str(subs)]).entrants] == names       # stable
    alone = _submissions(tmp_path / "alone", "bob!", "alice")
    again = {e.path: e.name for e in roster([str(alone)]).entrants}
    assert "bob" in again.values()           # no collision, no digest


def test_the_same_folder_name_in_two_folders_and_a_house_name(tmp_path: Path) -> None:
    a = _submissions(tmp_path / "a", "bob")
    b = _submissions(tmp_path / "b", "bob", "random")
    found = roster([str(a), str(b), "random"])
    names = [e.name for e in found.entrants]
    assert len(set(names)) == len(names) == 4, names
    assert "random" in names and sum(n.startswith("random-") for n in names) == 1


def test_one_bad_folder_never_stops_the_others(tmp_path: Path) -> None:
    subs = _submissions(tmp_path / "subs", "alice", "bob", "bob!")
    (subs / "carol").mkdir()                                   # no bot file
    (subs / "dave").mkdir()
    (subs / "dave" / "bot.pl").write_text(BOT)
    os.chmod(subs / "dave" / "bot.pl", 0)                      # unreadable (unless root)
    result = run_tournament("tictactoe", [str(subs)], out=tmp_path / "out",
                            settings=Settings(schedule=Schedule(games_per_pair=2)))
    played = {e.name for e in result.entrants}
    assert {"alice", "bob"} <= played and len(played) >= 3
    assert "carol" in result.not_entered
    assert any("plays as" in w for w in result.warnings), result.warnings
    assert result.complete


@pytest.mark.parametrize("players, why", [
    ("[x, draw]", "'draw', a word the arena writes for a result"),
    ("[none, o]", "'none', a word the arena writes for a result"),
    ("[x, x]", "names the player 'x' twice"),
])
def test_a_game_file_whose_players_are_result_words_is_refused(
        tmp_path: Path, players: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = players.strip("[]").split(", ")
    game = tmp_path / "words.pl"
    game.write_text(f"players({players}).\n"
                    f"initial_state(_, s(0, {first})).\n"
                    "current_player(s(_, P), P).\n"
                    "valid_moves(s(N, _), Ms) :- ( N >= 2 -> Ms = [] ; Ms = [1] ).\n"
                    f"move(s(N, P), 1, s(N1, Q)) :- N < 2, N1 is N + 1, other(P, Q).\n"
                    f"other({first}, {second}).\nother({second}, {first}).\n"
                    f"game_over(s(2, _), {second}).\n")
    assert main(["check-game", str(game)]) == 2
    assert why in "".join(capsys.readouterr())
    with pytest.raises(GameFileError, match=why.split(",")[0]):
        load_game(str(game))


def test_players_problem_names_each_fault() -> None:
    assert players_problem(("x", "o")) is None
    assert "not two" in (players_problem(("x",)) or "")
    assert "empty name" in (players_problem(("x", " ")) or "")
