#!/usr/bin/env bash
# Fails when a C++ source file (*.cpp, *.hpp) under algorithms/, reference/, cases/, harness/ or
# tests/ is over 600 lines (MAX_LINES overrides), tracked or new (untracked and not ignored).
set -euo pipefail
cd "$(dirname "$0")/../.."
limit=${MAX_LINES:-600}
status=0 count=0
while IFS= read -r -d '' f; do
  [ -f "$f" ] || continue  # deleted in the work tree
  count=$((count + 1))
  lines=$(wc -l <"$f")
  if ((lines > limit)); then
    echo "$f: $lines lines (over $limit)"
    status=1
  fi
done < <(git ls-files -z --cached --others --exclude-standard -- \
  'algorithms/*.cpp' 'algorithms/*.hpp' 'reference/*.cpp' 'reference/*.hpp' \
  'cases/*.cpp' 'cases/*.hpp' 'harness/*.cpp' 'harness/*.hpp' 'tests/*.cpp' 'tests/*.hpp')
echo "check-file-sizes: $count files, $([ $status = 0 ] && echo none || echo some) over $limit lines"
exit "$status"
