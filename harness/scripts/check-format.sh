#!/usr/bin/env bash
# Fails when a tracked C++ file (*.cpp, *.hpp) is not formatted as .clang-format says (Debian's
# clang-format; harness/scripts/install-deps.sh installs it). Lists each file's first differences;
# `clang-format -i FILE` fixes one.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed" >&2; exit 2; }
mapfile -d '' files < <(git ls-files -z -- '*.cpp' '*.hpp')
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" 2>&1 | head -n 12 || bad+=("$f")
done
status=0
if ((${#bad[@]})); then
  status=1
  echo "check-format: ${#bad[@]} of ${#files[@]} files differ from .clang-format" \
    "($(clang-format --version)): ${bad[*]}"
else
  echo "check-format: ${#files[@]} files formatted"
fi
exit "$status"
