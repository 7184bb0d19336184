"""The jail alone must hold: bots in tests/hostile/jail are loaded with the
Prolog-level check switched off (tests/support/unchecked.py, which
nothing but these tests uses), as if they had beaten it, and
then fork, spin detached, fill what they can write, read what they can
find and hoard memory. Processes must stay bounded and be gone after
every move, nothing outside the bot's and the game's files must be
readable, memory must stay bounded, and an honest bot's games must go as
without the attacker. The referee's own clock is tested on a checked bot."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

import pybridge
from pybridge.host.bot_limits import MoveReply
from pybridge.bots import player as bots
from pybridge.models import gamefile
from pybridge.models import sources as gamesources
from pybridge.jail import cgroups
from pybridge.jail import processes as jail
from pybridge.jail import sandbox
from pybridge.bots.player import BotPlayer, BotProcess, Limits, keeping_bots_loaded, WARM
from pybridge.play.match import Match
from pybridge.play.players import PlayerSpec
from pybridge.bots.seating import make_player

from tests.support.processes import alive, needs_bwrap, settle
from tests.support.paths import TESTS
from tests.support.says import says
from tests.support.unchecked import UncheckedBotProcess

HERE = TESTS
JAIL = HERE / "hostile" / "jail"
EXAMPLES = HERE.parent / "prolog" / "bots" / "examples"
LIMITS = Limits(stack_mb=128, grace=1.0, processes=24)

pytestmark = needs_bwrap


def unchecked(name: str, **kwargs: Any) -> BotProcess:
    return UncheckedBotProcess(JAIL / name, "tictactoe", "first",
                               limits=kwargs.pop("limits", LIMITS), isolation="bwrap", **kwargs)


def printed(proc: BotProcess, reply: MoveReply) -> str:
    """What the bot printed, once all its reply says it printed is in."""
    deadline = time.monotonic() + 10
    while proc.stderr.total < reply.out and time.monotonic() < deadline:
        time.sleep(0.01)
    return proc.stderr.text()


def the_rest(proc: BotProcess) -> set[int]:
    """The jail's processes but its host (and bubblewrap's two)."""
    return proc.jail.procs() - proc.jail.keep


def test_the_test_switch_is_no_option_of_the_arena() -> None:
    """Only a test's subclass of BotProcess turns the check off: no code of
    the arena, player spec, limit or command-line option asks for it, and
    a host started without it has no such argument (a bot cannot give its
    own host arguments)."""
    root = HERE.parent
    passing = [p for top in ("pybridge", "shell") for p in (root / top).rglob("*.py")
               if "--unchecked" in p.read_text()]
    assert passing == []
    with BotProcess(JAIL / "forks.pl", "tictactoe", "first", limits=LIMITS,
                    isolation="bwrap") as proc:
        hello = proc.load()
        argv = list(proc._proc.args)
    assert not hello.ready and "library(unix)" in hello.detail, hello
    assert "--in-fd" in argv and "--unchecked" not in argv


def test_forked_and_detached_processes_are_bounded_and_killed_after_each_move(
        ttt: pybridge.Game) -> None:
    state = ttt.initial_state()
    with unchecked("forks.pl") as proc:
        assert proc.load().ready
        host = proc.jail.keep
        assert len(host) == 3, host  # bubblewrap, its init, the host
        for _ in range(3):
            reply = proc.move(str(state), None, 5.0)
            # its own spinners may make it late on a busy machine
            assert reply.verdict in ("ok", "timeout"), reply
            assert the_rest(proc) == set(), "a process of the bot outlived its move"
            assert proc.jail.keep == host
        made = [int(n) for n in re.findall(r"forked (\d+)", printed(proc, reply))]
        assert made and max(made) > 0 and all(n < LIMITS.processes for n in made), made
        groups = list(proc.jail.groups.values())
    assert all(not g.exists() for g in groups), "the jail's control groups are left"
    # a pid namespace's init may still be reaping its last processes
    assert settle(lambda: not any(alive(p) for p in host)), [p for p in host if alive(p)]


def test_without_cgroups_rlimit_nproc_bounds_the_jail_and_the_sweep_finds_it(
        ttt: pybridge.Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine without cgroups: RLIMIT_NPROC bounds the jail's
    processes (under a user id of the jail's own when the arena is root,
    which the limit would exempt), and the forked and detached processes
    are still all killed after the move (found by their pid namespace)."""
    monkeypatch.setattr(cgroups, "controllers", lambda: {})
    killed: list[int] = []
    sweep = jail.Jail.sweep
    monkeypatch.setattr(jail.Jail, "sweep", lambda self: killed.append(sweep(self)) or killed[-1])
    with unchecked("forks.pl") as proc:
        assert proc.load().ready
        assert proc.jail.groups == {} and proc.jail.nproc == LIMITS.processes
        owners = {Path(f"/proc/{p}/status").read_text().split("Uid:")[1].split()[0]
                  for p in proc.jail.procs()}
        assert owners == {str(proc.jail.uid if os.geteuid() == 0 else os.getuid())}
        reply = proc.move(str(ttt.initial_state()), None, 5.0)
        assert reply.verdict in ("ok", "timeout"), reply  # late only by its own doing
        assert the_rest(proc) == set() and sum(killed) > 0, killed
        made = [int(n) for n in re.findall(r"forked (\d+)", printed(proc, reply))]
        assert made and 0 < made[0] < LIMITS.processes, made
        init = min(proc.jail.keep - {proc.jail.root, proc.jail.host})
        namespace = _pid_namespace(Path(f"/proc/{init}"))
        alike = [p for p in Path("/proc").iterdir() if p.name.isdigit() and alive(int(p.name))
                 and _pid_namespace(p) == namespace]
        assert sorted(int(p.name) for p in alike) == sorted({init, proc.jail.host})


def _pid_namespace(proc: Path) -> str | None:
    try:
        return os.readlink(proc / "ns" / "pid")
    except OSError:
        return None


def test_a_kept_bot_forks_clean_games(ttt: pybridge.Game) -> None:
    """A kept host forks each game: what one game started is gone before
    the next one forks, and between moves only the host and its game
    are alive."""
    state = ttt.initial_state()
    with unchecked("forks.pl") as proc:
        assert proc.load(keep=True).ready
        host = set(proc.jail.keep)
        for seed in (1, 2):
            assert proc.begin_game(seed)
            game = proc.jail.keep - host
            assert len(game) == 1, proc.jail.keep
            reply = proc.move(str(state), None, 5.0)
            assert reply.verdict in ("ok", "timeout"), reply  # late only by its own doing
            assert the_rest(proc) == set()
            assert proc.end_game()
            assert proc.jail.procs() == host, "the game's processes survived it"


def cpu_ticks(pid: int) -> int:
    """User and system clock ticks of every thread of ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def state_of(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def test_threads_of_the_host_do_not_run_while_it_is_not_its_move(ttt: pybridge.Game) -> None:
    state = ttt.initial_state()
    with unchecked("threads.pl") as proc:
        assert proc.load().ready
        host = proc.jail.host
        for _ in range(2):
            reply = proc.move(str(state), None, 5.0)
            assert reply.verdict == "ok", reply
            assert len(os.listdir(f"/proc/{host}/task")) > 4  # its threads live on ...
            assert settle(lambda: state_of(host) == "T"), state_of(host)
            before = cpu_ticks(host)
            time.sleep(0.5)
            # four spinning threads would take 50 to 200 ticks; the clock's
            # accounting may still move by a tick
            assert cpu_ticks(host) - before <= 2  # ... stopped


def test_nothing_is_writable(ttt: pybridge.Game) -> None:
    with unchecked("fills.pl") as proc:
        assert proc.load().ready
        reply = proc.move(str(ttt.initial_state()), None, 5.0)
        assert reply.verdict == "ok", reply
        said = dict(re.findall(r"^(\S+): (\d+ links, \d+ files)$", printed(proc, reply), re.M))
    assert said == {d: "0 links, 0 files" for d in ("/tmp", "/dev/shm", "/dev", "/arena", "/")}


RULES = """
players([a, b]).
initial_state(_, s(0, a)).
current_player(s(_, P), P).
valid_moves(s(N, _), Moves) :- ( N >= 5 -> Moves = [] ; Moves = [1, 2] ).
move(s(N, P), M, s(N1, Q)) :- N < 5, memberchk(M, [1, 2]), N1 is N + M, other(P, Q).
game_over(s(N, P), W) :- N >= 5, other(P, W).
other(a, b).
other(b, a).
"""


def test_only_the_bot_and_the_game_files_it_loads_are_readable(tmp_path: Path,
                                                              ttt: pybridge.Game) -> None:
    """The instructor keeps the game beside the submissions and a secret:
    the jail shows the game file and what it includes, nothing else."""
    course = tmp_path / "course"
    (course / "lib").mkdir(parents=True)
    (course / "other").mkdir()
    (course / "secret.txt").write_text("grades\n")
    (course / "other" / "bot.pl").write_text("% another entrant\n")
    (course / "lib" / "unused.pl").write_text("% not loaded\n")
    (course / "lib" / "rules.pl").write_text(RULES)
    game = course / "game.pl"
    game.write_text(":- include('lib/rules').\n")
    ref = gamefile.resolve(game)
    assert set(gamesources.files(game)) == {"game.pl", "lib/rules.pl"}
    with UncheckedBotProcess(JAIL / "reads.pl", "tictactoe", "first", limits=LIMITS,
                             isolation="bwrap", game_file=ref) as proc:
        hello = proc.load()
        assert hello.ready, hello
        file_game = pybridge.load_game(str(game))
        reply = proc.move(str(file_game.initial_state()), None, 5.0)
        assert reply.verdict == "ok", reply
        out = printed(proc, reply)
    reads = dict(re.findall(r"^read (\S+): (.*)$", out, re.M))
    assert len(reads) == 8 and set(reads.values()) == {"no"}, reads
    lists = dict(re.findall(r"^list (\S+): (.*)$", out, re.M))
    assert lists["/arena/game"] == "['game.pl',lib]", lists
    assert lists["/arena/game/lib"] == "['rules.pl']", lists
    assert lists["/arena/bot"] == "['reads.pl']", lists
    assert lists["/tmp"] == "[]", lists
    for gone in ("/work", "/root", "/home"):
        assert lists[gone] == "no", (gone, lists[gone])
    assert lists["/etc"] == "['ld.so.cache']", lists  # what the dynamic loader reads
    listed = " ".join(lists.values())
    assert not {"secret.txt", "other", "unused.pl", "course"} & set(re.findall(r"[\w.]+", listed))
    assert str(tmp_path) not in listed, lists


def memory_record(group: Path) -> tuple[int, int, int]:
    """(limit, peak use, processes killed for memory) of a memory cgroup."""
    if (group / "memory.max").exists():  # v2
        events = (group / "memory.events").read_text()
        peak = group / "memory.peak"
        return (int((group / "memory.max").read_text()),
                int(peak.read_text()) if peak.exists() else 0,
                int(re.search(r"^oom_kill (\d+)", events, re.M).group(1)))
    events = (group / "memory.oom_control").read_text()
    return (int((group / "memory.limit_in_bytes").read_text()),
            int((group / "memory.max_usage_in_bytes").read_text()),
            int(re.search(r"^oom_kill (\d+)", events, re.M).group(1)))


@pytest.mark.skipif("memory" not in cgroups.controllers(),
                    reason="no memory cgroup this process can use here")
def test_memory_of_all_the_jails_processes_is_bounded(ttt: pybridge.Game) -> None:
    limits = Limits(stack_mb=256, memory_mb=200, grace=1.0, processes=24)
    with unchecked("hoards.pl", limits=limits) as proc:
        assert proc.load().ready
        group = proc.jail.groups["memory"]
        limit, _, _ = memory_record(group)
        assert limit == (200 + 32) * 2**20
        reply = proc.move(str(ttt.initial_state()), None, 10.0)
        _, peak, kills = memory_record(group)
        # the children asked for 400 MB: the kernel killed some of them
        assert peak <= limit and kills > 0, (peak, kills)
        assert the_rest(proc) == set()
    assert reply.verdict in ("ok", "crashed"), reply


def test_a_reply_after_the_move_time_and_its_grace_is_a_timeout(ttt: pybridge.Game) -> None:
    """The bot catches the time limit's exception each time it rings and
    answers 1.5 s late with a legal move: the referee's clock says
    timeout."""
    bot = BotPlayer(PlayerSpec.parse(str(JAIL / "late.pl")), move_time=1.0,
                    limits=Limits(grace=3.0), isolation="bwrap")
    with Match(ttt, {"x": bot, "o": make_player("random")}, move_time=1.0) as match:
        out = match.run()
    assert out.forfeit == "timeout" and out.winner == "o", out
    says(out.reason, "no move", "1 s", "replied after")


def test_a_time_limit_caught_once_rings_again(ttt: pybridge.Game) -> None:
    """The bot catches the time limit's exception once and thinks on: the
    limit is thrown again, and no late move comes."""
    bot = BotPlayer(PlayerSpec.parse(str(JAIL / "late_once.pl")), move_time=1.0,
                    limits=Limits(grace=3.0), isolation="bwrap")
    with Match(ttt, {"x": bot, "o": make_player("random")}, move_time=1.0) as match:
        out = match.run()
    assert out.forfeit == "timeout" and out.winner == "o", out
    assert "replied after" not in out.reason, out.reason


def test_honest_bots_play_as_without_the_attacker(ttt: pybridge.Game,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A gauntlet of kept bots: attackers that fork and spin, or spin in
    threads of their host, play the honest bot, and the honest bot plays
    another; the honest bot never loses on time and its games against
    the other go as they go without the attackers."""
    real = bots.BotProcess

    def process(path: Any, *args: Any, **kwargs: Any) -> BotProcess:
        make = UncheckedBotProcess if Path(path).parent == JAIL else real
        return make(path, *args, **kwargs)

    monkeypatch.setattr(bots, "BotProcess", process)

    def player(path: Path) -> BotPlayer:
        return BotPlayer(PlayerSpec.parse(str(path)), move_time=1.5, seed=7,
                         limits=LIMITS, isolation="bwrap")

    def honest_games() -> list[tuple[str | None, str | None, int]]:
        results = []
        for _ in range(2):
            with Match(ttt, {"x": player(EXAMPLES / "greedy.pl"),
                             "o": player(EXAMPLES / "minimax.pl")}, move_time=1.5) as m:
                out = m.run()
            results.append((out.winner, out.forfeit, len(m.history)))
        return results

    with keeping_bots_loaded():
        alone = honest_games()
        for attacker in ("forks.pl", "threads.pl"):
            with Match(ttt, {"x": player(JAIL / attacker),
                             "o": player(EXAMPLES / "minimax.pl")}, move_time=1.5) as m:
                out = m.run()
            assert out.forfeit != "timeout" or out.winner == "o", out
            assert all(p.verdict == "ok" for p in m.history if p.player == "o"), m.history
        beside = honest_games()
    WARM.close()
    assert beside == alone
    assert all(forfeit is None for _, forfeit, _ in alone), alone


def test_the_isolation_line_says_how_processes_are_bounded() -> None:
    line = sandbox.describe("bwrap")
    assert "nothing writable" in line
    assert cgroups.describe() in line
    if "pids" in cgroups.controllers():
        assert "pids cgroup" in line
