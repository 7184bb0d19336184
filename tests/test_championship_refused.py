"""A refused entrant earns nothing (issue 32): a bot refused at loading (a
syntax error, a forbidden open/3) loses every game it was scheduled for,
in either seat, before any move, so that its opponent's own faults (a
timeout) never give it a point; the report says once why it was refused,
not once per game with an empty board."""

from __future__ import annotations

import shutil
from pathlib import Path

from pybridge.championship.tournament import Settings, run_tournament
from pybridge.replay import verify
from shell.cli.arena import main
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
                            settings=Settings(games_per_pair=2, move_time=0.3))
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
