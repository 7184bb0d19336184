"""A refused entrant earns nothing (issue 32): a bot refused at loading (a
syntax error, a forbidden open/3) loses every game it was scheduled for,
in either seat, before any move, so that its opponent's own faults (a
timeout) never give it a point; the report says once why it was refused,
not once per game with an empty board."""

from __future__ import annotations

import shutil
from pathlib import Path

import io

from pybridge.championship.settings import Watchers
from pybridge.championship.tournament import Referee, Schedule, Settings, run_tournament
from pybridge.replay import verify
from shell.cli.arena import main
from shell.cli.tournament import ProgressBar
from tests.support.corpus import HOSTILE


def test_a_refused_bot_loses_every_game_even_against_a_bot_that_times_out(
        tmp_path: Path) -> None:
    bots = tmp_path / "bots"
    bots.mkdir()
    refused = bots / "broken.pl"
    refused.write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]\n")   # a syntax error
    opens = bots / "opener.pl"
    opens.write_text("choose_move(S, _, M) :- open('/etc/passwd', read, _), "
                     "valid_moves(S, [M|_]).\n")
    slow = bots / "slow.pl"
    shutil.copy(HOSTILE / "infinite_loop.pl", slow)
    out = tmp_path / "out"
    result = run_tournament("tictactoe", [str(refused), str(opens), str(slow)], out=out,
                            settings=Settings(schedule=Schedule(games_per_pair=2), referee=Referee(move_time=0.3)))
    assert set(result.refused) == {"broken", "opener"}
    table = {s.name: s for s in result.standings}
    for name in ("broken", "opener"):
        assert table[name].points == 0 and table[name].won == 0, table[name]
        assert table[name].lost == table[name].played == 4
    # the bot that times out beats both refused ones in both seats
    assert table["slow"].won == 4 and table["slow"].points == 12, table["slow"]
    for r in result.records:
        if "slow" in (r.first, r.second):
            assert r.winner == "slow" and r.plies == 0 and r.forfeit == "refused", r
        verify(out / r.replay)                     # the logs verify as they are
    assert main(["report", str(out)]) == 0
    report = (out / "report.md").read_text()
    assert report.count("Refused at loading, so lost all its 4 games") == 2
    assert "Forfeits:" not in report.split("## broken")[1].split("## ")[0]
    assert len(report.splitlines()) < 200


def test_the_progress_line_of_a_game_lost_by_both_names_no_winner(tmp_path: Path) -> None:
    # two refused bots: the line said "opener wins (neither could play: ...)"
    broken = tmp_path / "broken.pl"
    broken.write_text("choose_move(S, _, M) :- valid_moves(S, [M|_]\n")
    opener = tmp_path / "opener.pl"
    opener.write_text("choose_move(S, _, M) :- open(f, read, _), valid_moves(S, [M|_]).\n")
    lines = io.StringIO()
    result = run_tournament("tictactoe", [str(broken), str(opener)], out=tmp_path / "out",
                            settings=Settings(schedule=Schedule(games_per_pair=2), referee=Referee(move_time=0.3)),
                            watch=Watchers(progress=ProgressBar(lines, tty=False)))
    assert all(r.lost_by_both for r in result.records), result.records
    said = lines.getvalue().splitlines()
    assert len(said) == 2 and all("lost by both (neither could play" in s for s in said), said
    assert not any("wins" in s for s in said), said
