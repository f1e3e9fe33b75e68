#!/usr/bin/env bash
# Configures and builds Touchstone into ${BUILD_DIR:-build} (Release). Extra arguments go to cmake.
# TARGETS="a b" builds only those targets (default: all).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD_DIR:-$root/build}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
elif [ $# -gt 0 ]; then
  cmake "$build" "$@"
fi
targets=()
for t in ${TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$build" -j "${JOBS:-$(nproc)}" "${targets[@]}"
