#!/usr/bin/env python3
"""Side-by-side table from touchstone_bench JSON (--benchmark_format=json, or --benchmark_out):
for each query and size (<algo>/<query>/vN), every algorithm's time and its ratio to the fastest.
With --benchmark_repetitions the median aggregate is used, else the single run.

    build/harness/touchstone_bench --benchmark_filter='/(distance|penetration)/' \\
        --benchmark_repetitions=5 --benchmark_format=json > bench.json
    python3 harness/scripts/bench-ratios.py bench.json [--ours gjk] [--real]

Times are CPU time by default (the benchmark thread's own time: on a machine shared with other
jobs wall time also counts the waits); --real uses wall time. "ours/this" is our time over this
algorithm's (below 1: ours is faster); "this/ours" its inverse, the speed-up over this peer.
"""
import json
import sys
from collections import defaultdict


def main():
    args = sys.argv[1:]
    ours = "gjk"
    clock = "cpu_time"
    if "--real" in args:
        clock = "real_time"
        args.remove("--real")
    if "--ours" in args:
        i = args.index("--ours")
        ours = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    data = json.load(open(args[0]))
    times = {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        parts = name.split("/")
        if len(parts) != 3 or parts[1] not in ("distance", "penetration"):
            continue
        aggregate = b.get("aggregate_name")
        if aggregate not in (None, "median"):
            continue
        if aggregate is None and name in times:
            continue  # repetitions without aggregates: keep the first
        scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        times[name] = b[clock] * scale
    groups = defaultdict(dict)
    for name, t in times.items():
        algo, query, size = name.split("/")
        groups[(query, int(size[1:]))][algo] = t
    print(f"{'query':<12}{'size':>6}  {'algorithm':<17}{'time (ns)':>12}{'x fastest':>11}"
          f"{'ours/this':>11}{'this/ours':>11}   ({clock})")
    for (query, size) in sorted(groups):
        row = groups[(query, size)]
        fastest = min(row.values())
        for algo, t in sorted(row.items(), key=lambda kv: kv[1]):
            ratio = f"{row[ours] / t:.2f}" if ours in row else "-"
            speedup = f"{t / row[ours]:.2f}" if ours in row else "-"
            print(f"{query:<12}{size:>6}  {algo:<17}{t:>12.0f}{t / fastest:>11.2f}{ratio:>11}"
                  f"{speedup:>11}")
        print()


if __name__ == "__main__":
    main()
