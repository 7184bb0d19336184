"""Run every benchmark module ``benchmarks/bench_*.py`` (its ``main()``),
or only those named: ``python -m benchmarks speed connect4_strength``."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(argv: list[str]) -> int:
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
