#!/usr/bin/env bash
# Extracts the CGAL example meshes used by cases/examples/regions-meshes.json from Debian's
# libcgal-demo package (/usr/share/doc/libcgal-dev/data.tar.gz) into cases/meshes/cgal/ (not
# committed; provenance in cases/meshes/PROVENANCE.md). Safe to run again.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
archive=/usr/share/doc/libcgal-dev/data.tar.gz
meshes=(cube.off cube_quad.off cross_quad.off P.off star.off)
out="$root/cases/meshes/cgal"
if [ ! -f "$archive" ]; then
  echo "fetch-meshes: $archive missing (install libcgal-demo)" >&2
  exit 1
fi
mkdir -p "$out"
members=()
for m in "${meshes[@]}"; do members+=("data/meshes/$m"); done
tar -xzf "$archive" -C "$out" --strip-components=2 "${members[@]}"
echo "fetch-meshes: ${#meshes[@]} meshes in $out"
