"""The rules of a championship, each on small hand-made input: ratings,
late days, house players, rounding, entrants from submission folders,
resume checks, openings, similarity of code, verify of many logs."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pybridge import replay
from pybridge.championship.checkpoint import differences, plan_document
from pybridge.championship.entrants import check_late, entrants, parse_late
from pybridge.championship.ratings import SCALE, elo_ratings, fit, invert, parse_anchor, score_table
from pybridge.championship.schedule import Entrant, TournamentError, schedule
from pybridge.championship.scoring import GameRecord, half_up, standings
from pybridge.championship.similar import compare, fingerprints, submissions, tokens
from pybridge.championship.tournament import Grading, Referee, Schedule, Settings, run_tournament
from tests.support.corpus import BOTS, DISGUISED, EXAMPLES, HOSTILE, ROOT
from tests.support.paths import ROOT

ARENA = [sys.executable, "-m", "shell"]


def rec(index: int, first: str, second: str, winner: str, forfeit: str | None = None,
        **more: object) -> GameRecord:
    return GameRecord(index, first, second, winner, "test", forfeit, **more)  # type: ignore[arg-type]


# -- ratings -----------------------------------------------------------------------


def test_equal_results_rate_equal_and_the_mean_is_zero() -> None:
    games = [rec(i, a, b, w) for i, (a, b, w) in enumerate(
        [("a", "b", "a"), ("b", "a", "b"), ("a", "c", "draw"), ("c", "a", "draw"),
         ("b", "c", "c"), ("c", "b", "b")])]
    r = elo_ratings(["a", "b", "c"], games)
    assert all(abs(x.elo) < 0.1 for x in r.values())
    assert r["a"].error == r["b"].error == r["c"].error > 0


def test_two_players_rating_is_the_logit_of_the_score_with_the_prior() -> None:
    """a scores 7.5 of 10 against b; with one virtual draw (and the link
    prior) the maximum-likelihood difference is ln(8.005/3.005) in natural
    units, 400 log10 of it in Elo, split evenly around 0."""
    games = [rec(i, "a", "b", "a") for i in range(7)] + [rec(7, "a", "b", "draw")] + \
        [rec(8 + i, "b", "a", "b") for i in range(2)]
    r = elo_ratings(["a", "b"], games)
    expected = SCALE * math.log((7.5 + 0.5 + 0.005) / (2.5 + 0.5 + 0.005))
    assert r["a"].elo - r["b"].elo == pytest.approx(expected, abs=0.2)
    assert r["a"].elo == pytest.approx(-r["b"].elo, abs=0.1)
    # the interval: 1.96 / sqrt(information) on the difference, halved per side
    p = 1 / (1 + math.exp(-expected / SCALE))
    sd_diff = 1 / math.sqrt(11.01 * p * (1 - p))
    assert r["a"].error == pytest.approx(1.959964 * sd_diff / 2 * SCALE, rel=0.01)


def test_anchor_and_a_perfect_score_stay_finite() -> None:
    games = [rec(i, "ace", "weak", "ace") for i in range(6)] + \
        [rec(6 + i, "ace", "mid", "ace") for i in range(6)] + \
        [rec(12 + i, "mid", "weak", "mid" if i < 4 else "weak") for i in range(6)]
    r = elo_ratings(["ace", "mid", "weak"], games, anchor=("weak", 1000.0))
    assert r["weak"].elo == 1000.0 and r["weak"].error == 0.0
    assert r["ace"].elo > r["mid"].elo > r["weak"].elo
    assert math.isfinite(r["ace"].elo) and r["ace"].elo - r["weak"].elo < 1500
    with pytest.raises(ValueError, match="anchor 'nobody'"):
        elo_ratings(["ace", "weak"], games[:6], anchor=("nobody", 0.0))
    assert parse_anchor("random=0") == ("random", 0.0)
    with pytest.raises(ValueError, match="NAME=ELO"):
        parse_anchor("random")


def test_fit_is_the_likelihood_maximum_and_invert_inverts() -> None:
    scores, games = score_table(["a", "b", "c"], [
        rec(0, "a", "b", "a"), rec(1, "b", "c", "b"), rec(2, "c", "a", "c"), rec(3, "a", "c", "a"),
        rec(4, "b", "a", "draw")])
    theta = fit(scores, games)
    assert sum(theta) == pytest.approx(0, abs=1e-9)
    # the gradient of the penalised log-likelihood vanishes at the fit
    for i in range(3):
        grad = 0.0
        for j in range(3):
            if i != j:
                m = games[i][j] + (1 if games[i][j] else 0) + 0.01
                w = scores[i][j] + (0.5 if games[i][j] else 0) + 0.005
                grad += w - m / (1 + math.exp(theta[j] - theta[i]))
        assert grad == pytest.approx(0, abs=1e-6)
    m = [[4.0, 1.0], [2.0, 3.0]]
    inv = invert(m)
    assert [[sum(m[i][k] * inv[k][j] for k in range(2)) for j in range(2)] for i in range(2)] == \
        [[pytest.approx(1), pytest.approx(0)], [pytest.approx(0), pytest.approx(1)]]


# -- grades: house players, late days, rounding, zero -------------------------------


def test_house_players_rank_but_the_grade_scale_spans_the_graded() -> None:
    people = [Entrant("ai:3", "ai:3", house=True), Entrant("a", "a"), Entrant("b", "b"),
              Entrant("random", "random", house=True)]
    names = [p.name for p in people]
    games = []
    for i, (x, y) in enumerate((x, y) for x in names for y in names if x != y):
        order = names.index(x) - names.index(y)
        games.append(rec(i, x, y, x if order < 0 else y))  # the earlier in the list wins
    table = {s.name: s for s in standings(people, games, grades=True)}
    assert table["ai:3"].rank == 1 and table["ai:3"].grade is None and table["ai:3"].house
    assert table["random"].rank == 4 and table["random"].grade is None
    assert (table["a"].rank, table["a"].grade) == (2, 10.0)
    assert (table["b"].rank, table["b"].grade) == (3, 5.0)


def test_grades_round_half_up() -> None:
    assert half_up(3.125) == 3.13 and half_up(2.675) == 2.68 and half_up(5.0) == 5.0
    # x 8 points, y 5, z 0: y's grade is 5 + 5 x 5/8 = 8.125 exactly -> 8.13
    people = [Entrant(n, n) for n in "xyz"]
    games = [rec(0, "x", "z", "x"), rec(1, "z", "x", "x"), rec(2, "x", "y", "draw"),
             rec(3, "y", "x", "draw"), rec(4, "y", "z", "y")]
    t = {s.name: s for s in standings(people, games, grades=True)}
    assert (t["x"].points, t["y"].points, t["z"].points) == (8, 5, 0)
    assert (t["x"].grade, t["y"].grade, t["z"].grade) == (10.0, 8.13, 5.0)


def test_late_days_and_zero() -> None:
    people = [Entrant(n, n) for n in "abc"]
    games = [rec(0, "a", "b", "a"), rec(1, "b", "a", "a"), rec(2, "a", "c", "a"),
             rec(3, "c", "a", "a"), rec(4, "b", "c", "b"), rec(5, "c", "b", "b")]
    table = {s.name: s for s in standings(people, games, grades=True, late={"a": 3, "c": 7},
                                          zero=["b"])}
    assert (table["a"].grade_before_late, table["a"].grade, table["a"].late_days) == (10.0, 7.0, 3)
    assert (table["c"].grade_before_late, table["c"].grade) == (5.0, 0.0)  # never below 0
    assert table["b"].grade == 0.0 and table["b"].zeroed and table["b"].grade_before_late == 7.5
    kept, dropped = check_late(people, {"a": 10, "b": 11}, 10)
    assert [e.name for e in kept] == ["a", "c"] and dropped == {"b": 11}
    with pytest.raises(TournamentError, match="'z', who is not an entrant"):
        check_late(people, {"z": 1})
    with pytest.raises(TournamentError, match="house player"):
        check_late([Entrant("random", "random", house=True), *people], {"random": 1})


def test_late_days_from_the_command_line_and_a_csv(tmp_path: Path) -> None:
    f = tmp_path / "late.csv"
    f.write_text("name,days\nann,2\n\nbob, 4\n")
    assert parse_late(["cid=1", "ann=3"], str(f)) == {"ann": 3, "bob": 4, "cid": 1}
    f.write_text("ann,two\n")
    with pytest.raises(TournamentError, match=r"late.csv:1: days late must be a whole number"):
        parse_late([], str(f))
    with pytest.raises(TournamentError, match="NAME=DAYS"):
        parse_late(["ann"])


def test_refused_against_a_bot_without_the_seat_is_lost_by_both(tmp_path: Path) -> None:
    """The issue's case: a bot that does not load as x, a bot with no
    second-seat predicates as o. Neither could play: both lose."""
    out = tmp_path / "out"
    result = run_tournament("tictactoe",
                            [str(HOSTILE / "syntax_error.pl"),
                                          str(BOTS / "classic_x_only.pl"), "random"],
                            out=out,
                            settings=Settings(grading=Grading(grades=True)))
    game = next(r for r in result.records
                if (r.first, r.second) == ("syntax_error", "classic_x_only"))
    assert game.lost_by_both and "neither could play" in game.reason
    other = next(r for r in result.records
                 if (r.first, r.second) == ("classic_x_only", "syntax_error"))
    assert not other.lost_by_both and other.winner == "classic_x_only"
    table = {s.name: s for s in result.standings}
    assert table["classic_x_only"].points == 3 * sum(
        1 for r in result.records if r.winner == "classic_x_only" and not r.lost_by_both)
    doc = json.loads((out / "standings.json").read_text())
    assert [g["lost_by_both"] for g in doc["games"] if g["index"] == game.index] == [True]


# -- entrants ----------------------------------------------------------------------


def test_submission_folders_and_explicit_names(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    for student, bot in (("ann", "greedy.pl"), ("bob", "minimax.pl")):
        (subs / student).mkdir(parents=True)
        shutil.copy(EXAMPLES / bot, subs / student / "bot.pl")  # both called bot.pl
    got = entrants([str(subs), "random", f"best={EXAMPLES / 'minimax.pl'}:3"],
                   house=[str(EXAMPLES / "first_move.pl")])
    assert [e.name for e in got] == ["ann", "bob", "random", "best", "first_move"]
    assert [e.house for e in got] == [False, False, True, False, True]
    assert got[3].spec.endswith("minimax.pl:3") and got[0].sha256 and got[2].sha256 is None
    (subs / "cid").mkdir()
    (subs / "dan").mkdir()
    for n in ("a.pl", "b.prolog"):
        (subs / "dan" / n).write_text("x.\n")
    with pytest.raises(TournamentError) as info:
        entrants([str(subs)])
    assert "'cid' has no bot file" in str(info.value).replace(str(subs) + "/", "")
    assert "2 bot files (a.pl, b.prolog)" in str(info.value)
    with pytest.raises(TournamentError, match="two entrants named 'ann'"):
        entrants([f"ann={EXAMPLES / 'greedy.pl'}", f"ann={EXAMPLES / 'minimax.pl'}"])
    weird = entrants([f"a\x1b[31mb={EXAMPLES / 'greedy.pl'}", "random"])
    assert weird[0].name == "a_x1b_31mb"


# -- resume checks -----------------------------------------------------------------


def test_resume_names_every_difference(tmp_path: Path) -> None:
    people = [Entrant("a", "a.pl", "/x/a.pl", sha256="1"), Entrant("random", "random", house=True)]
    settings = {"games_per_pair": 2, "move_time": 1.0, "policy": "forfeit", "seed": 1,
                "openings": 0, "opening_plies": None, "isolation": "bwrap", "jobs": 2}
    plan = plan_document("sliding", {}, settings, people)
    assert differences(plan, plan_document("sliding", {}, {**settings, "jobs": 1}, people)) == []
    changed = plan_document("sliding", {}, {**settings, "seed": 2},
                            [Entrant("a", "a.pl", "/y/a.pl", sha256="2"), Entrant("b", "b.pl")])
    diff = differences(plan, changed)
    assert "seed: recorded 1, now 2" in diff
    assert "entrant 'a': its file's content changed" in diff
    assert "entrant 'random' was in the tournament and is not now" in diff
    assert "entrant 'b' is new (not in the recorded tournament)" in diff


def test_non_empty_folder_is_refused_naming_resume(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "x").write_text("")
    with pytest.raises(TournamentError, match="is not empty .*--resume"):
        run_tournament("tictactoe",
                       ["random", "ai:1"],
                       out=out)
    with pytest.raises(TournamentError, match="records no tournament"):
        run_tournament("tictactoe",
                       ["random", "ai:1"],
                       out=out,
                       resume=True)


def test_resume_with_other_settings_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_tournament("tictactoe",
                   ["random", "ai:1"],
                   out=out)
    with pytest.raises(TournamentError, match="move_time: recorded 1.0, now 2.0"):
        run_tournament("tictactoe",
                       ["random", "ai:1"],
                       out=out,
                       resume=True,
                       settings=Settings(referee=Referee(move_time=2.0)))
    again = run_tournament("tictactoe",
                           ["random", "ai:1"],
                           out=out,
                           resume=True)
    assert again.complete and again.kept == 2 and len(again.records) == 2


# -- openings ----------------------------------------------------------------------


def test_openings_are_shared_by_both_seat_orders_and_logged(tmp_path: Path) -> None:
    out = tmp_path / "out"
    bots = [str(EXAMPLES / "minimax.pl:2"), str(EXAMPLES / "first_move.pl")]
    result = run_tournament("sliding",
                            bots,
                            out=out,
                            settings=Settings(schedule=Schedule(openings=3, opening_plies=3)))
    assert len(result.records) == 6 and len(schedule(["a", "b"], 2, 3)) == 6
    openings = [r.opening for r in result.records]
    assert all(len(o) == 3 for o in openings) and len(set(openings)) == 3
    for a, b in zip(result.records[::2], result.records[1::2]):
        assert a.opening == b.opening and (a.first, a.second) == (b.second, b.first)
    games = set()
    for r in result.records:
        logged = replay.read_replay(out / r.replay)
        assert [p.move for p in logged.plies[:3]] == list(r.opening)
        header = json.loads((out / r.replay).read_text().splitlines()[0])
        assert header["opening"] == list(r.opening)
        replay.verify(out / r.replay)
        games.add((r.first, tuple(p.move for p in logged.plies)))
    assert len(games) == 6  # deterministic bots, no game repeated
    doc = json.loads((out / "standings.json").read_text())
    assert [g["opening"] for g in doc["games"]] == [list(o) for o in openings]


# -- similarity --------------------------------------------------------------------


def test_tokens_and_fingerprints() -> None:
    assert tokens("p_2(A, 'x y', 1.5e3)") == ["p_2", "(", "V", ",", "'x y'", ",", "1.5e3", ")"]
    toks = tokens("a(B, c(D, E), f(G)) :- h(B)")
    assert fingerprints(toks) == fingerprints(list(toks))
    assert fingerprints(toks[:3]) and fingerprints([]) == set()


def test_a_disguised_copy_is_flagged_and_the_examples_are_not(tmp_path: Path) -> None:
    copy = tmp_path / "student42.pl"
    copy.write_text(DISGUISED)
    files = sorted(str(p) for p in EXAMPLES.glob("*.pl")) + [str(copy)]
    pairs = compare(submissions(files))
    flagged = {(p.a, p.b) for p in pairs if p.flagged}
    # the two alliances baselines are one program: 'hard' is 'medium' with
    # one clause changed (diff them), so they are rightly flagged too
    assert flagged == {("minimax", "student42"),
                       ("alliances_course_hard", "alliances_course_medium")}
    top = pairs[0]
    assert (top.a, top.b, top.flagged) == ("minimax", "student42", True) and top.score > 0.9
    assert any("best_move([M|Ms]" in m.a_text and "pick([M|Ms]" in m.b_text for m in top.matches)
    independent = [p for p in pairs if {p.a, p.b} != {"minimax", "student42"}
                   and not p.a.startswith("alliances_course")]
    assert max(p.score for p in independent) < 0.5


def test_similar_command_json_and_folders(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    for student, text in (("ann", (EXAMPLES / "minimax.pl").read_text()), ("bob", DISGUISED),
                          ("cid", (EXAMPLES / "greedy.pl").read_text()),
                          ("dan", (EXAMPLES / "sliding_pfl.pl").read_text())):
        (subs / student).mkdir(parents=True)
        (subs / student / "bot.pl").write_text(text)
    (subs / "dan" / "helpers.pl").write_text("helper(X) :- X > 1.\n")  # a game of several files
    run = subprocess.run(ARENA + ["similar", str(subs), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    doc = json.loads(run.stdout)
    assert len(doc["pairs"]) == 6
    assert doc["pairs"][0] == {"a": "ann", "b": "bob", "score": doc["pairs"][0]["score"],
                               "flagged": True}
    assert [p["flagged"] for p in doc["pairs"][1:]] == [False] * 5
    run = subprocess.run(ARENA + ["similar", str(subs / "ann"), str(subs / "cid")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "flagged above 0.6: 0" in run.stdout
    run = subprocess.run(ARENA + ["similar", str(subs), "--threshold", "2"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "threshold is a share from 0 to 1" in run.stderr


def test_similar_reads_code_as_data_only(tmp_path: Path) -> None:
    """A submission whose directives would write a file if run: reading it
    for comparison runs nothing."""
    marker = tmp_path / "ran"
    bad = tmp_path / "bad.pl"
    bad.write_text(f":- initialization(open('{marker}', write, S)).\n"
                   f":- open('{marker}', write, _).\nfoo(X) :- X > 1.\n")
    other = tmp_path / "other.pl"
    other.write_text("bar(Y) :- Y < 2.\n")
    compare(submissions([str(bad), str(other)]))
    assert not marker.exists()


# -- verify ------------------------------------------------------------------------


def test_verify_many_files_and_folders(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_tournament("tictactoe",
                   ["random", "ai:1"],
                   out=out,
                   settings=Settings(schedule=Schedule(games_per_pair=4)))
    logs = sorted((out / "replays").iterdir())
    run = subprocess.run(ARENA + ["verify", str(out / "replays"), str(logs[0])], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count(": valid: ") == 5 and "5 logs: 5 valid, 0 illegal, 0 unreadable" in run.stdout
    # the tournament's folder: its logs, not its list of games
    run = subprocess.run(ARENA + ["verify", str(out)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "4 logs: 4 valid, 0 illegal, 0 unreadable" in run.stdout, run
    run = subprocess.run(ARENA + ["verify", str(out / "games.jsonl")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "not a game log: verify its folder" in run.stderr
    bad = tmp_path / "bad.jsonl"
    lines = logs[0].read_text().splitlines()
    header = json.loads(lines[0])
    first = json.loads(lines[1])
    first["move"] = "99"
    bad.write_text("\n".join([json.dumps(header), json.dumps(first)]) + "\n")
    run = subprocess.run(ARENA + ["verify", str(logs[0]), str(bad)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "2 logs: 1 valid, 1 illegal, 0 unreadable" in run.stdout
    run = subprocess.run(ARENA + ["verify", str(bad), str(tmp_path / "missing.jsonl")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "1 illegal, 1 unreadable" in run.stdout
