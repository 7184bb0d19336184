"""Tournaments: schedule, standings and grades on hand-made tables, a
championship of every hostile bot with two honest ones, Ctrl-C, the CLI."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

import pybridge
from pybridge import replay
from pybridge.bots.player import Limits
from pybridge.play.match import Match
from pybridge.jail import sandbox
from pybridge.bots.seating import make_player
from pybridge.championship.tournament import (
    Entrant,
    GameRecord,
    Grading,
    Referee,
    Schedule,
    Settings,
    TournamentError,
    Transport,
    Watchers,
    entrants,
    run_tournament,
    schedule,
    standings,
)
from shell.cli.tournament import ProgressBar, standings_lines
from tests.support.cli import ARENA_MODULE
from tests.support.corpus import EXAMPLES, HOSTILE, HOSTILE_FILES, PWNED, SENTINEL, expectation
from tests.support.processes import host_processes, interrupt_after_games
from tests.support.paths import ROOT
from tests.support.says import says


#: Deterministic honest bots: their games against each other can be
#: compared move by move with a game played alone.
HONEST = [str(EXAMPLES / "minimax.pl:2"), str(EXAMPLES / "tictactoe_classic.pl")]


def record(index: int, first: str, second: str, winner: str, forfeit: str | None = None) -> GameRecord:
    return GameRecord(index, first, second, winner, "test", forfeit)


# -- pure parts --------------------------------------------------------------------


def test_schedule_plays_every_pair_in_both_seats() -> None:
    games = schedule(["a", "b", "c"], 4)
    assert len(games) == 12
    for x, y in (("a", "b"), ("a", "c"), ("b", "c")):
        assert sum(1 for g in games if (g.first, g.second) == (x, y)) == 2
        assert sum(1 for g in games if (g.first, g.second) == (y, x)) == 2
    assert [g.index for g in games] == list(range(12))
    for bad in (0, 1, 3):
        with pytest.raises(TournamentError, match="even"):
            schedule(["a", "b"], bad)


def test_entrants_names_and_refusals() -> None:
    greedy = str(EXAMPLES / "greedy.pl")
    got = entrants([f"{greedy}:2", f"{greedy}:1", "ai:3", "random", str(EXAMPLES / "minimax.pl:3")])
    assert [e.name for e in got] == ["greedy:2", "greedy:1", "ai:3", "random", "minimax"]
    assert got[0].path == str(Path(greedy).resolve()) and got[2].path is None
    with pytest.raises(TournamentError, match="two entrants named 'ai:3'"):
        entrants(["ai:3", "ai:3"])
    with pytest.raises(TournamentError, match="two entrants named 'greedy'"):
        entrants([greedy, greedy])
    with pytest.raises(TournamentError, match="human"):
        entrants(["human", "random"])
    with pytest.raises(TournamentError, match="at least two"):
        entrants(["random"])
    with pytest.raises(ValueError, match="no bot file"):
        entrants(["random", "nowhere/bot.pl"])


def test_standings_and_grades_on_a_hand_made_table() -> None:
    """Four entrants, each pair in both seats. By hand:
    a: won 4, drawn 1, lost 1 -> 13 points; b: 3-0-3 -> 9; c: 1-2-3 -> 5;
    d: 2-1-3 -> 7, but 2 of its 6 games lost by forfeit (> 10%): out of
    the ranking, grade 5 x 4/6 = 3.33. Ranked: a 13 -> 10, c 5 -> 5,
    b -> 5 + 5 x (9-5)/(13-5) = 7.5."""
    people = [Entrant(n, n) for n in "abcd"]
    games = [
        record(0, "a", "b", "a"), record(1, "b", "a", "a"),
        record(2, "a", "c", "a"), record(3, "c", "a", "draw"),
        record(4, "a", "d", "a"), record(5, "d", "a", "d"),
        record(6, "b", "c", "b"), record(7, "c", "b", "c"),
        record(8, "b", "d", "b", "timeout"), record(9, "d", "b", "b", "crashed"),
        record(10, "c", "d", "d"), record(11, "d", "c", "draw"),
    ]
    graded = standings(people, games, grades=True)
    assert [s.name for s in graded] == ["a", "b", "d", "c"]  # by points; d listed, unranked
    table = {s.name: s for s in graded}
    a, b, c, d = (table[n] for n in "abcd")
    assert (a.played, a.won, a.drawn, a.lost, a.forfeits, a.points) == (6, 4, 1, 1, 0, 13)
    assert (b.played, b.won, b.drawn, b.lost, b.forfeits, b.points) == (6, 3, 0, 3, 0, 9)
    assert (c.played, c.won, c.drawn, c.lost, c.forfeits, c.points) == (6, 1, 2, 3, 0, 5)
    assert (d.played, d.won, d.drawn, d.lost, d.forfeits, d.points) == (6, 2, 1, 3, 2, 7)
    assert (a.rank, b.rank, c.rank, d.rank) == (1, 2, 3, None)
    assert (a.grade, b.grade, c.grade, d.grade) == (10.0, 7.5, 5.0, 3.33)
    plain = {s.name: s for s in standings(people, games)}
    assert [plain[n].rank for n in "abdc"] == [1, 2, 3, 4]
    assert all(s.grade is None for s in plain.values())


def test_two_refused_bots_both_lose_their_game() -> None:
    """A refused bot forfeits at its first move; against another refused
    bot that 'win' earns nothing: both lose, and neither gets a grade."""
    people = [Entrant(n, n) for n in "abc"]
    games = [
        record(0, "a", "b", "b", "refused"), record(1, "b", "a", "a", "refused"),
        record(2, "a", "c", "c", "refused"), record(3, "c", "a", "c", "refused"),
        record(4, "b", "c", "c", "refused"), record(5, "c", "b", "c", "refused"),
    ]
    table = {s.name: s for s in standings(people, games, grades=True, refused={"a", "b"})}
    a, b, c = (table[n] for n in "abc")
    assert (a.won, a.lost, a.forfeits, a.points) == (0, 4, 4, 0)
    assert (b.won, b.lost, b.forfeits, b.points) == (0, 4, 4, 0)
    assert (c.won, c.points, c.rank, c.grade) == (4, 12, 1, 10.0)
    assert a.rank is None and b.rank is None and a.grade == b.grade


def test_grades_with_equal_points_and_ten_percent_exactly() -> None:
    people = [Entrant(n, n) for n in "xy"]
    games = [record(i, "x" if i % 2 else "y", "y" if i % 2 else "x", "draw") for i in range(9)]
    games.append(record(9, "x", "y", "y", "no_move"))  # x: 1 forfeit in 10 = 10%, not more
    table = {s.name: s for s in standings(people, games, grades=True)}
    assert table["x"].rank == 2 and table["x"].grade == 5.0
    assert table["y"].rank == 1 and table["y"].grade == 10.0
    tied = [record(i, "x", "y", "draw") for i in range(2)]
    assert all(s.grade == 10.0 and s.rank == 1 for s in standings(people, tied, grades=True))


def test_progress_bar_on_a_terminal_and_off() -> None:
    from pybridge.championship.tournament import Progress

    out = io.StringIO()
    bar = ProgressBar(out, tty=True, width=10)
    bar(Progress(0, 4, 0.0))
    bar(Progress(2, 4, 30.0, record(1, "a", "b", "a")))
    bar.end()
    text = out.getvalue()
    assert "\r" in text and "[#####.....] 2/4 games  0:30 elapsed  ~0:30 left" in text
    out = io.StringIO()
    bar = ProgressBar(out, tty=False)
    bar(Progress(0, 4, 0.0))
    bar(Progress(1, 4, 3.0, record(0, "a", "b", "draw")))
    assert out.getvalue() == "game 1/4: a vs b: draw (test)\n"


# -- championships -----------------------------------------------------------------


@pytest.mark.slow
def test_championship_of_every_hostile_bot(tmp_path: Path, in_empty_dir: Path) -> None:
    SENTINEL.write_text("keep me\n")
    PWNED.unlink(missing_ok=True)
    # copies, so that the hosts left over are told from other tests' hosts
    hostile = tmp_path / "hostile"
    hostile.mkdir()
    for path in HOSTILE_FILES:
        shutil.copy(path, hostile / path.name)
    # a gauntlet: every hostile bot (and an honest one) against one honest house bot
    specs = [str(hostile / p.name) for p in HOSTILE_FILES] + HONEST[1:]
    out = tmp_path / "out"
    result = run_tournament("tictactoe", specs, out=out,
                            settings=Settings(
                                schedule=Schedule(gauntlet=True),
                                referee=Referee(move_time=1.0, limits=Limits(stack_mb=16, grace=0.2)),
                                grading=Grading(grades=True, house=HONEST[:1]),
                                transport=Transport(jobs=3)))
    assert result.complete and len(result.records) == result.total == 2 * len(specs)
    house = Path(HONEST[0].split(".pl")[0]).name
    assert all(house in (r.first, r.second) for r in result.records)

    # every hostile bot gets its verdict whenever it has to move (first seat)
    for path in HOSTILE_FILES:
        verdict, _ = expectation(path)
        name = path.stem
        as_first = [r for r in result.records if r.first == name]
        assert as_first
        for r in as_first:
            if verdict == "ok":
                assert not (r.forfeit and r.loser == name), r
            else:
                assert r.loser == name and r.forfeit == verdict, r
        if verdict == "refused":
            assert name in result.refused

    # the honest bots' games against each other are as when played alone
    names = [Path(s.split(".pl")[0]).name for s in HONEST]
    game = pybridge.load_game("tictactoe")
    compared = 0
    for r in result.records:
        if {r.first, r.second} == set(names):
            compared += 1
            alone = dict(zip((r.first, r.second), game.players))
            specs_by_name = dict(zip(names, HONEST))
            seats = {alone[n]: make_player(specs_by_name[n]) for n in names}
            with Match(game, seats) as match:
                match.run()
            logged = replay.read_replay(out / r.replay)
            assert [p.move for p in logged.plies] == [p.move for p in match.history]
            assert r.forfeit is None
            replay.verify(out / r.replay)
    assert compared == 2  # one in each seat

    # files: standings, one log per game, nothing else anywhere
    doc = json.loads((out / "standings.json").read_text())
    assert doc["complete"] and len(doc["games"]) == result.total
    assert doc["isolation"] == doc["settings"]["isolation"] == sandbox.current()
    assert {b["name"] for b in doc["bots"]} == {e.name for e in result.entrants}
    assert len(list((out / "replays").iterdir())) == result.total
    assert sorted(p.name for p in out.iterdir()) == ["games.jsonl", "replays", "signatures.json",
                                                     "standings.csv", "standings.json",
                                                     "tournament.json"]
    assert list(in_empty_dir.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cwd", "hostile", "out"]
    assert SENTINEL.exists() and not PWNED.exists()
    assert host_processes(str(hostile)) == []


@pytest.mark.parametrize("policy", ["forfeit", "random"])
def test_verdicts_reach_the_replay_logs(tmp_path: Path, policy: str) -> None:
    out = tmp_path / "out"
    # a generous clock: a loaded machine must not turn the verdict into a time loss
    result = run_tournament("tictactoe",
                            [str(HOSTILE / "garbage_move.pl"), "random"],
                            out=out,
                            settings=Settings(referee=Referee(policy=policy, move_time=5)))
    assert result.complete and len(result.records) == 2
    for r in result.records:
        logged = replay.read_replay(out / r.replay)
        mine = [p for p in logged.plies if r.first == "garbage_move" and p.player == "x"
                or r.second == "garbage_move" and p.player == "o"]
        if policy == "forfeit":
            assert r.forfeit == "illegal" and r.winner == "random"
            assert logged.result is not None and logged.result.forfeit == "illegal"
            assert logged.result.detail == 'garbage(of,"all",[kinds])'
        else:
            assert r.forfeit is None and mine
            assert all(p.verdict == "illegal" and "garbage" in (p.raw or "") for p in mine)
            assert r.replaced == {"garbage_move": len(mine)}
        replay.verify(out / r.replay)
    doc = json.loads((out / "standings.json").read_text())
    bot = next(b for b in doc["bots"] if b["name"] == "garbage_move")
    assert bot["forfeits"] == (2 if policy == "forfeit" else 0)
    assert (bot["replaced"] > 0) == (policy == "random")


def test_recover_reads_results_from_the_logs(tmp_path: Path) -> None:
    from pybridge.championship.checkpoint import GAMES, finished_games

    out = tmp_path / "out"
    result = run_tournament("tictactoe",
                            ["random", "ai:1"],
                            out=out,
                            settings=Settings(schedule=Schedule(games_per_pair=4)))
    games = schedule(["random", "ai:1"], 4)
    cut = out / result.records[1].replay
    lines = cut.read_bytes().splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[:-1]))  # its result never written
    (out / GAMES).unlink()  # and no game listed: every record comes from its log
    resumed = finished_games(out, games)
    assert resumed.removed == 1 and not cut.exists() and not resumed.disagreements
    found = [r for r, _ in resumed.kept.values()]
    assert [r.index for r in found] == [0, 2, 3]
    for r in found:
        played = result.records[r.index]
        assert (r.winner, r.reason, r.forfeit, r.plies, r.replay) == \
            (played.winner, played.reason, played.forfeit, played.plies, played.replay)


def _copy_bots(tmp_path: Path) -> list[str]:
    """Example bots under a unique path, so their processes can be found."""
    bots = tmp_path / "bots"
    bots.mkdir()
    names = ["greedy.pl", "minimax.pl", "first_move.pl", "value_pfl4.pl", "tictactoe_classic.pl"]
    for name in names:
        shutil.copy(EXAMPLES / name, bots / name)
    return [str(bots / n) for n in names] + ["random"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupted_tournament_keeps_finished_games(tmp_path: Path, jobs: int) -> None:
    specs = _copy_bots(tmp_path)
    seen: list[int] = []

    def progress(p) -> None:
        seen.append(p.done)
        if p.done == 4:
            raise KeyboardInterrupt  # as Ctrl-C would, between two games

    out = tmp_path / "out"
    result = run_tournament("tictactoe",
                            specs,
                            out=out,
                            settings=Settings(transport=Transport(jobs=jobs)),
                            watch=Watchers(progress=progress))
    # with 2 workers, the other one's game may have ended meanwhile: its log
    # shows it, and it counts
    played = len(result.records)
    assert not result.complete and (played == 4 if jobs == 1 else 4 <= played <= 5)
    doc = json.loads((out / "standings.json").read_text())
    assert doc["complete"] is False and doc["games_played"] == played == len(doc["games"])
    assert sum(b["played"] for b in doc["bots"]) == 2 * played
    logs = sorted((out / "replays").iterdir())
    assert {r.replay for r in result.records} == {f"replays/{p.name}" for p in logs}
    for log in logs:
        assert replay.verify(log).finished
    deadline = time.monotonic() + 10
    while host_processes(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert host_processes(str(tmp_path)) == []


def test_ctrl_c_on_the_command_line(tmp_path: Path) -> None:
    specs = _copy_bots(tmp_path)
    out = tmp_path / "out"
    proc = subprocess.Popen(
        ARENA_MODULE + ["tournament", "tictactoe", *specs, "--out", str(out), "--jobs", "2",
                 "--games-per-pair", "4"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )
    text, err = interrupt_after_games(proc, 3, timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted:" in text and "rank  name" in text
    doc = json.loads((out / "standings.json").read_text())
    played = doc["games_played"]
    assert doc["complete"] is False and 3 <= played < doc["games_scheduled"]
    assert len(list((out / "replays").iterdir())) == played
    says(text, "interrupted", f"{played} of {doc['games_scheduled']} games")
    deadline = time.monotonic() + 10
    while host_processes(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert host_processes(str(tmp_path)) == []


def test_tournament_command_with_grades(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = subprocess.run(
        ARENA_MODULE + ["tournament", "tictactoe", str(EXAMPLES / "greedy.pl"), "ai:3", "random",
                 str(HOSTILE / "throws.pl"), "--out", str(out), "--grades", "--move-time", "2"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    table = run.stdout[run.stdout.index("rank  name"):]
    assert "grade" in table.splitlines()[0]
    throws = next(line for line in table.splitlines() if " throws " in f" {line} ")
    assert throws.split()[0] == "-" and throws.split()[-1] == "0.00"
    assert "game 12/12" in run.stdout
    assert (out / "standings.csv").read_text().startswith("rank,name,path,played")


@pytest.mark.slow
def test_check_bot_command() -> None:
    run = subprocess.run(ARENA_MODULE + ["check-bot", "tictactoe", str(EXAMPLES / "tictactoe_classic.pl"),
                                  "--games", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "protocol: classic (plays first (x) and second (o))" in run.stdout
    assert "verdict:  ok" in run.stdout and "2. bot as o" in run.stdout
    run = subprocess.run(ARENA_MODULE + ["check-bot", "tictactoe", str(HOSTILE / "shell_call.pl")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "verdict:  refused" in run.stdout
    says(run.stdout, "line 3", "choose_move/3", "shell/1", "may not")
    run = subprocess.run(ARENA_MODULE + ["check-bot", "tictactoe", str(HOSTILE / "throws.pl"), "--games", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1, run.stdout
    says(run.stdout, "1 game of 1", "forfeit", "crashed 1")
    assert "0 moves;" not in run.stdout and "slowest" not in run.stdout
    run = subprocess.run(ARENA_MODULE + ["check-bot", "tictactoe", str(ROOT / "tests" / "bot_files" / "classic_x_only.pl"),
                                  "--games", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    says(run.stdout, "warning:", "first only", "forfeits every game as second")
    run = subprocess.run(ARENA_MODULE + ["check-bot", "tictactoe", str(ROOT / "tests" / "bot_files" / "talker.pl"),
                                  "--games", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "what it printed (last lines):" in run.stdout
    # its last lines, whichever moves random made: the bot plays x, so an odd count
    printed = run.stdout.split("what it printed (last lines):", 1)[1]
    assert re.search(r"thinking about [13579] moves", printed) and "chose(" in printed
    run = subprocess.run(ARENA_MODULE + ["check-bot", "tictactoe", "nowhere.pl"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    says(run.stderr, "no bot file", "'nowhere.pl'")


def test_standings_lines_show_unranked_entrants() -> None:
    people = [Entrant(n, n) for n in "ab"]
    games = [record(0, "a", "b", "a", "crashed"), record(1, "b", "a", "a", "crashed")]
    lines = standings_lines(standings(people, games, grades=True), grades=True)
    assert lines[0].split() == ["rank", "name", "played", "won", "drawn", "lost", "forfeits",
                                "points", "grade"]
    assert lines[2].split() == ["1", "a", "2", "2", "0", "0", "0", "6", "10.00"]
    assert lines[3].split() == ["-", "b", "2", "0", "0", "2", "2", "0", "0.00"]


def test_a_gauntlet_pairs_every_entrant_with_each_house_player_only() -> None:
    games = schedule(["a", "b", "h1", "c", "h2"], 2, against={"h1", "h2"})
    pairs = [frozenset((g.first, g.second)) for g in games]
    assert len(games) == 3 * 2 * 2 and len(set(pairs)) == 6
    assert all(len(p & {"h1", "h2"}) == 1 for p in pairs)
    firsts = [g.first for g in games]
    assert all(firsts.count(n) == 2 for n in ("a", "b", "c"))  # one of its two games per house player


def test_a_gauntlet_needs_house_players_and_entrants(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="a gauntlet needs house players"):
        run_tournament("tictactoe", [str(EXAMPLES / "greedy.pl"), str(EXAMPLES / "minimax.pl")],
                       out=tmp_path / "out", settings=Settings(schedule=Schedule(gauntlet=True)))
    result = run_tournament("tictactoe", [str(EXAMPLES / "greedy.pl"), "random", "ai:1"],
                            out=tmp_path / "g", settings=Settings(schedule=Schedule(gauntlet=True)))
    assert {frozenset((r.first, r.second)) for r in result.records} == \
        {frozenset(("greedy", "random")), frozenset(("greedy", "ai:1"))}
    doc = json.loads((tmp_path / "g" / "standings.json").read_text())
    assert doc["settings"]["gauntlet"] is True
    from pybridge.report.markdown import markdown
    from pybridge.report.results import gather

    report = gather(tmp_path / "g")
    assert "a gauntlet: every entrant played the house players only" in markdown(report)
    # house players never meet in a gauntlet: no game, not 0 points
    assert report.crosstable["random"]["ai:1"] is None
    assert report.crosstable["greedy"]["random"] is not None
