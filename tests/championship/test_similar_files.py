"""`arena similar` with hostile submissions: no file hides the others. A
24 MB junk file, a FIFO, a link out, a file that is not UTF-8 and a hidden
folder are listed as skipped with why, and a copied pair is still found."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from pybridge.championship.similar import MAX_SOURCE, collect, comparison
from tests.support.corpus import DISGUISED, EXAMPLES
from tests.support.paths import ROOT

ARENA = [sys.executable, "-m", "shell"]


def _hostile_submissions(tmp_path: Path) -> Path:
    subs = tmp_path / "subs"
    for student in ("ann", "bob", "cid", "dan", ".eve"):
        (subs / student).mkdir(parents=True)
    shutil.copy(EXAMPLES / "minimax.pl", subs / "ann" / "bot.pl")
    (subs / "bob" / "bot.pl").write_text(DISGUISED)  # a copy of ann's, disguised
    (subs / ".eve" / "bot.pl").write_text(DISGUISED)
    # cid plays one file; a junk folder beside it is not even looked at
    shutil.copy(EXAMPLES / "greedy.pl", subs / "cid" / "bot.pl")
    (subs / "cid" / "junk").mkdir()
    with open(subs / "cid" / "junk" / "big.pl", "wb") as f:
        f.truncate(24 * 2**20)
    # dan's game is several files: each is checked on its own
    shutil.copy(EXAMPLES / "sliding_pfl.pl", subs / "dan" / "main.pl")
    (subs / "dan" / "helpers.pl").write_text("helper(X) :- X > 1.\n")
    (subs / "dan" / "vendor").mkdir()
    with open(subs / "dan" / "vendor" / "big.pl", "wb") as f:
        f.write(b"junk(" * (5 * 2**20))  # 24 MB
    (subs / "dan" / "latin1.pl").write_bytes(b"nome('Jo\xe3o').\n")
    os.mkfifo(subs / "dan" / "pipe.pl")
    (subs / "dan" / "passwd.pl").symlink_to("/etc/passwd")
    (subs / "dan" / ".git").mkdir()
    (subs / "dan" / ".git" / "old.pl").write_text(DISGUISED)
    return subs


def test_one_huge_file_hides_nothing(tmp_path: Path) -> None:
    subs, passed = collect([str(_hostile_submissions(tmp_path))])
    by_name = {s.name: s for s in subs}
    assert sorted(by_name) == ["ann", "bob", "cid", "dan"]
    assert [Path(f).name for f in by_name["cid"].files] == ["bot.pl"]
    assert sorted(Path(f).name for f in by_name["dan"].files) == ["helpers.pl", "main.pl"]
    why = {Path(f).name: reason for f, reason in by_name["dan"].skipped}
    assert f"at most {MAX_SOURCE}" in why["big.pl"]
    assert "not UTF-8" in why["latin1.pl"]
    assert "FIFO" in why["pipe.pl"]
    assert "symbolic link" in why["passwd.pl"]
    assert "hidden folder" in why[".git"]
    assert [Path(k.file).name for k in passed] == [".eve"]
    found = comparison(subs)
    top = found.pairs[0]
    assert (top.a, top.b, top.flagged) == ("ann", "bob", True) and top.score > 0.9


def test_similar_command_lists_what_it_skipped(tmp_path: Path) -> None:
    subs = _hostile_submissions(tmp_path)
    run = subprocess.run(ARENA + ["similar", str(subs), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    doc = json.loads(run.stdout)
    assert doc["pairs"][0]["a"] == "ann" and doc["pairs"][0]["b"] == "bob"
    assert doc["pairs"][0]["flagged"] and doc["pairs"][0]["score"] > 0.9
    skipped = {(k["submission"], Path(k["file"]).name) for k in doc["skipped"]}
    assert {("dan", "big.pl"), ("dan", "pipe.pl"), ("dan", "latin1.pl"),
            ("dan", "passwd.pl"), ("dan", ".git"), ("", ".eve")} <= skipped
    run = subprocess.run(ARENA + ["similar", str(subs)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert "skipped dan: " in run.stdout and "too large" in run.stdout
    assert "== ann ~ bob" in run.stdout


def test_a_file_slow_to_read_is_skipped_and_the_others_compared(tmp_path: Path) -> None:
    slow = tmp_path / "slow.pl"
    # deeply nested terms: well under the size cap, slow to read and normalise
    slow.write_text(("x(" + "[" * 3000 + "]" * 3000 + ").\n") * 300)
    (tmp_path / "a.pl").write_text(DISGUISED)
    (tmp_path / "b.pl").write_text(DISGUISED)
    subs, _ = collect([str(slow), str(tmp_path / "a.pl"), str(tmp_path / "b.pl")])
    found = comparison(subs, seconds=0.05)
    assert found.pairs[0].score == 1.0 and {found.pairs[0].a, found.pairs[0].b} == {"a", "b"}
    assert [(k.submission, k.reason) for k in found.skipped] == [("slow", "not read within 0.05 s")]


def test_a_tournament_lists_the_played_files_it_could_not_compare(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from pybridge.championship.schedule import Entrant
    from shell.cli.report import similar_pairs

    big = tmp_path / "big.pl"
    big.write_text(DISGUISED + "% padding\n" * (MAX_SOURCE // 10 + 1))
    (tmp_path / "a.pl").write_text(DISGUISED)
    shutil.copy(EXAMPLES / "minimax.pl", tmp_path / "b.pl")
    people = [Entrant("big", str(big), str(big)), Entrant("a", "a.pl", str(tmp_path / "a.pl")),
              Entrant("b", "b.pl", str(tmp_path / "b.pl")), Entrant("random", "random")]
    found = similar_pairs(SimpleNamespace(entrants=people), None)
    assert [(k.submission, "too large" in k.reason) for k in found.skipped] == [("big", True)]
    assert found.pairs[0].flagged and {found.pairs[0].a, found.pairs[0].b} == {"a", "b"}


#: Four lines that would change how the files read after them parse, were
#: operators shared between submissions (the last one aimed at every module).
OPERATORS = """
:- op(0, xfx, is).
:- op(0, xfy, ->).
:- op(0, xfx, =:=).
:- op(0, xfx, user:(>=)).
"""


def test_operators_of_one_submission_do_not_touch_another(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    for name in ("a_copy", "b_original", "c_other"):
        (subs / name).mkdir(parents=True)
    (subs / "a_copy" / "bot.pl").write_text((EXAMPLES / "minimax.pl").read_text() + OPERATORS)
    shutil.copy(EXAMPLES / "minimax.pl", subs / "b_original" / "bot.pl")
    shutil.copy(EXAMPLES / "greedy.pl", subs / "c_other" / "bot.pl")
    found = comparison(collect([str(subs)])[0])
    top = found.pairs[0]
    assert (top.a, top.b, top.flagged, top.score) == ("a_copy", "b_original", True, 1.0)
    assert found.skipped == []


def test_operators_of_one_file_do_not_touch_the_next(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "one" / "a_ops.pl").write_text(OPERATORS)
    shutil.copy(EXAMPLES / "minimax.pl", tmp_path / "one" / "b_copy.pl")
    shutil.copy(EXAMPLES / "minimax.pl", tmp_path / "two.pl")
    found = comparison(collect([str(tmp_path / "one"), str(tmp_path / "two.pl")])[0])
    assert found.pairs[0].score == 1.0 and found.skipped == []


def test_a_file_with_a_syntax_error_is_listed_not_scored(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    for name in ("ann", "bob", "eve", "kim", "lea", "max", "ned"):
        (subs / name).mkdir(parents=True)
    for name, example in (("lea", "greedy.pl"), ("max", "sliding_pfl.pl"), ("ned", "random.pl")):
        shutil.copy(EXAMPLES / example, subs / name / "bot.pl")
    shutil.copy(EXAMPLES / "minimax.pl", subs / "ann" / "bot.pl")
    (subs / "bob" / "bot.pl").write_text(DISGUISED)
    # eve's file cannot be read at all (a quote never closed): listed, in no pair
    (subs / "eve" / "bot.pl").write_text("% eve's bot\n\nbroken('.\n" + DISGUISED.replace("'", "`"))
    # kim's copy hides behind one broken clause: the rest is compared all the same
    (subs / "kim" / "bot.pl").write_text("choose_move(S, _, M) :- valid_moves(S, [M|_].\n"
                                         + DISGUISED)
    run = subprocess.run(ARENA + ["similar", str(subs), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    doc = json.loads(run.stdout)
    assert all("eve" not in (p["a"], p["b"]) for p in doc["pairs"]), doc["pairs"]
    assert (doc["pairs"][0]["a"], doc["pairs"][0]["b"], doc["pairs"][0]["flagged"]) == \
        ("ann", "bob", True)
    why = {k["submission"]: k["reason"] for k in doc["skipped"]}
    assert "syntax error at line 1" in why["kim"] and "readable clauses compared" in why["kim"]
    assert "syntax error at line 3" in why["eve"] and "nothing in it" in why["eve"], why["eve"]
    kim = [p for p in doc["pairs"] if "kim" in (p["a"], p["b"]) and p["flagged"]]
    assert {frozenset((p["a"], p["b"])) for p in kim} >= {frozenset(("ann", "kim"))}


def test_each_submission_is_read_in_the_jail(tmp_path: Path) -> None:
    from pybridge.championship.prolog_terms import _command
    from pybridge.jail import sandbox

    (tmp_path / "secret.txt").write_text("not for the reader")
    bot = tmp_path / "bot.pl"
    bot.write_text("a.\n")
    helper = tmp_path / "helper" / "read_terms.pl"
    helper.parent.mkdir()
    helper.write_text("")
    argv, seen = _command(helper, [str(bot)], 1.0)
    if sandbox.current() == "bwrap":
        assert "--unshare-all" in argv and seen == [f"{sandbox.GAME_MOUNT}/0.pl"]
        assert str(bot) in argv and str(tmp_path) not in argv  # the file, never its folder
    os.environ.pop(sandbox.TRUST_ENV)
    sandbox.use("none")
    import pytest

    with pytest.raises(sandbox.IsolationError, match="trust-code"):
        _command(helper, [str(bot)], 1.0)


def test_folders_whose_names_clean_alike_are_compared_under_distinct_names(
        tmp_path: Path) -> None:
    # `bob` and `bob!` stopped the whole comparison ("two submissions named 'bob'")
    subs = tmp_path / "subs"
    for name in ("bob", "bob!", "cid"):
        (subs / name).mkdir(parents=True)
    shutil.copy(EXAMPLES / "minimax.pl", subs / "bob" / "bot.pl")
    (subs / "bob!" / "bot.pl").write_text(DISGUISED)
    shutil.copy(EXAMPLES / "greedy.pl", subs / "cid" / "bot.pl")
    found = collect([str(subs)])[0]
    names = [s.name for s in found]
    assert names == ["bob", "bob-be1b49", "cid"], names     # as a tournament names them
    assert "compared as 'bob-be1b49'" in found[1].note and found[0].note == ""
    run = subprocess.run(ARENA + ["similar", str(subs)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 1, run.stderr                  # the copy is flagged
    assert "bob ~ bob-be1b49" in run.stdout and "FLAGGED" in run.stdout
    assert "'bob-be1b49'" in run.stderr, run.stderr
