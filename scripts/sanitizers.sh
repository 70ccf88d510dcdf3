#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and under ThreadSanitizer (the linter works on
# all cores, so data races would show there). Each sanitizer builds into its own directory.
# Usage: scripts/sanitizers.sh [address|thread]...   (default: both)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
bash scripts/python-env.sh pre-commit==4.7.0 >/dev/null
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
status=0
for sanitizer in "${sanitizers[@]}"; do
  echo "== swift test --sanitize=$sanitizer" >&2
  # halt_on_error makes any report fail the run; the suppressions file lists nothing of ours.
  if ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
     swift test --sanitize="$sanitizer" --build-path ".build/sanitize-$sanitizer" 2>&1 | tee ".build/sanitize-$sanitizer.log" | tail -n 3; then
    if grep -qE "ERROR: (AddressSanitizer|ThreadSanitizer)|WARNING: ThreadSanitizer" ".build/sanitize-$sanitizer.log"; then
      echo "$sanitizer: sanitizer reports found (see .build/sanitize-$sanitizer.log)" >&2
      status=1
    else
      echo "$sanitizer: clean" >&2
    fi
  else
    echo "$sanitizer: the test run failed (see .build/sanitize-$sanitizer.log)" >&2
    status=1
  fi
done
exit $status
