#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/, clang with address and undefined-behaviour
# sanitizers, in ${FUZZ_BUILD_DIR:-build-fuzz}) and runs each for --seconds S (default 40) over its
# seed corpus (tests/fuzz/corpus.sh) and dictionary (tests/fuzz/*.dict), --jobs J targets at a
# time (default 1). Any crash, leak, timeout (--timeout T per input, default 10 s) or out-of-memory
# input fails the run; the input is left in <build>/findings/<target>/ and its path printed. Prints
# executions and coverage (edges, features) per target. --targets "a b" runs only those.
#   harness/scripts/fuzz.sh                          # CI: 40 s per target
#   harness/scripts/fuzz.sh --seconds 3600 --jobs 5  # all five targets at once for an hour
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=40
timeout=10
jobs=1
targets="case_reader siconos_reader mesh_reader polytope fclib_reader ccd_csv report_reader"
while (($#)); do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    *) echo "usage: fuzz.sh [--seconds S] [--timeout T] [--jobs J] [--targets \"t ...\"]" >&2
       exit 2 ;;
  esac
done
command -v clang++-16 >/dev/null || { echo "fuzz.sh: clang++-16 not found (install-deps.sh)" >&2; exit 2; }

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$build/CMakeCache.txt" ]; then
  # RelWithDebInfo -O1 -g1: line tables for the sanitizer reports, as the sanitizer build in CI.
  cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER=clang++-16 \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
    -DTOUCHSTONE_FUZZ=ON -DTOUCHSTONE_WERROR=OFF -DTOUCHSTONE_BUILD_BENCHMARKS=OFF >/dev/null
fi
build_targets=()
for t in $targets; do build_targets+=("${t}_fuzz"); done
cmake --build "$build" -j "${JOBS:-$(nproc)}" --target "${build_targets[@]}"

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
symbolizer=$(command -v llvm-symbolizer-16 || command -v llvm-symbolizer || true)
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH=$symbolizer
run_one() {  # target -> 0 clean, 1 finding; the log in $build/logs/<target>.log
  local t=$1 corpus="$build/corpus/$t" findings="$build/findings/$t" log="$build/logs/$t.log"
  mkdir -p "$corpus" "$findings" "$build/logs"
  bash "$root/tests/fuzz/corpus.sh" "$t" "$build/seeds/$t"
  local dict=()
  [ -f "$root/tests/fuzz/$t.dict" ] && dict=("-dict=$root/tests/fuzz/$t.dict")
  # Our readers stop at 64 MiB; -rss_limit_mb catches anything that allocates its way past that.
  "$build/tests/fuzz/${t}_fuzz" "$corpus" "$build/seeds/$t" "${dict[@]}" \
    -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
}
# A sanitizer report, crash, timeout or out-of-memory in the log: 0 when there is one. FCLib's
# reader calling exit() in its child ("fuzz target exited") is the isolation doing its job.
finding_lines='ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer)|runtime error:|ERROR: libFuzzer: (deadly signal|timeout|out-of-memory)'
child_findings() {  # target
  grep -qE "$finding_lines" "$build/logs/$1.log"
}
summary() {  # target status -> one line
  local t=$1 status=$2 log="$build/logs/$1.log"
  local execs cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  printf '%-15s %-6s executions %-9s edges %-6s features %s\n' "$t" "$status" "${execs:-?}" \
    "${cov:-?}" "${ft:-?}"
}

failed=()
set -- $targets
while (($#)); do
  batch=()
  for _ in $(seq "$jobs"); do (($#)) && { batch+=("$1"); shift; }; done
  pids=()
  for t in "${batch[@]}"; do run_one "$t" & pids+=($!); done
  for k in "${!batch[@]}"; do
    t=${batch[$k]}
    # A forked child (FCLib's reader runs in one) that hits a sanitizer error dies alone and the
    # fuzzer goes on, so the log is searched as well as the exit status checked.
    if wait "${pids[$k]}" && ! child_findings "$t"; then
      summary "$t" ok
    else
      summary "$t" FAILED
      failed+=("$t")
      # The finding itself and the lines naming where it is (FCLib's own "ERROR:" messages
      # from its writer would otherwise come first), then the input's path.
      grep -E -A12 "$finding_lines" "$build/logs/$t.log" | grep -vE '\.h: [0-9]+ => ERROR' |
        head -40 >&2 || true
      grep -E 'SUMMARY: |Test unit written to|artifact_prefix' "$build/logs/$t.log" | head -5 >&2 ||
        true
      # Small inputs printed whole (base64), so a finding on a CI machine can be replayed here.
      for f in $(ls "$build/findings/$t" 2>/dev/null | head -3); do
        [ "$(stat -c %s "$build/findings/$t/$f")" -le 4096 ] &&
          echo "$f base64: $(base64 -w0 "$build/findings/$t/$f")" >&2
      done
    fi
  done
done
if ((${#failed[@]})); then
  echo "fuzz: findings in ${failed[*]} (inputs under $build/findings/, logs under $build/logs/)" >&2
  exit 1
fi
echo "fuzz: no crash, leak or timeout in $targets"
