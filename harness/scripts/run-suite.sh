#!/usr/bin/env bash
# The default suite end to end: installs what running needs (install-deps.sh --run: no browser,
# clang or MPI), builds only the `touchstone` executable, runs every registered proximity
# algorithm on the built-in degenerate families, prints the table and writes reports/latest.json.gz;
# then every force solver on the contact scenes (reports/forces.json), then every region algorithm
# on the region families (reports/regions.json.gz).
# Extra arguments go to `touchstone proximity` (see `touchstone proximity --help`).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bash "$root/harness/scripts/install-deps.sh" --run
TARGETS=touchstone bash "$root/harness/scripts/build.sh"
cd "$root"
touchstone="${BUILD_DIR:-$root/build}/harness/touchstone"
"$touchstone" proximity "$@"
"$touchstone" forces --out reports/forces.json
"$touchstone" regions --out reports/regions.json.gz
