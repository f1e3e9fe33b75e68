#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test suite with CTest.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bash "$root/harness/scripts/install-deps.sh"
bash "$root/harness/scripts/build.sh"
cd "${BUILD_DIR:-$root/build}"
ctest --output-on-failure -j "${JOBS:-$(nproc)}"
