#!/usr/bin/env bash
# Fuzzes granted-lint with libFuzzer: arbitrary bytes and mutations of the TestCorpus files go through
# parse → semantic model → all rules → all reporters → fixes (see Fuzz/Sources/GrantedFuzz).
# Usage: scripts/fuzz.sh [SECONDS] (default 600). Crashing inputs are kept in Fuzz/artifacts/;
# turn each into a regression fixture under TestCorpus/regressions/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-600}"
bash "$root/scripts/setup.sh"
cd "$root/Fuzz"
swift build -c release --sanitize=fuzzer --sanitize=address >&2
binary="$(swift build -c release --sanitize=fuzzer --sanitize=address --show-bin-path)/GrantedFuzz"
mkdir -p "$root/.build/fuzz-corpus" "$root/Fuzz/artifacts"
# Seeds: every fixture (libFuzzer reads them and mutates from there).
find "$root/TestCorpus" -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.js' -o -name '*.jsx' \) -size -64k \
  -exec cp {} "$root/.build/fuzz-corpus/" \; 2>/dev/null || true
"$binary" -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$root/Fuzz/artifacts/" "$root/.build/fuzz-corpus"
