#!/usr/bin/env bash
# Writes the seed corpus of one fuzz target into a folder: corpus.sh TARGET DIR. Seeds are the
# project's own example files (cases/examples, cases/meshes, ../shared/data's Siconos problems when
# present) and, for the binary targets, small valid inputs in their byte formats.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
target=$1
out=$2
mkdir -p "$out"
shared="$root/../shared/data/siconos"
regressions="$root/tests/data/fuzz-regressions"
bytes() { printf "$(printf '\\x%02x' "$@")"; }  # decimal byte values -> raw bytes
case "$target" in
  case_reader)
    cp "$root"/cases/examples/*.json "$out/"
    # a whole-solid swept case (cases/format/swept_case.hpp): a tetrahedron falling on a triangle
    printf '%s' '{"format": "touchstone-case/1", "cases": [{"id": "s", "kind": "swept",
      "type": "solids", "step": 1, "expected": {"collides": true, "toi": 0.5},
      "a": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
            "triangles": [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]],
            "start": [0, 0, 1], "end": ["0", "0", "-1/1"]},
      "b": {"vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 2]],
            "start": [0, 0, 0], "end": [0, 0, 0]}}]}' >"$out/swept-solids.json"
    ;;
  siconos_reader)
    if [ -d "$shared/lcp" ]; then cp "$shared"/lcp/*.dat "$out/"; fi
    printf '2\n0\n2 2\n2 2\n2 1\n1 2\n-1 -1\n' >"$out/small.dat"
    ;;
  mesh_reader)  # first byte: 0 .off, 1 .obj, 2 .stl
    for f in "$root"/cases/meshes/*.off "$root"/cases/meshes/cgal/*.off; do
      [ -f "$f" ] && { bytes 0; cat "$f"; } >"$out/$(basename "$f").seed"
    done
    for f in "$root"/cases/meshes/*.obj; do { bytes 1; cat "$f"; } >"$out/$(basename "$f").seed"; done
    for f in "$root"/cases/meshes/*.stl; do { bytes 2; cat "$f"; } >"$out/$(basename "$f").seed"; done
    ;;
  polytope)  # route, vertex count, coordinates (table index 0 = 0.0, 1 = 1.0), faces
    cube=(0 0 0 1 0 0 1 1 0 0 1 0 0 0 1 1 0 1 1 1 1 0 1 1)
    # faces as 1 + vertex index (polytope_fuzz.cpp subtracts one)
    faces=(4 1 4 3 2 4 5 6 7 8 4 1 2 6 5 4 2 3 7 6 4 3 4 8 7 4 4 1 5 8)
    bytes 0 8 "${cube[@]}" 6 "${faces[@]}" >"$out/cube-faces"
    bytes 1 8 "${cube[@]}" >"$out/cube-hull"
    bytes 1 9 "${cube[@]}" 0 0 1 >"$out/cube-hull-duplicate"
    ;;
  fclib_reader)  # storage 0 (compressed columns), spacedim 3, m 6, nzmax 6, p, i, x, q
    bytes 0 2 6 6 2 3 4 5 6 7 8 2 3 4 5 6 7 1 1 1 1 1 1 2 2 2 2 2 2 >"$out/identity-csc"
    bytes 1 1 4 4 2 3 4 5 6 2 3 4 5 1 1 1 1 2 0 2 0 >"$out/identity-csr"
    ;;
  ccd_csv)  # first byte: 0 vertex-face, 1 edge-edge; then the benchmark's CSV text
    ccd="$root/../shared/data/ccd-sample-queries/unit-tests"
    for f in "$ccd"/vertex-face/*.csv; do [ -f "$f" ] && { bytes 0; head -16 "$f"; } >"$out/vf-$(basename "$f")"; done
    for f in "$ccd"/edge-edge/*.csv; do [ -f "$f" ] && { bytes 1; head -16 "$f"; } >"$out/ee-$(basename "$f")"; done
    { bytes 0; for r in 1 2 3 4 5 6 7 8; do echo "1,2,-3,4,5,1,1"; done; } >"$out/small"
    ;;
  report_reader)  # first byte: 0 plain, 1 gzip, 2 gzip cut, 3 gzip flipped; second: where
    for mode in 0 1 2 3; do
      { bytes "$mode" 57; cat "$root/cases/examples/$(ls "$root/cases/examples" | head -1)"; } \
        >"$out/example-$mode"
    done
    ;;
  *) echo "corpus.sh: unknown target $target" >&2; exit 2 ;;
esac
# Inputs that once crashed a target stay in its corpus.
if [ -d "$regressions/$target" ]; then cp "$regressions/$target"/* "$out/" 2>/dev/null || true; fi
