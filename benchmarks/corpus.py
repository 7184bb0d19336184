"""Real course submissions tried as an instructor would (not part of ``make bench``).

``python -m benchmarks.corpus CORPUS --out OUT [--time S] [--only NAME]...``

CORPUS holds one submission per subfolder and ``MANIFEST.tsv`` (columns
folder, repo, commit, year, game_file, notes). The public repositories
measured so far, each at the commit tried, are listed in
``benchmarks/corpus_manifest.tsv`` (their code is never part of this
project: lay each out at its commit under CORPUS/FOLDER to run them). Each submission is copied to
``OUT/work/FOLDER`` (a proposed adapter is written there, never into CORPUS)
and tried in turn, one at a time:

1. ``arena check-game FILE`` (again with the ``--time`` it advises, where
   it says to give it more and the submission's time allows); where it
   proposes an adapter, ``arena check-game`` on that adapter, unedited;
2. ``arena play`` (the adapter if one was proposed or lies beside the file,
   else the file) ``--first random --second mcts:3 --move-time 1 --replay LOG``;
3. ``arena verify LOG``.

Every step has a wall-clock limit (``--time`` bounds the whole submission).
The table goes to ``OUT/corpus.tsv`` and ``OUT/corpus.md`` as each row
ends, with a one-line reason for each submission that did not play and any
Python traceback seen in any output."""

from __future__ import annotations

import argparse
import csv
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ARENA = str(Path(sys.executable).with_name("arena"))
COLUMNS = ("folder", "repo", "commit", "year", "check-game", "adapter", "adapter check",
           "played", "reason", "traceback", "seconds")


@dataclass
class Row:
    folder: str
    repo: str
    commit: str
    year: str
    check: str = ""
    adapter: str = ""
    adapter_check: str = ""
    played: str = "no"
    reason: str = ""
    traceback: str = ""
    seconds: float = 0.0
    logs: list[str] = field(default_factory=list)

    def cells(self) -> list[str]:
        return [self.folder, self.repo, self.commit[:10], self.year, self.check, self.adapter,
                self.adapter_check, self.played, self.reason, self.traceback,
                f"{self.seconds:.0f}"]


def run(cmd: list[str], cwd: Path, limit: float, row: Row) -> tuple[int | None, str]:
    """Runs ``cmd``; gives its exit code (None when it overran ``limit``)
    and its output, and notes a traceback in ``row``."""
    try:
        done = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, errors="replace", timeout=max(limit, 1.0))
        code: int | None = done.returncode
        out = done.stdout + done.stderr
    except subprocess.TimeoutExpired as exc:
        code = None
        out = _text(exc.stdout) + _text(exc.stderr)
    row.logs.append(f"$ {' '.join(cmd)}  (exit {code})\n{out}")
    if "Traceback (most recent call last)" in out and not row.traceback:
        last = [ln for ln in out.splitlines() if ln.strip()][-1]
        row.traceback = f"{cmd[1]}: {last.strip()[:160]}"
    return code, out


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode("utf-8", "replace")


def verdict(code: int | None, out: str) -> str:
    """check-game's verdict in a few words."""
    if code is None:
        return "overran its limit"
    m = re.search(r"^verdict:\s+(.*)$", out, re.M)
    if m:
        return "conforms" if m.group(1).startswith("conforms") else m.group(1).strip()
    return "refused: " + first_error(out)


def first_error(out: str) -> str:
    lines = out.splitlines()
    for n, line in enumerate(lines):
        if line.startswith("arena") and ":" in line:
            said = line.split(": ", 1)[-1].strip()
            if said.endswith(":") and n + 1 < len(lines):   # the reason is on the next line
                said = f"{said} {lines[n + 1].strip()}"
            return said[:240]
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    return lines[-1][:200] if lines else "no output"


def first_problem(out: str) -> str:
    m = re.search(r"^verdict:.*\n\s+(.*)$", out, re.M)
    return m.group(1).strip()[:200] if m else first_error(out)


def try_one(corpus: Path, out: Path, entry: dict[str, str], budget: float,
            play_time: float) -> Row:
    row = Row(entry["folder"], entry["repo"], entry["commit"], entry["year"])
    start = time.monotonic()
    work = out / "work" / entry["folder"]
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(corpus / entry["folder"], work, symlinks=True)
    game = entry["game_file"]

    def left() -> float:
        return budget - (time.monotonic() - start)

    check_time = min(60.0, max(left() / 4, 10.0))
    code, text = run([ARENA, "check-game", game, "--time", f"{check_time:.0f}"], work,
                     check_time + 90, row)
    advised = [int(t) for t in re.findall(r"give check-game more time \(--time (\d+)\)", text)]
    if advised and max(advised) < left() - 120:     # as its advice says, where time is left
        check_time = float(max(advised))
        code, text = run([ARENA, "check-game", game, "--time", f"{check_time:.0f}"], work,
                         check_time + 120, row)
    row.check = verdict(code, text)
    target = game
    m = re.search(r"^adapter:\s+(.*)$", text, re.M)
    if m:
        said = m.group(1)
        found = re.match(r"adapter proposed in (.*?): confirm", said)
        beside = Path(work / game).with_name(Path(game).stem + "-arena.pl")
        if found:
            row.adapter = "proposed"
        elif beside.exists():
            row.adapter = "beside the file"
        else:
            row.adapter = "none: " + said.removeprefix("no adapter proposed: ")[:160]
        if beside.exists():
            target = str(beside.relative_to(work))
            code, text = run([ARENA, "check-game", target, "--time", f"{check_time:.0f}"],
                             work, check_time + 90, row)
            row.adapter_check = verdict(code, text)
    elif code == 0:
        row.adapter = "not needed"
    if code not in (0, 1) or (row.adapter.startswith("none") and code != 0):
        row.reason = (row.adapter if row.adapter.startswith("none") else first_problem(text))
        row.seconds = time.monotonic() - start
        return row
    log = out / "logs" / f"{entry['folder']}.jsonl"
    log.unlink(missing_ok=True)
    play_limit = max(left(), play_time)
    code, text = run([ARENA, "play", target, "--first", "random", "--second", "mcts:3",
                      "--move-time", "1", "--delay", "0", "--no-color", "--replay", str(log)],
                     work, play_limit, row)
    if code is None:
        row.reason = f"the game did not end within {play_limit:.0f} s"
    elif not log.exists():
        row.reason = "no log: " + first_error(text)
    else:
        played_text = text
        code, text = run([ARENA, "verify", str(log)], work, max(180.0, left()), row)
        result = re.search(r": valid: [^,]*, (.*)$", text, re.M)
        if code == 0 and result and not result.group(1).startswith(("unfinished", "0 moves")):
            row.played = "yes: " + result.group(1).strip()[:80]
        elif code == 0:
            row.reason = ("no whole game: " + (result.group(1).strip()[:80] if result else "")
                          + "; " + first_error(played_text))
        else:
            row.reason = "verify: " + first_error(text)
    row.seconds = time.monotonic() - start
    return row


def write_tables(out: Path, rows: list[Row]) -> None:
    with open(out / "corpus.tsv", "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, delimiter="\t", lineterminator="\n")
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow(r.cells())
    played = sum(r.played.startswith("yes") for r in rows)
    lines = [f"{played} of {len(rows)} played a whole game "
             f"({100 * played / max(len(rows), 1):.0f}%); "
             f"{sum(bool(r.traceback) for r in rows)} with a traceback.", "",
             "| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for r in rows:
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in r.cells()) + " |")
    (out / "corpus.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.corpus", description=__doc__)
    p.add_argument("corpus", type=Path)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--time", type=float, default=300.0, help="seconds per submission")
    p.add_argument("--play-time", type=float, default=30.0,
                   help="seconds the game always gets, whatever the checks took (default 30)")
    p.add_argument("--only", action="append", default=[], help="a folder (repeatable)")
    args = p.parse_args(argv)
    with open(args.corpus / "MANIFEST.tsv", encoding="utf-8") as f:
        entries = list(csv.DictReader(f, delimiter="\t"))
    if args.only:
        entries = [e for e in entries if e["folder"] in args.only]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "logs").mkdir(exist_ok=True)
    rows: list[Row] = []
    for n, entry in enumerate(entries, 1):
        row = try_one(args.corpus, args.out, entry, args.time, args.play_time)
        rows.append(row)
        (args.out / "logs" / f"{entry['folder']}.txt").write_text("\n".join(row.logs),
                                                                  encoding="utf-8")
        write_tables(args.out, rows)
        print(f"[{n}/{len(entries)}] {row.folder}: {row.played} {row.reason} "
              f"({row.seconds:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
