#!/usr/bin/env bash
# Mutation check of the verification core (docs/mutation.md): applies each small bug of the
# catalogue (harness/scripts/mutants.py) to the source, rebuilds only the tests that cover the
# mutated file, runs them, records killed / survived and which tests killed it, and restores the
# file. Too costly for .ci/run; run it before resolving an issue that touches a verifier, an exact
# reference or compare.
#   harness/scripts/mutate.sh --list              the catalogue, with stale patterns marked
#   harness/scripts/mutate.sh [--only NAME]...    run all (or the named) mutants
#   BUILD_DIR (default ./build, configured) and JOBS (default 2) as for build.sh.
# The file under mutation is restored by the runner on every exit it can see (Ctrl-C, SIGTERM);
# the trap below also restores a mutation left behind by a runner killed outright.
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir=${BUILD_DIR:-$PWD/build}
restore() { python3 harness/scripts/mutate.py --build-dir "$build_dir" --restore; }
trap restore EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
python3 harness/scripts/mutate.py --build-dir "$build_dir" --jobs "${JOBS:-2}" "$@"
