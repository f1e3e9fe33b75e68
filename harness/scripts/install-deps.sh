#!/usr/bin/env bash
# Installs every Debian package Touchstone needs to build, test and run (you must be root).
# Safe to run again: apt-get skips what is already there.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  valgrind  # callgrind.h: instruction counts in `touchstone motion --count-instructions`
  libeigen3-dev libcgal-dev libgmp-dev libmpfr-dev
  libqhull-dev  # solfec-cvi: the reentrant qhull (libqhull_r), seed 001 step 7
  libcgal-demo  # CGAL's example meshes (harness/scripts/fetch-meshes.sh)
  nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-jsonschema
  zlib1g-dev libopenmpi-dev openmpi-bin  # sweep shard files (gzip) and `touchstone sweep --mpi`
  clang-format  # harness/scripts/check-format.sh (.ci/run)
  chromium  # tests/common/html_report_test.cpp renders `touchstone report` pages headless
  # harness/scripts/fuzz.sh: clang 16 (14 cannot capture structured bindings in lambdas, which
  # the readers use) with its libFuzzer and sanitizer runtimes
  clang-16 libclang-rt-16-dev
  # peers measured beside our algorithms (each optional in CMake)
  libfcl-dev libccd-dev libbullet-dev libode-dev
  # force solvers: LP solvers, Siconos numerics, FCLib/HDF5 readers
  coinor-libclp-dev libglpk-dev libsiconos-numerics-dev libhdf5-dev libfclib-dev
)
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
# The CGAL example meshes the contact-region examples read (cases/meshes/PROVENANCE.md).
bash "$(dirname "$0")/fetch-meshes.sh"
