#!/usr/bin/env python3
"""Regenerates the measured tables in Markdown pages from the reports they were measured in.

A generated table sits between two marker comments:

    <!-- table: KIND source=PATH [key=value ...] -->
    ...generated: a note saying when and on what the source was produced, then the table...
    <!-- /table -->

PATH is a report relative to the repository root (--root): a `touchstone proximity` (`run`),
`regions` or `forces` JSON report (any report with the common `summary` and `context`), a
`touchstone swept` report (its `table` and `context`), or Google Benchmark JSON, plain or
gzip-compressed. Everything between the markers is rewritten from it; nothing there is edited by
hand. KIND is one of:

  verdicts  one row per algorithm: verdict counts, median time and ratio to the fastest
            (the report's `summary`); options family=NAME (default `*`, every family),
            algorithms=a,b,... (order kept; default all, sorted), ulps=yes (proximity: the
            error-in-ulps p50/p99/max column)
  pivot     one row per family, one column per algorithm: median time in ns, with "(Nf)" when
            N answers were fail or error; options algorithms=a,b,...
  gbench    Google Benchmark JSON: one row per benchmark name without its first component
            (`gjk/distance/v20` -> `distance/v20`), one column per first component; the median
            aggregate's cpu_time when repetitions were run, else cpu_time; options
            columns=a,b,... (required), ratio=NUM/DEN (a column of NUM's time over DEN's),
            filter=REGEX (on the full name)
  swept     a `touchstone swept` report's table: one row per algorithm and group as the terminal
            prints it (queries, false negatives, false positives, TOI errors over the tolerance,
            the largest TOI error, the median time a query, errors); options algorithms=a,b,...
            (order kept; default the report's order), groups=REGEX (default all), features=yes
            (the `feat` column: answers naming features that do not meet at the exact time)

  docs-tables.py [--check] [--root DIR] PAGE.md...   rewrite (or, with --check, only compare and
                                                     exit 1 when a table is stale or a marker is
                                                     malformed)
  docs-tables.py --trim REPORT OUT                   write REPORT's context, config and summary
                                                     (or benchmarks, medians only when aggregated;
                                                     or a swept report's table):
                                                     a small source to commit under docs/data/
"""

import argparse
import gzip
import json
import re
import sys
from pathlib import Path

from tree_check import REPOSITORY, self_test_verdict

OPEN = re.compile(r"^<!-- table: (.*?) -->\s*$")
CLOSE = "<!-- /table -->"
LOOKS_LIKE_MARKER = re.compile(r"^<!--\s*/?\s*table\b")
KINDS = ("verdicts", "pivot", "gbench", "swept")


class TableError(Exception):
    pass


def load_json(path):
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise TableError(f"{path}: cannot read: {e.strerror}")
    try:
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        return json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise TableError(f"{path}: not a JSON report: {e}")


def parse_marker(text, where):
    words = text.split()
    if not words or words[0] not in KINDS:
        raise TableError(f"{where}: table kind must be one of {', '.join(KINDS)}: '{text}'")
    opts = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq or not key or not value:
            raise TableError(f"{where}: option '{w}' is not key=value")
        opts[key] = value
    if "source" not in opts:
        raise TableError(f"{where}: no source=PATH")
    return words[0], opts


def fmt_ns(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def fmt_num(x):
    return f"{x:.2g}" if x != 0 else "0"


def stamp(doc, source):
    ctx = doc.get("context", {})
    if not isinstance(ctx, dict):
        ctx = {}
    if "benchmarks" in doc and "tool" not in ctx:
        load = ctx.get("load_avg")
        load = f", load {load[0]:.1f}" if isinstance(load, list) and load else ""
        what = (f"Google Benchmark, {ctx.get('date', '?')}, host `{ctx.get('host_name', '?')}`, "
                f"{ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz{load}")
    else:
        what = (f"{ctx.get('tool', 'touchstone')} {ctx.get('tool_version', '?')} at "
                f"`{ctx.get('git_sha', '?')}`, {ctx.get('date', '?')}, host "
                f"`{ctx.get('host_name', '?')}`, {ctx.get('cpu', '?')}, "
                f"{ctx.get('num_cpus', '?')} CPUs, {ctx.get('compiler', '?')} "
                f"{ctx.get('build_type', '')}".rstrip())
        if ctx.get("compiler_flags"):
            what += f" (`{ctx['compiler_flags'].strip()}`)"
        if ctx.get("command_line"):
            args, words = [], ctx["command_line"].split()[1:]
            while words:  # where it wrote and cached is not what it measured
                w = words.pop(0)
                if w in ("--out", "--reference-cache"):
                    words[:1] = []
                elif w not in ("--quiet", "--no-progress"):
                    args.append(w)
            what += f"; `touchstone {' '.join(args)}`"
    return (f"_Generated by `harness/scripts/docs-tables.py` from `{source}` ({what})._")


def summary_rows(doc, source):
    rows = doc.get("summary")
    if "summary" not in doc and "table" in doc:
        raise TableError(f"{source}: a `touchstone swept` report has a `table`, no `summary`: use "
                         f"the `swept` table kind")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise TableError(f"{source}: no `summary` list (is it a touchstone report?)")
    for r in rows:
        for key in ("algorithm", "family"):
            if not isinstance(r.get(key), str):
                raise TableError(f"{source}: a summary row has no string `{key}`")
    return rows


def count(row, key, source):
    v = row.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool):
        raise TableError(f"{source}: summary {row['algorithm']}/{row['family']}: `{key}` "
                         f"is not an integer")
    return v


def number(row, key, source):
    v = row.get(key)
    if not isinstance(v, (int, float)) or isinstance(v, bool):
        raise TableError(f"{source}: {row.get('algorithm', row.get('name'))}: `{key}` "
                         f"is not a number")
    return float(v)


def pick_algorithms(rows, opts):
    present = sorted({r["algorithm"] for r in rows})
    if "algorithms" not in opts:
        return present
    wanted = opts["algorithms"].split(",")
    missing = [a for a in wanted if a not in present]
    if missing:
        raise TableError(f"{opts['source']}: no summary for algorithm(s) {', '.join(missing)}")
    return wanted


def table_verdicts(doc, opts):
    source = opts["source"]
    rows = summary_rows(doc, source)
    family = opts.get("family", "*")
    by_alg = {r["algorithm"]: r for r in rows if r["family"] == family}
    if not by_alg:
        raise TableError(f"{source}: no summary rows for family '{family}'")
    ulps = opts.get("ulps") == "yes"
    head = ["algorithm", "pass", "fail", "ambig", "unsup", "error"]
    head += ["ulps p50/p99/max"] if ulps else []
    head += ["median", "× best"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    # Reports without `ratio_to_fastest` (forces): the ratio to the fastest timed row of the family.
    timed = [number(r, "median_ns", source) for r in by_alg.values()
             if count(r, "unsupported", source) < count(r, "total", source)]
    fastest = min((t for t in timed if t > 0), default=None)
    for alg in pick_algorithms(list(by_alg.values()), opts):
        r = by_alg[alg]
        cells = [f"`{alg}`"] + [str(count(r, k, source)) for k in
                                 ("pass", "fail", "ambiguous", "unsupported", "error")]
        if ulps:
            e = r.get("error_ulps")
            if count(r, "unsupported", source) == count(r, "total", source):
                e = None  # nothing was measured
            elif not isinstance(e, dict):
                raise TableError(f"{source}: {alg}: no `error_ulps` (ulps=yes)")
            cells.append("/".join(fmt_num(number(e, k, source)) for k in ("p50", "p99", "max"))
                         if e else "—")
        if count(r, "unsupported", source) == count(r, "total", source):
            cells += ["—", "—"]  # nothing was timed
        else:
            median = number(r, "median_ns", source)
            ratio = (number(r, "ratio_to_fastest", source) if "ratio_to_fastest" in r else
                     median / fastest if fastest else 0.0)
            cells += [fmt_ns(median), f"{ratio:.2f}"]
        out.append("| " + " | ".join(cells) + " |")
    return out


def table_pivot(doc, opts):
    source = opts["source"]
    rows = summary_rows(doc, source)
    algs = pick_algorithms(rows, opts)
    cell = {(r["family"], r["algorithm"]): r for r in rows}
    families = sorted({r["family"] for r in rows} - {"*"}) + ["*"]
    out = ["| family | " + " | ".join(algs) + " |", "|" + "---|" * (len(algs) + 1)]
    for fam in families:
        cells = []
        for alg in algs:
            r = cell.get((fam, alg))
            if r is None:
                cells.append("")
            elif count(r, "unsupported", source) == count(r, "total", source):
                cells.append("unsupported")
            else:
                bad = count(r, "fail", source) + count(r, "error", source)
                ns = f"{number(r, 'median_ns', source):.0f}"
                cells.append(ns + (f" ({bad}f)" if bad else ""))
        out.append(f"| {'(all)' if fam == '*' else fam} | " + " | ".join(cells) + " |")
    return out


def table_gbench(doc, opts):
    source = opts["source"]
    benches = doc.get("benchmarks")
    if not isinstance(benches, list):
        raise TableError(f"{source}: no `benchmarks` list (is it Google Benchmark JSON?)")
    if "columns" not in opts:
        raise TableError(f"{source}: gbench table needs columns=a,b,...")
    cols = opts["columns"].split(",")
    try:
        name_filter = re.compile(opts.get("filter", ""))
    except re.error as e:
        raise TableError(f"{source}: filter '{opts['filter']}': {e}")
    aggregated = any(b.get("run_type") == "aggregate" for b in benches if isinstance(b, dict))
    times, order = {}, []
    for b in benches:
        if not isinstance(b, dict) or not isinstance(b.get("name"), str):
            raise TableError(f"{source}: a benchmark entry has no string `name`")
        if aggregated and b.get("aggregate_name") != "median":
            continue
        name = b.get("run_name", b["name"]) if aggregated else b["name"]
        if not name_filter.search(name):
            continue
        col, _, row = name.partition("/")
        if col not in cols:
            continue
        if (row, col) in times:
            raise TableError(f"{source}: benchmark '{name}' appears twice")
        scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}.get(b.get("time_unit", "ns"))
        if scale is None:
            raise TableError(f"{source}: {name}: unknown time_unit '{b.get('time_unit')}'")
        times[(row, col)] = number(b, "cpu_time", source) * scale
        if row not in order:
            order.append(row)
    if not times:
        raise TableError(f"{source}: no benchmark matches columns {opts['columns']}")
    ratio = opts.get("ratio")
    num = den = None
    if ratio:
        num, _, den = ratio.partition("/")
        if num not in cols or den not in cols:
            raise TableError(f"{source}: ratio={ratio} must name two of the columns")
    head = ["benchmark"] + cols + ([f"{num} / {den}"] if ratio else [])
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in order:
        cells = [row] + [fmt_ns(times[(row, c)]) if (row, c) in times else "" for c in cols]
        if ratio:
            a, b = times.get((row, num)), times.get((row, den))
            cells.append(f"{a / b:.2f}×" if a and b else "")
        out.append("| " + " | ".join(cells) + " |")
    return out


def table_swept(doc, opts):
    source = opts["source"]
    rows = doc.get("table")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise TableError(f"{source}: no `table` list (is it a `touchstone swept` report?)")
    for r in rows:
        for key in ("algorithm", "group"):
            if not isinstance(r.get(key), str):
                raise TableError(f"{source}: a table row has no string `{key}`")
    try:
        groups = re.compile(opts.get("groups", ""))
    except re.error as e:
        raise TableError(f"{source}: groups '{opts['groups']}': {e}")
    present = list(dict.fromkeys(r["algorithm"] for r in rows))
    algs = opts["algorithms"].split(",") if "algorithms" in opts else present
    missing = [a for a in algs if a not in present]
    if missing:
        raise TableError(f"{source}: no table rows for algorithm(s) {', '.join(missing)}")
    features = opts.get("features") == "yes"
    head = ["algorithm", "group", "queries", "FN", "FP", "TOI>tol", "max TOI error", "median",
            "errors"] + (["feat"] if features else [])
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for alg in algs:
        for r in rows:
            if r["algorithm"] != alg or not groups.search(r["group"]):
                continue
            where = dict(r, family=r["group"])  # names the row in errors
            cells = [f"`{alg}`", r["group"]] + [
                str(count(where, k, source)) for k in
                ("queries", "false_negatives", "false_positives", "toi_failures")]
            err = r.get("max_toi_error")
            err = None if err is None else number(where, "max_toi_error", source)
            cells.append("—" if err is None else f"{err:.3g}" if err else "0")
            cells += [fmt_ns(number(where, "median_ns", source)), str(count(where, "errors", source))]
            if features:
                cells.append(str(count(where, "features_off", source)))
            out.append("| " + " | ".join(cells) + " |")
    if len(out) == 2:
        raise TableError(f"{source}: no table rows match groups={opts.get('groups', '')}")
    return out


BUILDERS = {"verdicts": table_verdicts, "pivot": table_pivot, "gbench": table_gbench,
            "swept": table_swept}


def render(kind, opts, root):
    doc = load_json(root / opts["source"])
    if not isinstance(doc, dict):
        raise TableError(f"{opts['source']}: not a JSON object")
    # The blank line ends the table before the closing comment on every Markdown renderer.
    return [stamp(doc, opts["source"]), ""] + BUILDERS[kind](doc, opts) + [""]


def process(page, root):
    """Returns (new text, number of tables, first lines of the stale ones); raises TableError on
    a malformed marker or an unreadable source."""
    lines = page.read_text(encoding="utf-8").split("\n")
    out, i, tables, stale = [], 0, 0, []
    while i < len(lines):
        line = lines[i]
        # Markers start at column 0: an indented one is an example in a code block.
        if line.rstrip() == CLOSE:
            raise TableError(f"{page}:{i + 1}: {CLOSE} without an opening marker")
        m = OPEN.match(line)
        if not m:
            if LOOKS_LIKE_MARKER.match(line):
                raise TableError(f"{page}:{i + 1}: malformed table marker: {line.strip()}")
            out.append(line)
            i += 1
            continue
        kind, opts = parse_marker(m.group(1), f"{page}:{i + 1}")
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != CLOSE:
            if OPEN.match(lines[end]):
                raise TableError(f"{page}:{end + 1}: table marker inside the table opened "
                                 f"at line {i + 1}")
            end += 1
        if end == len(lines):
            raise TableError(f"{page}:{i + 1}: no {CLOSE} after this marker")
        try:
            body = render(kind, opts, root)
        except TableError as e:
            raise TableError(f"{page}:{i + 1}: {e}")
        if body != lines[i + 1:end]:
            stale.append(i + 1)
        out += [line] + body + [lines[end]]
        tables += 1
        i = end + 1
    return "\n".join(out), tables, stale


def trim(report, out):
    doc = load_json(report)
    if not isinstance(doc, dict):
        raise TableError(f"{report}: not a JSON object")
    keep = ("format", "context", "config", "summary", "benchmarks", "table")
    small = {k: doc[k] for k in keep if k in doc}
    if "summary" in small:
        small.pop("benchmarks", None)  # a touchstone report's copy of its medians
    benches = small.get("benchmarks")
    if isinstance(benches, list) and any(isinstance(b, dict) and b.get("run_type") ==
                                         "aggregate" for b in benches):
        small["benchmarks"] = [b for b in benches if isinstance(b, dict) and
                               b.get("aggregate_name") == "median"]  # what the tables read
    if not any(k in small for k in ("summary", "benchmarks", "table")):
        raise TableError(f"{report}: neither `summary`, `benchmarks` nor `table`")
    text = json.dumps(small, indent=0, sort_keys=True) + "\n"
    Path(out).write_text(text, encoding="utf-8")


def self_test():
    """On a copy of the fixtures (tests/common/docs_tables): the hand-written tables are up to
    date, the same source gzip-compressed reads alike, and each staleness and malformation is
    reported with a non-zero status; rewriting makes a stale page current again."""
    import io
    import shutil
    import tempfile
    from contextlib import redirect_stderr, redirect_stdout

    fixtures = Path(REPOSITORY) / "tests" / "common" / "docs_tables"
    failures = []

    def run(root, *argv):
        err = io.StringIO()
        with redirect_stdout(io.StringIO()), redirect_stderr(err):
            status = main(["--root", str(root), *map(str, argv)])
        return status, err.getvalue()

    cases_run = [0]

    def case(name, edit, expect_status, expect_text=""):
        cases_run[0] += 1
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            for f in fixtures.iterdir():
                shutil.copy(f, root / f.name)
            edit(root)
            status, err = run(root, "--check", root / "page.md")
            if status != expect_status or expect_text not in err:
                failures.append(f"{name}: expected status {expect_status} and '{expect_text}', "
                                f"got {status}: {err.strip()}")
            if expect_status and "stale" in expect_text:
                run(root, root / "page.md")
                status, err = run(root, "--check", root / "page.md")
                if status:
                    failures.append(f"{name}: still stale after rewriting: {err.strip()}")

    def sub(path, old, new):
        text = path.read_text(encoding="utf-8")
        if old not in text:
            raise AssertionError(f"self-test fixture has no '{old}' in {path.name}")
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def gzipped(root):
        (root / "bench.json.gz").write_bytes(gzip.compress((root / "bench.json").read_bytes()))
        (root / "bench.json").unlink()
        sub(root / "page.md", "source=bench.json ", "source=bench.json.gz ")
        sub(root / "page.md", "from `bench.json`", "from `bench.json.gz`")

    case("fixtures as committed", lambda r: None, 0)
    case("gzip source", gzipped, 0)
    case("an indented marker (an example in a code block) is left alone",
         lambda r: sub(r / "page.md", "Between tables.",
                       "    <!-- table: pivot source=nowhere.json -->\n    <!-- /table -->"), 0)
    case("a report without ratio_to_fastest (forces) gets the ratio computed",
         lambda r: (r / "run-report.json").write_text(re.sub(
             r'"ratio_to_fastest": [0-9.]+,\n\s*', "",
             (r / "run-report.json").read_text(encoding="utf-8")), encoding="utf-8"), 0)
    case("a changed count in the report",
         lambda r: sub(r / "run-report.json", '"pass": 10', '"pass": 11'), 1, "page.md:6")
    case("a changed time in the report",
         lambda r: sub(r / "run-report.json", '"median_ns": 800.0', '"median_ns": 801.0'), 1,
         "page.md:19")
    case("a changed benchmark median",
         lambda r: sub(r / "bench.json", '"cpu_time": 1210.0', '"cpu_time": 1220.0'), 1,
         "page.md:41")
    case("a changed context (another machine)",
         lambda r: sub(r / "bench.json", '"fixture-host"', '"other-host"'), 1, "stale")
    case("a number edited by hand in the page",
         lambda r: sub(r / "page.md", "| 900 (1f) |", "| 899 (1f) |"), 1, "page.md:30")
    case("a row deleted from the page",
         lambda r: sub(r / "page.md", "| fam-a | 900 (1f) | unsupported | 450 |\n", ""), 1,
         "stale")
    case("no closing marker", lambda r: sub(r / "page.md", "<!-- /table -->\n\n<!-- table: "
                                            "pivot", "\n<!-- table: pivot"), 1,
         "table marker inside")
    case("closing marker alone",
         lambda r: sub(r / "page.md", "Between tables.", "<!-- /table -->"), 1, "without an")
    case("unknown kind", lambda r: sub(r / "page.md", "table: pivot", "table: pivots"), 1,
         "table kind must be")
    case("option without a value",
         lambda r: sub(r / "page.md", "family=fam-b", "family="), 1, "is not key=value")
    case("no source", lambda r: sub(r / "page.md", "table: pivot source=run-report.json",
                                    "table: pivot"), 1, "no source=PATH")
    case("missing source file", lambda r: (r / "bench.json").unlink(), 1, "cannot read")
    case("a misspelt marker", lambda r: sub(r / "page.md", "<!-- table: pivot", "<!--table: pivot"),
         1, "malformed table marker")
    case("an unknown algorithm",
         lambda r: sub(r / "page.md", "algorithms=vclip,gjk", "algorithms=vclip,gjkk"), 1,
         "no summary for algorithm(s) gjkk")
    case("a report that is not JSON",
         lambda r: (r / "run-report.json").write_text("{", encoding="utf-8"), 1, "not a JSON")
    case("a count that is not a number",
         lambda r: sub(r / "run-report.json", '"fail": 1', '"fail": "1"'), 1, "not an integer")
    case("a changed count in a swept report",
         lambda r: sub(r / "swept.json", '"false_negatives": 2', '"false_negatives": 3'), 1,
         "stale")
    case("a swept report's context changed (another machine)",
         lambda r: sub(r / "swept.json", '"fixture-host"', '"other-host"'), 1, "stale")
    case("a swept count that is not a number",
         lambda r: sub(r / "swept.json", '"toi_failures": 5', '"toi_failures": 5.5'), 1,
         "not an integer")
    case("an algorithm the swept report does not have",
         lambda r: sub(r / "page.md", "algorithms=sampling-k", "algorithms=sampling-j"), 1,
         "no table rows for algorithm(s) sampling-j")
    case("a swept report in a verdicts table",
         lambda r: sub(r / "page.md", "table: swept source=swept.json groups=^thin",
                       "table: verdicts source=swept.json"), 1, "use the `swept` table kind")
    return self_test_verdict("docs-tables", failures, cases_run[0])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pages", nargs="*", type=Path)
    ap.add_argument("--check", action="store_true",
                    help="only compare; exit 1 when a table is stale or a marker malformed")
    ap.add_argument("--root", type=Path, default=Path(REPOSITORY),
                    help="directory source= paths are relative to (default: the repository)")
    ap.add_argument("--trim", nargs=2, metavar=("REPORT", "OUT"))
    ap.add_argument("--self-test", action="store_true",
                    help="prove on the fixtures that stale tables and bad markers are caught")
    args = ap.parse_args(argv)
    if args.self_test:
        return self_test()
    if args.trim:
        try:
            trim(Path(args.trim[0]), args.trim[1])
        except TableError as e:
            print(f"docs-tables: {e}", file=sys.stderr)
            return 1
        return 0
    if not args.pages:
        ap.error("no pages given")
    status = 0
    for page in args.pages:
        try:
            text, n, stale = process(page, args.root)
        except TableError as e:
            print(f"docs-tables: {e}", file=sys.stderr)
            status = 1
            continue
        if not stale:
            if n:
                print(f"{page}: {n} table(s) up to date")
        elif args.check:
            where = ", ".join(f"{page}:{line}" for line in stale)
            print(f"docs-tables: stale table at {where}: the source says otherwise; run "
                  f"harness/scripts/docs-tables.py {page}", file=sys.stderr)
            status = 1
        else:
            page.write_text(text, encoding="utf-8")
            print(f"{page}: {n} table(s) rewritten")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
