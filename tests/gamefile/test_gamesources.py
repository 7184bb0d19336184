"""The files a game file loads (pybridge/models/sources.py): what its jail
mounts and what a Dask task ships, each file alone, never its folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from pybridge.championship import cluster
from pybridge.models import sources as gamesources


def course(tmp_path: Path) -> Path:
    """A game beside submissions and a secret, loading files of its own
    every way the reader follows."""
    root = tmp_path / "course"
    for rel, text in {
        "game.pl": ("% :- include(commented).\n"
                    ":- use_module(library(lists)).\n"
                    ":- include('src/rules').\n"
                    ":- [board, \"strings.pl\"].\n"
                    ":- ensure_loaded(src/util).\n"
                    ":- reconsult(parts), compile('more.pl').\n"
                    "/* :- consult(hidden). */\n"
                    "x :- write('use_module(fake)').\n"),
        "src/rules.pl": ":- consult('../board').\n:- include('../../outside').\n",
        "board.pl": "b.\n",
        "strings.pl": "s.\n",
        "src/util.pl": "u.\n",
        "parts.pl": "p.\n",
        "more.pl": "m.\n",
        "commented.pl": "c.\n",
        "hidden.pl": "h.\n",
        "fake.pl": "f.\n",
        "secret.txt": "grades\n",
        "submissions/alice/bot.pl": "a.\n",
    }.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (tmp_path / "outside.pl").write_text("o.\n")
    return root


def test_only_the_files_a_game_loads_are_found(tmp_path: Path) -> None:
    root = course(tmp_path)
    found = gamesources.files(root / "game.pl")
    assert list(found)[0] == "game.pl"
    assert set(found) == {"game.pl", "src/rules.pl", "board.pl", "strings.pl", "src/util.pl",
                          "parts.pl", "more.pl"}
    assert all(path == (root / rel).resolve() for rel, path in found.items())


def test_a_link_out_of_the_games_folder_is_not_followed(tmp_path: Path) -> None:
    root = course(tmp_path)
    (root / "board.pl").unlink()
    (root / "board.pl").symlink_to(root / "submissions" / "alice" / "bot.pl")
    (root / "src" / "util.pl").unlink()
    (root / "src" / "util.pl").symlink_to(tmp_path / "outside.pl")
    found = gamesources.files(root / "game.pl")
    assert "src/util.pl" not in found
    assert found["board.pl"] == (root / "submissions" / "alice" / "bot.pl").resolve()


def test_a_missing_game_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(gamesources.GameSourcesError, match="no game file"):
        gamesources.files(tmp_path / "nothing.pl")


def test_a_dask_task_ships_only_those_files(tmp_path: Path) -> None:
    root = course(tmp_path)
    shipment = cluster.pack({}, game_file=str(root / "game.pl"))
    assert shipment.game is not None
    main, contents = shipment.game
    assert main == "game.pl"
    assert sorted(rel for rel, _ in contents) == sorted(
        ["game.pl", "src/rules.pl", "board.pl", "strings.pl", "src/util.pl", "parts.pl",
         "more.pl"])
    assert b"grades" not in b"".join(data for _, data in contents)


def test_files_above_the_games_folder_load_within_the_folder_arena_runs_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game in model/ loading '../Control/rules' (the folder is
    control/): from the submission's folder the game's folder is the
    submission's, and a name that differs in case names its file; never a
    file above the folder arena runs in."""
    repo = tmp_path / "repo"
    for rel, text in {"model/game.pl": ":- include('../Control/rules').\n"
                                       ":- include('../../outside.pl').\n",
                      "control/rules.pl": ":- consult(helpers).\n",
                      "control/helpers.pl": "h.\n",
                      "control/Rules.txt": "not prolog\n"}.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    (tmp_path / "outside.pl").write_text("o.\n")
    monkeypatch.chdir(repo)
    found = gamesources.files("model/game.pl")
    assert list(found) == ["model/game.pl", "control/rules.pl", "control/helpers.pl"]
    assert gamesources.folder("model/game.pl") == repo
    monkeypatch.chdir(repo / "model")
    assert list(gamesources.files("game.pl")) == ["game.pl"]
    assert gamesources.folder("game.pl") == repo / "model"


def test_a_submission_never_loads_a_siblings_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """check-games run from the folder of all submissions: while one is
    checked (within its folder), its game loads its own parts from above
    its game file, never another submission's files."""
    for rel, text in {"alice/model/game.pl": ":- include('../control/rules').\n"
                                             ":- include('../../bob/secret').\n",
                      "alice/control/rules.pl": "r.\n",
                      "bob/secret.pl": "s.\n"}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    assert "bob/secret.pl" in gamesources.files("alice/model/game.pl")
    with gamesources.within(tmp_path / "alice"):
        assert list(gamesources.files("alice/model/game.pl")) == ["model/game.pl",
                                                                  "control/rules.pl"]
        note = (f"{tmp_path}/alice/model/game.pl:2: no file '../../bob/secret' beside "
                f"{tmp_path}/alice/model/game.pl (loading goes on without it)")
        assert gamesources.above(note) == (
            f"{note}: it lies outside the submission's folder {tmp_path / 'alice'}")

