#!/usr/bin/env bash
# The test command: installs everything (install-deps.sh: testing and CI packages too), builds every
# target, and runs every test suite with CTest.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bash "$root/harness/scripts/install-deps.sh" --test
build=${BUILD_DIR:-$root/build}
# A build folder first configured by run-suite.sh, before the testing packages were installed,
# looks again for what it did not find then (OpenMPI for the sweep's MPI test).
if [ -f "$build/CMakeCache.txt" ]; then cmake "$build" >/dev/null; fi
bash "$root/harness/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j "${JOBS:-$(nproc)}"
