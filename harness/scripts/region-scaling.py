#!/usr/bin/env python3
"""Contact-region query time against face count, from touchstone_bench JSON
(harness/bench/bench_regions.cpp: benchmarks <algorithm>/<convex|nonconvex>/f<N>).

For each pair kind: one row per algorithm and size with the time per query, the faces per solid,
the ratio to regions-allpairs measured at the same size in the same run (allpairs time / this
time: above 1 is faster than the baseline), and per algorithm the growth exponent k of
time ~ faces^k fitted by least squares on log-log over the sizes it answered. Skipped benchmarks
(an algorithm's cap or unsupported input) are listed with their reason, never timed.
With --benchmark_repetitions the median aggregate is used, else the single run.

    build/harness/touchstone_bench --benchmark_filter='/(convex|nonconvex)/f' \\
        --benchmark_format=json > regions.json
    python3 harness/scripts/region-scaling.py regions.json [--baseline regions-allpairs] [--cpu]
        [--json]
"""
import argparse
import json
import math
import re
import sys
from collections import defaultdict

NAME = re.compile(r"^(?P<algo>[^/]+)/(?P<kind>convex|nonconvex)/f(?P<size>\d+)$")
SCALE = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def read(path, clock="real_time"):
    """{(kind, algo): {size: {"ns":…, "faces":…} or {"skipped": reason}}}"""
    data = json.load(open(path))
    rows = defaultdict(dict)
    for b in data.get("benchmarks", []):
        name = b.get("run_name", b["name"])
        m = NAME.match(name)
        if not m:
            continue
        aggregate = b.get("aggregate_name")
        if aggregate not in (None, "median"):
            continue
        key = (m["kind"], m["algo"])
        size = int(m["size"])
        if aggregate is None and size in rows[key]:
            continue  # repetitions without aggregates: keep the first
        if b.get("error_occurred"):
            rows[key][size] = {"skipped": b.get("error_message", "skipped")}
            continue
        rows[key][size] = {
            "ns": b[clock] * SCALE[b.get("time_unit", "ns")],
            "faces": int(b.get("faces", size)),
            "regions": int(b.get("regions", 0)),
            "prepare_ms": b.get("prepare_ms"),
        }
    return rows


def fit_exponent(points):
    """Least-squares slope of log(time) on log(faces); None with fewer than two sizes."""
    if len(points) < 2:
        return None
    xs = [math.log(f) for f, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    if sxx == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def summarize(rows, baseline):
    out = []
    for (kind, algo) in sorted(rows):
        sizes = rows[(kind, algo)]
        base = rows.get((kind, baseline), {})
        entries = []
        for size in sorted(sizes):
            e = dict(sizes[size], size=size)
            b = base.get(size, {})
            if "ns" in e and "ns" in b:
                e["speedup_vs_baseline"] = b["ns"] / e["ns"]
            entries.append(e)
        timed = [(e["faces"], e["ns"]) for e in entries if "ns" in e]
        out.append({"kind": kind, "algorithm": algo, "sizes": entries,
                    "exponent": fit_exponent(timed)})
    return out


def print_table(summary, baseline):
    print(f"time per query against faces per solid; x {baseline} = its time / this time "
          "(same run); k: fitted exponent of time ~ faces^k")
    kind = None
    for s in summary:
        if s["kind"] != kind:
            kind = s["kind"]
            print(f"\n{kind}")
            print(f"  {'algorithm':<30}{'faces':>7}{'time (us)':>14}{'regions':>9}"
                  f"{'x ' + baseline:>22}")
        for e in s["sizes"]:
            if "skipped" in e:
                print(f"  {s['algorithm']:<30}{e['size']:>7}  {e['skipped']}")
                continue
            ratio = f"{e['speedup_vs_baseline']:.2f}" if "speedup_vs_baseline" in e else "-"
            print(f"  {s['algorithm']:<30}{e['faces']:>7}{e['ns'] / 1e3:>14.1f}{e['regions']:>9}"
                  f"{ratio:>22}")
        k = s["exponent"]
        print(f"  {s['algorithm']:<30}  k = {k:.2f}" if k is not None else
              f"  {s['algorithm']:<30}  k = - (fewer than two sizes answered)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json_file", help="touchstone_bench JSON output")
    parser.add_argument("--baseline", default="regions-allpairs",
                        help="the algorithm the ratios divide by")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--cpu", action="store_true",
                        help="use cpu_time instead of real_time (steadier on a shared machine)")
    args = parser.parse_args()
    summary = summarize(read(args.json_file, "cpu_time" if args.cpu else "real_time"),
                        args.baseline)
    if not summary:
        sys.exit(f"{args.json_file}: no <algorithm>/<convex|nonconvex>/f<N> benchmarks")
    if args.json:
        json.dump({"baseline": args.baseline, "rows": summary}, sys.stdout, indent=1)
        print()
    else:
        print_table(summary, args.baseline)


if __name__ == "__main__":
    main()
