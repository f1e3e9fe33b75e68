#!/usr/bin/env bash
# The default suite end to end: installs what is missing, builds, runs every registered algorithm
# on the built-in degenerate families, prints the table and writes reports/latest.json; then every
# force solver on the contact scenes (reports/forces.json), then every region algorithm on the region
# families (reports/regions.json).
# Extra arguments go to `touchstone run` (see `touchstone run --help`).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bash "$root/harness/scripts/install-deps.sh"
bash "$root/harness/scripts/build.sh"
cd "$root"
touchstone="${BUILD_DIR:-$root/build}/harness/touchstone"
"$touchstone" run "$@"
"$touchstone" forces --out reports/forces.json
"$touchstone" regions --out reports/regions.json
