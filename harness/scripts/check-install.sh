#!/usr/bin/env bash
# The installed package works from outside: installs the build (${BUILD_DIR:-build}) into a
# temporary prefix, checks that no installed header includes CGAL, GMP or MPFR, then configures,
# builds and runs examples/external-algorithm against it (find_package(Touchstone), its own
# algorithm registered in one line, the default families and the conformance bar). Prints the
# install size and the time each step took. Called by CTest (CheckInstall) after a build.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD_DIR:-$root/build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
step_start=$SECONDS
step() {  # name
  echo "== $1 ($((SECONDS - step_start)) s so far)"
}

step "install into $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
echo "installed: $(du -sh "$prefix" | cut -f1) ($(find "$prefix/include" -name '*.hpp' | wc -l)" \
  "headers, $(du -sh "$prefix/lib" | cut -f1) of libraries)"
if grep -rlE '#include <(CGAL|gmp|gmpxx|mpfr)' "$prefix/include"; then
  echo "error: the installed headers above include CGAL, GMP or MPFR" >&2
  exit 1
fi
for f in lib/cmake/Touchstone/TouchstoneConfig.cmake lib/cmake/Touchstone/TouchstoneConfigVersion.cmake \
  bin/touchstone include/touchstone/algorithms/proximity/registry.hpp; do
  [ -e "$prefix/$f" ] || { echo "error: $f was not installed" >&2; exit 1; }
done
listed=$("$prefix/bin/touchstone" list)
grep -q '^  gjk ' <<<"$listed" || { echo "error: the installed touchstone lists no gjk" >&2; exit 1; }

step "configure and build examples/external-algorithm"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S "$root/examples/external-algorithm" -B "$work/build" "${generator[@]}" \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -j "${JOBS:-2}"

step "run it"
# The suite on 2 cases per family; the conformance bar on the examples and 11 cases per family
# (one whole gap sweep: fewer would be mostly the ambiguous gaps 0 and ±1e-15; the bar's own
# sample, 22, doubles the run: CONFORMANCE_PER_FAMILY=22).
"$work/build/external_suite" --per-family "${PER_FAMILY:-2}" --out "$work/report.json" \
  --conformance-per-family "${CONFORMANCE_PER_FAMILY:-11}" \
  --reference-cache "$work/reference.jsonl" | tee "$work/run.log"
python3 - "$work/report.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
names = [a["name"] for a in report["algorithms"]]
assert names == ["brute-force", "gjk"], names
results = [r for r in report["results"] if r["algorithm"] == "brute-force"]
verdicts = {v: sum(r["verdict"] == v for r in results) for v in ("pass", "fail", "error")}
assert results and verdicts["fail"] == 0 and verdicts["error"] == 0, verdicts
print(f"report: brute-force on {len(results)} cases, {verdicts['pass']} pass")
PY
step "done"
