#!/usr/bin/env bash
# Installs the Debian packages Touchstone needs (you must be root). Safe to run again: apt-get
# skips what is already there.
#   install-deps.sh          everything: building, running, testing, CI (what test.sh and .ci/run use)
#   install-deps.sh --run    only what building and running the suite needs (what run-suite.sh uses)
set -euo pipefail
mode=${1:---test}
case "$mode" in
  --run | --test) ;;
  *) echo "usage: install-deps.sh [--run | --test]" >&2; exit 2 ;;
esac
# Building and running `touchstone` (every peer and solver of the default suite included).
run_packages=(
  build-essential cmake ninja-build pkg-config
  valgrind  # callgrind.h: instruction counts in `touchstone motion --count-instructions`
  libeigen3-dev libcgal-dev libgmp-dev libmpfr-dev
  libqhull-dev  # solfec-cvi: the reentrant qhull (libqhull_r), seed 001 step 7
  nlohmann-json3-dev libcli11-dev
  libboost-dev  # Boost.Math's Student t (touchstone compare's run-level test)
  # configuring the project looks for both (the test and benchmark targets are declared even
  # when only `touchstone` is built); small header and library packages
  libgtest-dev libgmock-dev libbenchmark-dev
  python3
  zlib1g-dev  # sweep shard files (gzip)
  libjs-three  # three.js, inlined into `touchstone show` pages (harness/regions/show.cpp)
  # peers measured beside our algorithms (each optional in CMake)
  libfcl-dev libccd-dev libbullet-dev libode-dev
  # force solvers: LP solvers, Siconos numerics, FCLib/HDF5 readers
  coinor-libclp-dev libglpk-dev libsiconos-numerics-dev libhdf5-dev libfclib-dev
)
# Testing and CI only.
test_packages=(
  libcgal-demo  # CGAL's example meshes (harness/scripts/fetch-meshes.sh)
  python3-jsonschema  # tests/common/report_test.cpp validates reports against the schema
  libopenmpi-dev openmpi-bin  # `touchstone sweep --mpi` and its test
  clang-format  # harness/scripts/check-format.sh (.ci/run)
  chromium  # tests/common/html_report_test.cpp renders `touchstone report` pages headless
  # harness/scripts/fuzz.sh: clang 16 (14 cannot capture structured bindings in lambdas, which
  # the readers use) with its libFuzzer and sanitizer runtimes
  clang-16 libclang-rt-16-dev
)
packages=("${run_packages[@]}")
[ "$mode" = --test ] && packages+=("${test_packages[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# The CGAL example meshes the contact-region examples and tests read (cases/meshes/PROVENANCE.md).
if [ "$mode" = --test ]; then bash "$(dirname "$0")/fetch-meshes.sh"; fi
