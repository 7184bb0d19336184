"""Run every benchmark module ``benchmarks/bench_*.py`` (its ``main()``),
or only those named: ``python -m benchmarks speed connect4_strength``.
``python -m benchmarks mutate GAME`` runs the mutation testing of a
game's rules instead (benchmarks/mutate.py; never part of the default run)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
    if argv[:1] == ["mutate"]:
        from benchmarks import mutate

        return mutate.main(argv[1:])
    names = sorted(
        m.name[len("bench_"):]
        for m in pkgutil.iter_modules(benchmarks.__path__)
        if m.name.startswith("bench_")
    )
    wanted = argv or names
    unknown = [n for n in wanted if n not in names]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)} (have: {', '.join(names)})")
        return 2
    for name in wanted:
        print(f"\n=== {name} ===", flush=True)
        start = time.monotonic()
        importlib.import_module(f"benchmarks.bench_{name}").main()
        print(f"({name}: {time.monotonic() - start:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
