#!/usr/bin/env bash
# Times a first run phase by phase, as a new user meets it (docs/getting-started.md, "How long the
# first run takes"): a fresh clone of this repository into DIR, the `--run` installs, configure
# into an empty build folder, the `touchstone` target alone with the compiler cache off, then the
# suite run-suite.sh runs. Each phase runs under `nice /usr/bin/time -v` (CPU time counts waited-for
# children: the forked answers and references); DIR/phases.log gets wall and CPU time per phase.
#   time-first-run.sh DIR     (DIR must not exist; root, for install-deps.sh)
set -uo pipefail
[ $# -eq 1 ] && [ ! -e "$1" ] || { echo "usage: time-first-run.sh NEW_DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
export CCACHE_DISABLE=1 JOBS=${JOBS:-2}
phase() {  # name command...
  local name=$1 rc
  shift
  echo "== $name ($(uptime | sed 's/.*load/load/'))" >>"$out/phases.log"
  nice /usr/bin/time -v -o "$out/$name.time" "$@" >"$out/$name.out" 2>&1
  rc=$?
  grep -E "Elapsed|User time|System time" "$out/$name.time" | sed 's/^\t*/   /' >>"$out/phases.log"
  [ $rc -eq 0 ] || { echo "   failed ($rc): see $out/$name.out" >>"$out/phases.log"; exit 1; }
}
phase clone git clone -q "$root" "$out/src"
cd "$out/src"
phase install bash harness/scripts/install-deps.sh --run
phase configure cmake -S . -B "$out/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
phase build env TARGETS=touchstone BUILD_DIR="$out/build" bash harness/scripts/build.sh
phase proximity "$out/build/harness/touchstone" proximity --quiet
phase forces "$out/build/harness/touchstone" forces --out reports/forces.json --quiet
phase regions "$out/build/harness/touchstone" regions --out reports/regions.json.gz --quiet
cat "$out/phases.log"
