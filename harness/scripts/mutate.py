#!/usr/bin/env python3
"""Runs the mutation catalogue of harness/scripts/mutants.py (see docs/mutation.md).

For each mutant: its pattern must match the file exactly once (else it is `stale` and reported,
never silently skipped); the original is saved under <build>/mutation/backup, the file rewritten,
the test executables that cover the file rebuilt (cmake --build --target, incremental), run
(each with a time limit derived from its unmutated run), and the original written back with a
fresh modification time (so the next build recompiles it; ccache makes that a cache hit). A
mutant is `killed` when a covering test fails, crashes or times out, `survived` when they all
pass, `build-error` when it does not compile (a catalogue bug: fix the replacement).

Before the mutants, the covering tests run unmutated (the baseline): a test that fails there
cannot judge a mutant, so the run stops. The table (markdown) goes to <build>/mutation/report.md
and to stdout, with the total time.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ beside the catalogue
sys.path.insert(0, str(Path(__file__).resolve().parent))
import mutants as catalogue  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


class Interrupted(Exception):
    pass


def on_signal(signum, _frame):
    raise Interrupted(f"signal {signum}")


def state_dir(build: Path) -> Path:
    return build / "mutation"


def backup_path(build: Path, rel: str) -> Path:
    return state_dir(build) / "backup" / rel


def restore_all(build: Path) -> int:
    """Writes back every saved original (a runner killed mid-mutant leaves one); the count."""
    root = state_dir(build) / "backup"
    restored = 0
    if not root.is_dir():
        return 0
    for saved in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = saved.relative_to(root)
        target = ROOT / rel
        target.write_bytes(saved.read_bytes())  # fresh mtime: the build recompiles it
        saved.unlink()
        print(f"mutate: restored {rel}", file=sys.stderr)
        restored += 1
    return restored


def status_of(m: catalogue.Mutant) -> str:
    if m.equivalent:
        return "equivalent"
    path = ROOT / m.file
    if not path.is_file():
        return "stale (file gone)"
    count = path.read_text(encoding="utf-8").count(m.find)
    if count == 1:
        return "ok"
    return "stale (pattern not found)" if count == 0 else f"stale (pattern matches {count}x)"


TESTS_OVERRIDE: list = []  # --tests: these executables instead of the catalogue's


def tests_for(m: catalogue.Mutant) -> list:
    if TESTS_OVERRIDE:
        return list(TESTS_OVERRIDE)
    return list(m.tests) if m.tests else list(catalogue.TESTS[m.file])


def validate() -> list:
    problems = []
    names = [m.name for m in catalogue.MUTANTS]
    for n in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"duplicate mutant name {n}")
    for m in catalogue.MUTANTS:
        if not m.tests and m.file not in catalogue.TESTS:
            problems.append(f"{m.name}: no tests mapped for {m.file}")
        if m.find == m.replace:
            problems.append(f"{m.name}: replacement equals the pattern")
    return problems


def build(build_dir: Path, targets, jobs: int, log: Path) -> bool:
    cmd = ["nice", "-n", "10", "cmake", "--build", str(build_dir), "-j", str(jobs), "--target"]
    with log.open("w") as out:
        # Its own process group: when interrupted, the compilers are stopped before the original
        # is written back, so that no object built from the mutant lands after the restore (newer
        # than the source, a later build would keep it).
        p = subprocess.Popen(cmd + sorted(set(targets)), stdout=out, stderr=subprocess.STDOUT,
                             start_new_session=True)
        try:
            return p.wait() == 0
        except BaseException:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            raise


# "[  FAILED  ] Suite.Name (5 ms)", or "Suite/Param.Name/0, where GetParam() = …"; not the
# summary's "[  FAILED  ] 2 tests, listed below:".
FAILED = re.compile(r"^\[  FAILED  \] ([A-Za-z_][\w/]*\.[\w/]+)")


def run_test(build_dir: Path, target: str, timeout: float):
    """(passed, failing test names, seconds). A crash or timeout names the executable."""
    exe = build_dir / "tests" / target
    start = time.monotonic()
    try:
        p = subprocess.run(["nice", "-n", "10", str(exe), "--gtest_brief=1"],
                           capture_output=True, text=True, errors="replace", timeout=timeout,
                           cwd=build_dir / "tests")
    except subprocess.TimeoutExpired:
        return False, [f"{target} (timeout {timeout:.0f} s)"], time.monotonic() - start
    seconds = time.monotonic() - start
    if p.returncode == 0:
        return True, [], seconds
    names = []
    for line in p.stdout.splitlines():
        hit = FAILED.match(line)
        if hit:
            names.append(f"{target}:{hit.group(1)}")
    names = sorted(set(names))
    if not names:
        why = f"signal {-p.returncode}" if p.returncode < 0 else f"exit {p.returncode}"
        names = [f"{target} ({why})"]
    return False, names, seconds


def run_tests(build_dir: Path, targets, timeouts, jobs: int):
    """Runs the targets, `jobs` at a time: {target: (passed, names, seconds)}."""
    results = {}
    pending = sorted(set(targets))
    # Threads only wait on child processes; the tests themselves run in parallel.
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {t: pool.submit(run_test, build_dir, t, timeouts.get(t, 1800)) for t in pending}
        for t, f in futures.items():
            results[t] = f.result()
    return results


def markdown(rows, seconds: float, baseline_seconds: float) -> str:
    killed = sum(r["result"] == "killed" for r in rows)
    survived = [r for r in rows if r["result"] == "survived"]
    equivalent = [r for r in rows if r["result"] == "equivalent"]
    other = [r for r in rows if r["result"] not in ("killed", "survived", "equivalent")]
    single = [r for r in rows if r["result"] == "killed" and len(r["killers"]) < 2]
    out = ["| mutant | file | result | tests that killed it | kills | build s | tests s |",
           "| --- | --- | --- | --- | ---: | ---: | ---: |"]
    for r in rows:
        killers = ", ".join(r["killers"]) if r["killers"] else "-"
        if len(killers) > 300:
            killers = ", ".join(r["killers"][:6]) + f", … ({len(r['killers'])} in all)"
        kills = len(r["killers"]) if r["result"] == "killed" else 0
        out.append(f"| {r['name']} | {r['file']} | {r['result']} | {killers} | {kills} | "
                   f"{r['build_s']:.0f} | {r['test_s']:.0f} |")
    out.append("")
    out.append(f"{len(rows)} mutants: {killed} killed, {len(survived)} survived, "
               f"{len(equivalent)} equivalent (not run), {len(other)} stale or not built; "
               f"{len(single)} killed by one test only.")
    if survived:
        out.append("Survived (gaps): " + ", ".join(r["name"] for r in survived) + ".")
    if single:
        out.append("Killed by one test only: " + ", ".join(r["name"] for r in single) + ".")
    out.append(f"Total time {seconds / 60:.1f} min (baseline build and run "
               f"{baseline_seconds / 60:.1f} min).")
    return "\n".join(out) + "\n"


def list_catalogue() -> int:
    print("| mutant | file | pattern | tests |\n| --- | --- | --- | --- |")
    stale = 0
    for m in catalogue.MUTANTS:
        s = status_of(m)
        stale += s.startswith("stale")
        print(f"| {m.name} | {m.file} | {s} | {' '.join(tests_for(m))} |")
    print(f"\n{len(catalogue.MUTANTS)} mutants over {len({m.file for m in catalogue.MUTANTS})} "
          f"files, {stale} stale")
    return 1 if stale else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", type=Path, default=ROOT / "build")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="print the catalogue and exit")
    ap.add_argument("--only", action="append", default=[], metavar="NAME",
                    help="run only this mutant (repeatable)")
    ap.add_argument("--file", action="append", default=[], metavar="PATH",
                    help="run only the mutants of this file (repeatable; files run in this order)")
    ap.add_argument("--tests", metavar="T1,T2",
                    help="run these test executables instead of the catalogue's (a quick check "
                         "of one new test against its mutant)")
    ap.add_argument("--restore", action="store_true",
                    help="write back any original a killed runner left behind, and exit")
    ap.add_argument("--out", type=Path, help="the markdown table (default <build>/mutation/report.md)")
    args = ap.parse_args()
    build_dir = args.build_dir.resolve()

    if args.restore:
        restore_all(build_dir)
        return 0
    if args.tests:
        TESTS_OVERRIDE.extend(t for t in args.tests.split(",") if t)
    problems = validate()
    if problems:
        print("mutate: catalogue errors:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 2
    if args.list:
        return list_catalogue()
    if not (build_dir / "CMakeCache.txt").is_file():
        print(f"mutate: {build_dir} is not a configured build (harness/scripts/build.sh)",
              file=sys.stderr)
        return 2
    restore_all(build_dir)  # a previous runner's leftovers first

    selected = list(catalogue.MUTANTS)
    known = {m.name for m in selected}
    for n in args.only:
        if n not in known:
            print(f"mutate: no mutant named {n} (--list shows them)", file=sys.stderr)
            return 2
    if args.only:
        selected = [m for m in selected if m.name in args.only]
    if args.file:  # in the order the files were given
        selected = [m for f in args.file for m in selected if m.file == f]
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    start = time.monotonic()
    state = state_dir(build_dir)
    state.mkdir(parents=True, exist_ok=True)
    runnable = [m for m in selected if status_of(m) == "ok"]
    targets = sorted({t for m in runnable for t in tests_for(m)})
    print(f"mutate: baseline: building and running {len(targets)} test executables",
          file=sys.stderr, flush=True)
    if targets and not build(build_dir, targets, args.jobs, state / "baseline-build.log"):
        print(f"mutate: the unmutated tree does not build: {state / 'baseline-build.log'}",
              file=sys.stderr)
        return 2
    baseline = run_tests(build_dir, targets, {}, args.jobs)
    broken = {t: r[1] for t, r in baseline.items() if not r[0]}
    if broken:
        print("mutate: tests fail without any mutant, so they cannot judge one:\n  " +
              "\n  ".join(n for names in broken.values() for n in names), file=sys.stderr)
        return 2
    timeouts = {t: max(60.0, 5 * r[2] + 30) for t, r in baseline.items()}
    baseline_seconds = time.monotonic() - start

    rows = []
    try:
        for i, m in enumerate(selected, 1):
            row = {"name": m.name, "file": m.file, "killers": [], "build_s": 0.0, "test_s": 0.0}
            rows.append(row)
            s = status_of(m)
            if s != "ok":
                row["result"] = s
                if m.equivalent:
                    row["killers"] = [f"(why: {m.equivalent})"]
                print(f"mutate: [{i}/{len(selected)}] {m.name}: {s}", file=sys.stderr, flush=True)
                continue
            path = ROOT / m.file
            original = path.read_bytes()
            saved = backup_path(build_dir, m.file)
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_bytes(original)
            try:
                path.write_text(original.decode("utf-8").replace(m.find, m.replace, 1),
                                encoding="utf-8")
                t0 = time.monotonic()
                ok = build(build_dir, tests_for(m), args.jobs, state / f"{m.name}.build.log")
                row["build_s"] = time.monotonic() - t0
                if not ok:
                    row["result"] = "build-error"
                else:
                    t0 = time.monotonic()
                    results = run_tests(build_dir, tests_for(m), timeouts, args.jobs)
                    row["test_s"] = time.monotonic() - t0
                    row["killers"] = sorted(n for r in results.values() for n in r[1])
                    row["result"] = "killed" if row["killers"] else "survived"
            finally:
                path.write_bytes(original)
                saved.unlink()
            print(f"mutate: [{i}/{len(selected)}] {m.name}: {row['result']} "
                  f"({len(row['killers'])} tests; build {row['build_s']:.0f} s, "
                  f"tests {row['test_s']:.0f} s)", file=sys.stderr, flush=True)
    except Interrupted as e:
        print(f"mutate: interrupted ({e}); the tree is restored", file=sys.stderr)
        rows = [r for r in rows if "result" in r]
    table = markdown(rows, time.monotonic() - start, baseline_seconds)
    out = args.out or state / "report.md"
    out.write_text(table, encoding="utf-8")
    print(table)
    print(f"mutate: table written to {out}", file=sys.stderr)
    return 0 if all(r["result"] in ("killed", "equivalent") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
