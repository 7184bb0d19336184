"""Replay logs: round trips for every game, torn lines, the reader's checks."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import pybridge
from pybridge.play.match import Match
from pybridge.replay import (
    FORMAT,
    VERSION,
    Recorders,
    ReplayBusyError,
    ReplayFormatError,
    ReplayMismatch,
    ReplayWriter,
    read_replay,
    rebuild,
    verify,
)
from pybridge.bots.seating import make_player
from pybridge.types import Ply, Result

from tests.support.replay_games import RngPlayer, play_logged
from tests.support.says import says

SEEDS = (1, 2, 3)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("seed", SEEDS)
def test_round_trip(game_id: str, seed: int, tmp_path: Path) -> None:
    game = pybridge.load_game(game_id)
    path = tmp_path / "game.jsonl"
    match = play_logged(game, path, seed)
    rebuilt = verify(path)
    assert rebuilt.final == match.state
    assert rebuilt.replay.plies == match.history
    assert rebuilt.replay.result == match.result
    assert rebuilt.result == match.result
    assert rebuilt.replay.warnings == ()
    header = records(path)[0]
    assert header["format"] == FORMAT and header["version"] == VERSION
    assert header["game"] == game_id and header["options"] == game.options
    assert header["players"] == {seat: "random" for seat in game.players}


def test_round_trip_keeps_verdicts_and_forfeits(tmp_path: Path) -> None:
    game = pybridge.load_game("tictactoe")
    replaced = 0
    for seed in range(12):
        path = tmp_path / f"forfeit-{seed}.jsonl"
        match = play_logged(game, path, seed, policy="forfeit", blunder=0.3, undo_rate=0)
        replay = verify(path).replay
        assert replay.result == match.result
        if match.result is not None and match.result.forfeit:
            last = records(path)[-1]
            assert last["forfeit"] == match.result.forfeit
            assert last["winner"] == match.result.winner
            replaced += 1
        path = tmp_path / f"random-{seed}.jsonl"
        match = play_logged(game, path, seed, policy="random", blunder=0.3, undo_rate=0)
        replay = verify(path).replay
        assert replay.plies == match.history
        bad = [p for p in replay.plies if p.verdict != "ok"]
        assert all(p.verdict in ("illegal", "timeout") for p in bad)
        assert all(p.raw == "not-a-move" for p in bad if p.verdict == "illegal")
        replaced += len(bad)
    assert replaced > 5  # the seeds do produce bad answers


def test_header_written_at_creation(tmp_path: Path) -> None:
    game = pybridge.load_game("tictactoe")
    path = tmp_path / "sub" / "empty.jsonl"
    ReplayWriter.create(path, game, {"x": "human", "o": "ai:3"}, started="2026-01-02T03:04:05Z")
    replay = read_replay(path)
    assert replay.moves == () and replay.result is None
    assert replay.header.started == "2026-01-02T03:04:05Z"
    assert replay.specs == ("human", "ai:3")
    assert verify(path).final == game.initial_state()
    with pytest.raises(FileExistsError, match="exists already"):
        ReplayWriter.create(path, game, {"x": "human", "o": "ai:3"})
    with pytest.raises(ValueError, match="seats"):
        ReplayWriter.create(tmp_path / "bad.jsonl", game, {"x": "human"})


def test_from_match_and_resume_from_state(tmp_path: Path) -> None:
    game = pybridge.load_game("tictactoe")
    start = game.initial_state().move("5").move("1")
    players = {s: make_player("ai:1") for s in game.players}
    match = Match(game, players, state=start)
    match.step()
    match.step()
    path = tmp_path / "saved.jsonl"
    match.recorder = ReplayWriter.from_match(path, match)
    match.run()
    assert records(path)[0]["state"] == str(start)
    rebuilt = verify(path)
    assert rebuilt.positions[0].state == start
    assert rebuilt.final == match.state and rebuilt.replay.result == match.result


def test_append_and_players_record(tmp_path: Path) -> None:
    game = pybridge.load_game("tictactoe")
    path = tmp_path / "g.jsonl"
    players = {s: make_player("ai:1") for s in game.players}
    first = ReplayWriter.create(path, game, {"x": "ai:1", "o": "ai:1"})
    match = Match(game, players, recorder=first)
    match.step()
    match.step()
    with pytest.raises(ReplayBusyError, match="being written by another writer"):
        ReplayWriter.append(path)
    first.close()
    with pytest.raises(ValueError, match="was closed"):
        first.undo()
    replay = read_replay(path)
    again = Match(game, {s: make_player("ai:2") for s in game.players}, history=replay.plies)
    writer = ReplayWriter.append(path)
    writer.players({"x": "ai:2", "o": "ai:2"})
    again.recorder = writer
    again.run()
    replay = verify(path).replay
    assert replay.players == {"x": "ai:2", "o": "ai:2"}
    assert replay.header.players == {"x": "ai:1", "o": "ai:1"}
    assert replay.plies == again.history and replay.result == again.result
    writer.close()


def test_recorders_fan_out(tmp_path: Path) -> None:
    game = pybridge.load_game("tictactoe")
    # one start time: two headers written a second apart differ only there
    started = "2026-01-01T00:00:00Z"
    a = ReplayWriter.create(tmp_path / "a.jsonl", game, {"x": "ai:1", "o": "ai:1"}, started=started)
    b = ReplayWriter.create(tmp_path / "b.jsonl", game, {"x": "ai:1", "o": "ai:1"}, started=started)
    match = Match(game, {s: make_player("ai:1") for s in game.players}, recorder=Recorders(a, b))
    match.step()
    match.undo()
    match.run()
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert verify(tmp_path / "b.jsonl").replay.plies == match.history


# -- torn lines ------------------------------------------------------------------


def _finished_log(tmp_path: Path, seed: int = 7) -> tuple[Path, Match]:
    game = pybridge.load_game("tictactoe")
    path = tmp_path / "full.jsonl"
    return path, play_logged(game, path, seed, undo_rate=0)


def test_torn_final_line_at_every_cut(tmp_path: Path) -> None:
    """Cut the log at every byte of its last two records and at every line
    end: it reads back to its last complete record, with a warning exactly
    when a partial line is left."""
    path, match = _finished_log(tmp_path)
    data = path.read_bytes()
    ends = [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    cuts = set(range(ends[-3], len(data) + 1))
    cuts |= {e + d for e in ends for d in (-1, 0, 1) if ends[0] <= e + d <= len(data)}
    cut_path = tmp_path / "cut.jsonl"
    for cut in sorted(cuts):
        cut_path.write_bytes(data[:cut])
        complete = data[:cut].count(b"\n")
        whole_last = cut < len(data) and data[cut] == ord("\n")  # only the newline is missing
        kept = complete + whole_last
        replay = read_replay(cut_path)
        assert replay.lines == kept, cut
        assert replay.torn == (cut not in ends and not whole_last), cut
        assert len(replay.warnings) == replay.torn, cut
        if replay.torn:
            says(replay.warnings[0], f":{complete + 1}:", "torn final line")
        moves = sum(1 for line in data[:cut].split(b"\n")[1:kept] if b'"move"' in line)
        assert len(replay.moves) == moves, cut
        assert replay.plies == match.history[:moves]


def test_append_cuts_torn_line_and_finishes(tmp_path: Path) -> None:
    path, match = _finished_log(tmp_path)
    data = path.read_bytes()
    ends = [i + 1 for i, b in enumerate(data) if b == ord("\n")]
    for cut in (ends[2] + 5, ends[3] - 1, ends[3]):
        path.write_bytes(data[:cut])
        replay = read_replay(path)
        game = replay.game
        again = Match(game, {s: make_player("ai:1") for s in game.players}, history=replay.plies)
        with ReplayWriter.append(path) as writer:
            again.recorder = writer
            again.run()
        rebuilt = verify(path)
        assert rebuilt.replay.warnings == ()
        assert rebuilt.replay.result == again.result and rebuilt.final == again.state
        assert path.read_bytes().startswith(data[:ends[2]])


def test_empty_and_header_only_torn(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    path.write_bytes(b"")
    with pytest.raises(ReplayFormatError, match="no header: the file is empty") as info:
        read_replay(path)
    assert info.value.line == 1
    path.write_bytes(b'{"type":"header","format":"prolog-ar')
    with pytest.raises(ReplayFormatError, match="its only line is torn"):
        read_replay(path)


# -- what the reader refuses -------------------------------------------------------


HEADER = {"type": "header", "format": FORMAT, "version": 1, "game": "tictactoe",
          "options": {}, "players": {"x": "ai:1", "o": "human"}, "started": "2026-01-01T00:00:00Z"}


def _move(ply: int, player: str, move: str) -> dict:
    return {"type": "move", "ply": ply, "player": player, "move": move, "ms": 0}


GOOD = [HEADER, _move(1, "x", "5"), _move(2, "o", "1"), _move(3, "x", "9")]


def _write(path: Path, recs: list) -> Path:
    lines = [r if isinstance(r, str) else json.dumps(r) for r in recs]
    path.write_text("".join(line + "\n" for line in lines))
    return path


def _with(record: dict, **changes: object) -> dict:
    new = {**record, **changes}
    return {k: v for k, v in new.items() if v is not None}


FORMAT_ERRORS = {
    "bad JSON": ([HEADER, '{"type":"move",', *GOOD[2:]], 2, "bad JSON"),
    "not an object": ([HEADER, "[1, 2]"], 2, "not an array"),
    "unknown type": ([HEADER, {"type": "castle"}], 2, "unknown record type 'castle'"),
    "no type": ([HEADER, {"ply": 1}], 2, "no field 'type'"),
    "missing move": ([HEADER, _with(GOOD[1], move=None)], 2, "no field 'move'"),
    "missing ms": ([HEADER, _with(GOOD[1], ms=None)], 2, "no field 'ms'"),
    "mistyped ply": ([HEADER, _with(GOOD[1], ply="1")], 2, "'ply' of a move record must be a whole number"),
    "unknown seat": ([HEADER, _with(GOOD[1], player="z")], 2, "player 'z' is not a seat"),
    "bad verdict": ([HEADER, _with(GOOD[1], verdict="cheated")], 2, "unknown verdict 'cheated'"),
    "another game": ([_with(HEADER, game="chess")], 1, "unknown game 'chess'"),
    "second header": ([*GOOD, HEADER], 5, "a second header"),
    "newer version": ([_with(HEADER, version=2), *GOOD[1:]], 1, "format version 2 is newer"),
    "other format": ([_with(HEADER, format="pgn")], 1, "not a replay log"),
    "no header": (GOOD[1:], 1, "before the header"),
    "bad seats": ([_with(HEADER, players={"x": "ai:1"})], 1, "must name the seats"),
    "bad spec": ([_with(HEADER, players={"x": "ai:0", "o": "human"})], 1, "seat x: bad player spec 'ai:0'"),
    "bad option": ([_with(HEADER, options={"size": 4})], 1, "unknown option 'size'"),
    "blank line": ([HEADER, "   ", *GOOD[1:]], 2, "empty line"),
    "move after result": (
        [*GOOD[:3], {"type": "result", "winner": "x", "reason": "r"}, GOOD[3]], 5,
        "a move record after the result (line 4)"),
    "undo of nothing": ([HEADER, {"type": "undo"}], 2, "no move to take back"),
    "undo of another ply": ([*GOOD, {"type": "undo", "ply": 2}], 5, "an undo of ply 2"),
    "bad winner": ([*GOOD, {"type": "result", "winner": "y", "reason": "r"}], 5, "winner 'y'"),
    "forfeit draw": (
        [*GOOD, {"type": "result", "winner": "draw", "reason": "r", "forfeit": "illegal"}], 5,
        "a forfeit has a winner"),
    "truncated header": (['{"type":"header","format":"prolog-arena-replay","ver', *GOOD[1:]], 1, "bad JSON"),
}


@pytest.mark.parametrize("case", FORMAT_ERRORS, ids=list(FORMAT_ERRORS))
def test_format_errors_name_the_line(case: str, tmp_path: Path) -> None:
    recs, line, message = FORMAT_ERRORS[case]
    path = _write(tmp_path / "bad.jsonl", recs)
    with pytest.raises(ReplayFormatError) as info:
        read_replay(path)
    assert info.value.line == line, str(info.value)
    assert message in str(info.value)
    assert str(info.value).startswith(f"{path}:{line}: ")


MISMATCHES = {
    "illegal move": ([*GOOD[:3], _move(3, "x", "1")], 4, "illegal move '1' by x (ply 3)"),
    "swapped player": ([*GOOD[:2], _move(2, "x", "1")], 3, "recorded for x, but o is to move"),
    "deleted middle line": ([GOOD[0], GOOD[1], GOOD[3]], 3, "numbered ply 3, but ply 2 is due"),
    "result not over": (
        [*GOOD, {"type": "result", "winner": "x", "reason": "three in a row"}], 5,
        "not over by the rules"),
    "forfeit by the wrong seat": (
        [*GOOD, {"type": "result", "winner": "o", "reason": "x forfeits", "forfeit": "illegal"}], 5,
        "x forfeits by illegal, but o was to move"),
}


def _won_by_x() -> list:
    moves = ["1", "4", "2", "5", "3"]
    return [HEADER] + [_move(i + 1, "xo"[i % 2], m) for i, m in enumerate(moves)]


MISMATCHES["wrong winner"] = (
    [*_won_by_x(), {"type": "result", "winner": "o", "reason": "three in a row"}], 7,
    "the rules say x wins (three in a row)")
MISMATCHES["wrong reason"] = (
    [*_won_by_x(), {"type": "result", "winner": "x", "reason": "luck"}], 7, "x wins (luck)")
MISMATCHES["move after the end"] = ([*_won_by_x(), _move(6, "o", "9")], 7, "after the game ended")
MISMATCHES["forfeit after the end"] = (
    [*_won_by_x(), {"type": "result", "winner": "x", "reason": "o forfeits", "forfeit": "timeout"}], 7,
    "but the game had ended by the rules")


MISMATCHES["illegal forfeit of a valid move"] = (
    [*_won_by_x()[:3], {"type": "result", "winner": "o", "reason": "x forfeits: illegal",
                        "forfeit": "illegal", "detail": "9"}], 4,
    "x forfeits by an illegal move, but what it answered, 9, is a valid move there")


@pytest.mark.parametrize("case", MISMATCHES, ids=list(MISMATCHES))
def test_mismatches_name_the_line(case: str, tmp_path: Path) -> None:
    recs, line, message = MISMATCHES[case]
    path = _write(tmp_path / "bad.jsonl", recs)
    read_replay(path)  # readable
    with pytest.raises(ReplayMismatch) as info:
        verify(path)
    assert info.value.line == line, str(info.value)
    assert message in str(info.value)


def test_accepted_results(tmp_path: Path) -> None:
    won = [*_won_by_x(), {"type": "result", "winner": "x", "reason": "three in a row"}]
    assert verify(_write(tmp_path / "a.jsonl", won)).finished
    forfeit = [*GOOD, {"type": "result", "winner": "x", "reason": "o forfeits: timeout",
                       "forfeit": "timeout", "detail": "slow"}]
    assert verify(_write(tmp_path / "b.jsonl", forfeit)).replay.result == Result(
        "x", "o forfeits: timeout", "timeout", "slow")
    refused = [HEADER, {"type": "result", "winner": "x", "reason": "o refused", "forfeit": "refused"}]
    assert verify(_write(tmp_path / "c.jsonl", refused)).finished
    reopened = [*won, {"type": "undo", "ply": 5}, _move(5, "x", "9")]
    rebuilt = verify(_write(tmp_path / "d.jsonl", reopened))
    assert rebuilt.replay.result is None and rebuilt.replay.undos == 1
    assert [p.move for p in rebuilt.replay.plies] == ["1", "4", "2", "5", "9"]
    unwritten = verify(_write(tmp_path / "e.jsonl", _won_by_x()))
    assert not unwritten.finished and unwritten.result == Result("x", "three in a row")


def test_move_record_fields(tmp_path: Path) -> None:
    game = pybridge.load_game("tictactoe")
    path = tmp_path / "f.jsonl"
    writer = ReplayWriter.create(path, game, {"x": "random", "o": "random"})
    writer.move(Ply(1, "x", "5", 12))
    writer.move(Ply(2, "o", "1", 7, "illegal", "cell 5 is taken", "5"))
    writer.undo()
    writer.result(Result("x", "o forfeits: crashed", "crashed", "boom"))
    recs = records(path)
    assert recs[1] == {"type": "move", "ply": 1, "player": "x", "move": "5", "ms": 12}
    assert recs[2] == {"type": "move", "ply": 2, "player": "o", "move": "1", "ms": 7,
                       "verdict": "illegal", "detail": "cell 5 is taken", "raw": "5"}
    assert recs[3] == {"type": "undo", "ply": 2}
    assert recs[4] == {"type": "result", "winner": "x", "reason": "o forfeits: crashed",
                       "forfeit": "crashed", "detail": "boom"}
    with pytest.raises(ValueError, match="after the result"):
        writer.move(Ply(2, "o", "1", 0))
    with pytest.raises(ValueError, match="a second result"):
        writer.result(Result("draw", "agreed"))
    replay = rebuild(read_replay(path)).replay
    assert replay.plies == [Ply(1, "x", "5", 12)]
    assert replay.result == Result("x", "o forfeits: crashed", "crashed", "boom")
    writer.undo()
    with pytest.raises(ValueError, match="no move to undo"):
        writer.undo()
    writer.close()
    assert verify(path).replay.moves == () and len(records(path)) == 6


def test_rng_player_is_seeded() -> None:
    game = pybridge.load_game("tictactoe")
    a = RngPlayer(random.Random(5)).choose(game.initial_state(), None, seconds=1)
    b = RngPlayer(random.Random(5)).choose(game.initial_state(), None, seconds=1)
    assert a == b
