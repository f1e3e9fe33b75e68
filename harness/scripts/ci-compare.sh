#!/usr/bin/env bash
# CI performance tracking that holds on a shared runner (docs/ci-tracking.md): runs a base and a
# new build of Touchstone interleaved K times (base, new, base, new, ...) so that both sides see
# the same machine drift, one report per run, then compares the two sets of runs (the run is the
# unit of replication) and exports the new build's runs for github-action-benchmark and Bencher
# with their interval over the runs.
#
#   harness/scripts/ci-compare.sh [-k K] [-o OUT] BASE NEW [-- RUN_OPTIONS...]
#
# BASE and NEW: build directories (their harness/touchstone is used) or touchstone binaries.
# RUN_OPTIONS go to every `touchstone run` (default: --algorithms gjk,vclip --cases 'vertex-*'
# --repetitions 9); COMPARE_OPTIONS (environment) go to `compare`, e.g. "--min-effect 0.10".
# K defaults to 5 (docs/ci-tracking.md: the smallest slowdown found every time against K).
# Writes OUT (default ci-compare) /base/rI.json, /new/rI.json, compare.json, compare.txt (the
# table), custom.json (github-action-benchmark customSmallerIsBetter) and bmf.json (Bencher).
# Exit status: compare's (0; 1 a regression --fail-on selects; 2 bad input), 2 for a usage error
# or a run that failed, 3 when an output could not be written.
set -euo pipefail
k=5
out=ci-compare
usage() {
  sed -n '8,9p' "$0" >&2
  exit 2
}
while getopts "k:o:h" opt; do
  case $opt in
    k) k=$OPTARG ;;
    o) out=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
(($# >= 2)) || usage
[[ $k =~ ^[1-9][0-9]*$ ]] || {
  echo "error: -k $k: not a positive number of runs" >&2
  exit 2
}
binary() {
  if [[ -f $1 && -x $1 ]]; then
    echo "$1"
  elif [[ -x $1/harness/touchstone ]]; then
    echo "$1/harness/touchstone"
  else
    echo "error: $1: neither a build directory with harness/touchstone nor a touchstone binary" >&2
    exit 2
  fi
}
base=$(binary "$1")
new=$(binary "$2")
shift 2
[[ ${1:-} == -- ]] && shift
run_options=("$@")
((${#run_options[@]})) || run_options=(--algorithms 'gjk,vclip' --cases 'vertex-*' --repetitions 9)

rm -rf "$out/base" "$out/new"
mkdir -p "$out/base" "$out/new"
for ((i = 1; i <= k; i++)); do
  for side in base new; do
    bin=$base
    [[ $side == new ]] && bin=$new
    status=0
    "$bin" run "${run_options[@]}" --quiet --out "$out/$side/r$i.json" >"$out/$side/r$i.log" 2>&1 ||
      status=$?
    # 1 is --strict's verdict status: the report is written and compare judges it.
    if ((status > 1)) || [[ ! -f $out/$side/r$i.json ]]; then
      echo "error: $side run $i failed (status $status): see $out/$side/r$i.log" >&2
      exit 2
    fi
  done
done

status=0
# shellcheck disable=SC2086  # COMPARE_OPTIONS is a list of options
"$new" compare "$out/base" "$out/new" --json "$out/compare.json" ${COMPARE_OPTIONS:-} \
  >"$out/compare.txt" || status=$?
cat "$out/compare.txt"
((status > 1)) && exit "$status"
"$new" export "$out/new" --format custom -o "$out/custom.json"
"$new" export "$out/new" --format bmf -o "$out/bmf.json"
exit "$status"
