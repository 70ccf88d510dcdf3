#!/usr/bin/env bash
# Coverage-guided fuzzing of granted-lint with libFuzzer and AddressSanitizer, in every build. Three
# targets (Fuzz/Sources), each checking one thing so that each input costs little (issue 40: one
# target that did everything ran 12 inputs a second):
#   analysis  — one file through parse → semantic model → all rules → the inventory, with one
#               grammar (and platform file name) chosen by the input's first byte, and the fix loop
#               (fixes applied, the result linted and parsed again) only when a rule found something
#               to fix; seeds: every TestCorpus file (GrantedAnalysisFuzz);
#   reporters — the eight report formats fed generated reports: findings anywhere in their file,
#               paths and messages with the characters each format must escape; the JSON formats
#               must parse, the XML ones be well-formed, GitHub's commands stay one a line
#               (GrantedReportersFuzz);
#   lsp       — the language server's input side: byte streams in random chunks through
#               MessageFramer, and edit sequences through TextDocument checked against the client's
#               idea of the text (GrantedLanguageServerFuzz).
#
#   bash scripts/fuzz.sh [--target analysis|reporters|lsp|all] [SECONDS]
#                                         # default: analysis, 600 s per target; prints the
#                                         # coverage proof at the end
#   bash scripts/fuzz.sh --ci [SECONDS]   # CI's short run (default 60 s per target, every target):
#                                         # fails on a crash or on no coverage
#
# A libFuzzer process uses one core: the targets run two at a time (the machines this runs on have
# two), so `--ci 30` takes about a minute of clock time for the three. The corpus of each target is
# kept in .build/fuzz-corpus-TARGET between runs (the nightly workflow, .github/workflows/fuzz.yml,
# keeps it in the Actions cache); the CI run starts from the seeds each time.
#
# Long runs build the targets optimised (-c release: more executions per second); the CI run builds
# them unoptimised (-c debug), with the same sanitizers and the same checks. Measured on two cores:
# the optimised build takes 226 s of CPU, the unoptimised one 74 s; a CI run that mostly replays the
# seeds under AddressSanitizer gains little from the optimiser and pays most for it
# (Benchmarks/RESULTS.md, "make test" and "Fuzzing speed (issue 40)").
#
# What makes it coverage-guided and checked, every time (a build once had only one of the two):
# - our Swift modules are compiled with one combined `-sanitize=fuzzer,address` (SwiftPM hands two
#   `--sanitize` flags to the compile jobs in varying order and each job keeps only the last one);
#   the verbose build log is checked for it on every compile job of our modules;
# - the C code that parses — the tree-sitter runtime (from PyPI's py-tree-sitter sdist, which bundles
#   it, pinned by version and SHA-256) and the TypeScript/TSX grammar (the pinned sdist of
#   scripts/setup.sh, with our adjustment) — is built here with `-fsanitize=fuzzer-no-link,address`
#   and linked instead of the uninstrumented copies (nothing is installed or committed);
# - each binary must have `__sancov_cntrs`/`__sancov_pcs` sections and ASan calls, and the code it is
#   about must be instrumented (the C parser for analysis, the SARIF and JUnit reporters for
#   reporters, MessageFramer for lsp), or the script stops;
# - each run must start with coverage (`cov:` > 0), end with more, keep its seed corpus, and reach the
#   code it is about (functions of the rules; of the reporters; of MessageFramer and TextDocument).
# Crashing inputs land in Fuzz/artifacts/; turn each into a regression test (a TestCorpus/ fixture for
# analysis — without the first byte, which only chose the grammar —, a case in Tests/ for the others).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ci=0
targets=analysis
while [ $# -gt 0 ]; do
  case "$1" in
    --ci) ci=1; targets=all; shift ;;
    --target) targets="${2:-}"; shift 2 || { echo "fuzz: error: --target needs analysis, reporters, lsp or all" >&2; exit 2; } ;;
    --target=*) targets="${1#--target=}"; shift ;;
    *) break ;;
  esac
done
case "$targets" in
  analysis|reporters|lsp) ;;
  all) targets="analysis reporters lsp" ;;
  *) echo "fuzz: error: unknown target '$targets' (analysis, reporters, lsp or all)" >&2; exit 2 ;;
esac
seconds="${1:-$([ "$ci" = 1 ] && echo 60 || echo 600)}"

RUNTIME_PACKAGE="tree-sitter"
RUNTIME_VERSION="0.20.4"
RUNTIME_SHA256="6adb123e2f3e56399bbf2359924633c882cc40ee8344885200bca0922f713be5"
GRAMMAR_VERSION="0.13.0"
GRAMMAR_SHA256="032034c5e27b1f6e00730b9e7c2dbc8203b4700d0c681fd019d6defcf61183ec"

say() { printf 'fuzz: %s\n' "$*" >&2; }
die() { printf 'fuzz: error: %s\n' "$*" >&2; exit 1; }

# libFuzzer comes with swift.org's Linux toolchains, not with Xcode's Swift; the checks below read ELF
# sections with objdump, and the build below uses Debian's header paths.
[ "$(uname -s)" = Linux ] || die "fuzzing runs on Linux only (libFuzzer in the Swift toolchain, objdump on ELF binaries); this is $(uname -s)"

bash "$root/scripts/setup.sh"
command -v clang >/dev/null || die "clang (from the Swift toolchain) is needed"
command -v objdump >/dev/null || die "objdump (binutils) is needed"
work="$root/.build/fuzz-c"
mkdir -p "$work/lib" "$work/pkgconfig"

fetch() { bash "$root/scripts/fetch-sdist.sh" "$@"; }

stamp="$work/stamp-$RUNTIME_VERSION-$GRAMMAR_VERSION-$(sha256sum "$root/scripts/patch-grammar.py" | cut -c1-12)"
if [ ! -f "$stamp" ]; then
  say "building the tree-sitter runtime and the grammar with -fsanitize=fuzzer-no-link,address"
  src="$(mktemp -d)"
  trap 'rm -rf "$src"' EXIT
  tar -xzf "$(fetch "$RUNTIME_PACKAGE" "$RUNTIME_VERSION" "$RUNTIME_SHA256")" -C "$src"
  grammar_sources=$(bash "$root/scripts/grammar-sources.sh" tree-sitter-language-pack "$GRAMMAR_VERSION" "$GRAMMAR_SHA256")
  mkdir -p "$src/tree_sitter_language_pack-$GRAMMAR_VERSION/parsers"
  cp -R "$grammar_sources/typescript" "$grammar_sources/tsx" "$src/tree_sitter_language_pack-$GRAMMAR_VERSION/parsers/"
  flags=(-O1 -g -fPIC -fsanitize=fuzzer-no-link,address -fno-omit-frame-pointer -w)
  core="$src/tree_sitter-$RUNTIME_VERSION/tree_sitter/core/lib"
  # The five units at once (each is one compiler process; the two parser.c take most of the time).
  clang "${flags[@]}" -std=gnu99 -I "$core/include" -I "$core/src" -c "$core/src/lib.c" -o "$work/runtime.o" &
  pids=("$!")
  objects=()
  for grammar in typescript tsx; do
    dir="$src/tree_sitter_language_pack-$GRAMMAR_VERSION/parsers/$grammar"
    python3 "$root/scripts/patch-grammar.py" "$dir/common/scanner.h"
    for unit in parser scanner; do
      clang "${flags[@]}" -std=c11 -I "$dir/src" -c "$dir/src/$unit.c" -o "$work/$grammar-$unit.o" &
      pids+=("$!")
      objects+=("$work/$grammar-$unit.o")
    done
  done
  for pid in "${pids[@]}"; do wait "$pid" || die "compiling the instrumented tree-sitter runtime or grammar failed"; done
  ar rcs "$work/lib/libtree-sitter.a" "$work/runtime.o"
  ar rcs "$work/lib/libtree-sitter-typescript.a" "${objects[@]}"
  # pkg-config files that point the system-library targets at the instrumented archives.
  cat > "$work/pkgconfig/tree-sitter.pc" <<PC
Name: tree-sitter
Description: tree-sitter runtime $RUNTIME_VERSION, instrumented for fuzzing
Version: $RUNTIME_VERSION
Libs: -L$work/lib -ltree-sitter
Cflags: -I/usr/include
PC
  cat > "$work/pkgconfig/tree-sitter-typescript.pc" <<PC
Name: tree-sitter-typescript
Description: TypeScript and TSX grammars, instrumented for fuzzing
Version: $GRAMMAR_VERSION
Requires: tree-sitter
Libs: -L$work/lib -ltree-sitter-typescript
Cflags: -I/usr/local/include
PC
  rm -f "$work"/stamp-*
  touch "$stamp"
fi

configuration=$([ "$ci" = 1 ] && echo debug || echo release)
say "building the fuzz targets ($configuration, -sanitize=fuzzer,address)"
cd "$root/Fuzz"
# SwiftPM keeps the main package's file lists in the fuzz package's build plan: when a source file is
# added, moved or removed, the old plan would compile the old list. A stamp of the list drops the
# plan (not the compiled objects) when it changed.
sources_stamp=$(cd "$root" && find Sources Rules -name '*.swift' | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
if [ -d .build ] && [ "$(cat .build/sources.stamp 2>/dev/null)" != "$sources_stamp" ]; then
  rm -f .build/debug.yaml .build/release.yaml .build/build.db
fi
mkdir -p .build && printf '%s\n' "$sources_stamp" > .build/sources.stamp
export PKG_CONFIG_PATH="$work/pkgconfig"
product_of() {
  case "$1" in
    analysis) echo GrantedAnalysisFuzz ;;
    reporters) echo GrantedReportersFuzz ;;
    lsp) echo GrantedLanguageServerFuzz ;;
  esac
}
build=(swift build -c "$configuration" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address)
# Product by product: only what the run needs (the nightly workflow fuzzes each target in a job of
# its own), and a build of the whole fuzz package also compiles the main package's granted-lint
# executable, which failed here under the fuzzer flags (compiled as a library: no top-level code).
log="$root/.build/fuzz-build.log"
: > "$log"
for target in $targets; do
  "${build[@]}" --product "$(product_of "$target")" -v >> "$log" 2>&1 || { tail -n 40 "$log" >&2; die "the fuzz build failed (log: $log)"; }
done
bin_dir="$("${build[@]}" --show-bin-path)"
# Every compile job of our modules must carry both sanitizers.
our_modules='GrantedDiscovery|GrantedSyntax|GrantedSemantics|GrantedFlows|GrantedLinter|GrantedWorkspace|GrantedRules|GrantedReporters|GrantedLanguageServer|GrantedFuzzInput|GrantedAnalysisFuzz|GrantedReportersFuzz|GrantedLanguageServerFuzz'
jobs_total=$(grep -E "swift-frontend -frontend -c .*-module-name ($our_modules)( |\$)" "$log" | wc -l || true)
jobs_both=$(grep -E "swift-frontend -frontend -c .*-module-name ($our_modules)( |\$)" "$log" | grep -c -- '-sanitize=fuzzer,address' || true)
if [ "$jobs_total" -gt 0 ] && [ "$jobs_both" -ne "$jobs_total" ]; then
  die "$((jobs_total - jobs_both)) of $jobs_total compile jobs of our modules lack -sanitize=fuzzer,address (see $log)"
fi
say "compile jobs of our modules with -sanitize=fuzzer,address: $jobs_both of $jobs_total (0 of 0: nothing recompiled)"

# Refuses a binary without coverage sections or ASan checks, or whose named functions (C symbols or
# the start of a Swift mangled name) are missing or not instrumented.
check_instrumented() {
  local binary="$1"; shift
  local sections
  sections="$(objdump -h "$binary")"
  grep -q '__sancov_cntrs' <<<"$sections" && grep -q '__sancov_pcs' <<<"$sections" \
    || die "$binary has no __sancov_cntrs/__sancov_pcs sections: not instrumented for coverage; refusing to run"
  # (Into files first: `grep -q` closing a pipe early would fail the pipeline under pipefail.)
  nm "$binary" > "$work/symbols.txt"
  grep -q '__asan_report_load' "$work/symbols.txt" || die "$binary calls no AddressSanitizer check; refusing to run"
  local symbol name
  for symbol in "$@"; do
    name=$(awk -v s="$symbol" '$2 ~ /^[Tt]$/ && index($3, s) == 1 {print $3; exit}' "$work/symbols.txt")
    [ -n "$name" ] || die "$symbol is missing from $(basename "$binary")"
    objdump -d --no-show-raw-insn --disassemble="$name" "$binary" > "$work/function.txt"
    grep -q '__sanitizer_cov\|__asan_' "$work/function.txt" || die "$name in $(basename "$binary") is not instrumented"
  done
  rm -f "$work/symbols.txt" "$work/function.txt"
}

# Writes the seeds of a target into its corpus (libFuzzer reads them and mutates from there).
add_seeds() {
  local target="$1" corpus="$2" seed relative kind
  case "$target" in
    analysis)
      # Every fixture, behind the digit that makes the target lint it as its file name says
      # (FileKind in Fuzz/Sources/GrantedAnalysisFuzz: bit 0 TSX, bits 1–2 the platform), named
      # by its path (fixtures in different directories share names).
      while IFS= read -r -d '' seed; do
        relative="${seed#"$root/TestCorpus/"}"
        case "$seed" in *.ts) kind=0 ;; *) kind=1 ;; esac
        case "${seed##*/}" in
          *.android.*) kind=$((kind + 2)) ;;
          *.ios.*) kind=$((kind + 4)) ;;
          *.web.*) kind=$((kind + 6)) ;;
        esac
        { printf '%s' "$kind"; cat "$seed"; } > "$corpus/seed-${relative//\//_}"
      done < <(find "$root/TestCorpus" -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.js' -o -name '*.jsx' \) -size -64k -print0)
      ;;
    # Generated reports need no seeds: a few bytes already make a report.
    reporters) ;;
    lsp) cp "$root/Fuzz/Seeds/LanguageServer/"* "$corpus/" ;;
  esac
}

# Runs one target; $3 lists the names (-print_coverage patterns) of which the run must reach
# functions; $4 is its dictionary ("" for none), $5 the longest input it is given, $6 more
# libFuzzer options.
run_target() {
  local target="$1" binary="$2" must_reach="$3" dict="$4" max_len="$5" options="$6"
  local corpus="$root/.build/fuzz-corpus-$target"
  # CI's run starts from the seeds alone, in a directory of its own: the corpus long runs grew
  # (thousands of inputs) would take the debug build minutes to replay, inside `make test`.
  if [ "$ci" = 1 ]; then corpus="$root/.build/fuzz-corpus-ci-$target"; rm -rf "$corpus"; fi
  mkdir -p "$corpus" "$root/Fuzz/artifacts"
  add_seeds "$target" "$corpus"
  local seeds out status dict_option=()
  [ -z "$dict" ] || dict_option=(-dict="$dict")
  seeds=$(ls "$corpus" | wc -l)
  out="$root/.build/fuzz-run-$target.log"
  say "[$target] fuzzing $(basename "$binary") for ${seconds}s"
  set +e
  "$binary" -max_total_time="$seconds" -max_len="$max_len" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    "${dict_option[@]}" $options -print_coverage=1 -artifact_prefix="$root/Fuzz/artifacts/$target-" "$corpus" > "$out" 2>&1
  status=$?
  set -e
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)' "$out" | sed -n '1p;$p' >&2 || true
  # (`|| true`: a status line may lack a field, and `head` may close a pipe early.)
  local first_cov first_ft last_line last_cov last_ft units execs total_execs name count reached="" missing=""
  first_cov=$( { grep -oE 'INITED cov: [0-9]+' "$out" | grep -oE '[0-9]+' | head -n 1; } 2>/dev/null || true)
  first_ft=$( { grep -E 'INITED' "$out" | grep -oE 'ft: [0-9]+' | grep -oE '[0-9]+' | head -n 1; } 2>/dev/null || true)
  last_line=$( { grep -E '^#[0-9]+[[:space:]]' "$out" | grep -E 'cov: ' | tail -n 1; } || true)
  last_cov=$(grep -oE 'cov: [0-9]+' <<<"$last_line" | grep -oE '[0-9]+' || true)
  last_ft=$(grep -oE 'ft: [0-9]+' <<<"$last_line" | grep -oE '[0-9]+' || true)
  units=$(grep -oE 'corp: [0-9]+' <<<"$last_line" | grep -oE '[0-9]+' || true)
  execs=$(grep -oE 'exec/s: [0-9]+' <<<"$last_line" | grep -oE '[0-9]+' || true)
  total_execs=$( { grep -oE 'stat::number_of_executed_units: [0-9]+' "$out" | grep -oE '[0-9]+$'; } || true)
  for name in $must_reach; do
    count=$(grep -cE "COVERED_FUNC.*$name" "$out" || true)
    reached="$reached, $name $count"
    [ "$count" -gt 0 ] || missing="$missing $name"
  done
  say "[$target] seeds: $seeds; start: cov ${first_cov:-0} ft ${first_ft:-0}; end: cov ${last_cov:-0} ft ${last_ft:-0}, corpus ${units:-0} units, ${total_execs:-?} runs, ${execs:-0} exec/s; functions reached: ${reached#, }"
  say "[$target] full log: $out"
  if [ "$status" -ne 0 ]; then
    grep -E 'ERROR: (AddressSanitizer|libFuzzer)|SUMMARY|Test unit written|Fatal error' "$out" | head -n 10 >&2 || true
    die "[$target] the fuzzer stopped with status $status (a crash, leak or timeout; see Fuzz/artifacts/)"
  fi
  [ "${first_cov:-0}" -gt 0 ] && [ "${last_cov:-0}" -gt 0 ] || die "[$target] no coverage: the binary is not instrumented"
  [ "${last_cov:-0}" -ge "${first_cov:-0}" ] || die "[$target] coverage fell during the run"
  [ -z "$missing" ] || die "[$target] -print_coverage shows no function reached of:$missing"
  [ "${units:-0}" -ge $((seeds / 4)) ] || die "[$target] the seed corpus was not kept (${units:-0} units from $seeds seeds)"
  if [ "$ci" = 1 ]; then say "[$target] CI fuzz run passed: ${seconds}s, no crash, coverage ${first_cov} → ${last_cov}"; fi
}

# Every target is checked first, then they run two at a time (a libFuzzer process uses one core).
runs=()
for target in $targets; do
  binary="$bin_dir/$(product_of "$target")"
  case "$target" in
    analysis)
      check_instrumented "$binary" ts_parser_parse tree_sitter_tsx_external_scanner_scan
      say "[analysis] instrumented: coverage sections, ASan checks, and the C runtime and grammar"
      # No leak check after each input: libFuzzer runs one, a scan of the whole heap (500 MB
      # here), after each input that allocated more than it freed and reached new code, which is
      # most new inputs here (the linter's caches grow); it took a third of the time
      # (Benchmarks/RESULTS.md). LeakSanitizer still checks once, when the run ends (it found a
      # cycle of the flow evaluation that way), and the suite runs under it
      # (scripts/sanitizers.sh address).
      runs+=("analysis|$binary|GrantedRules|$root/Fuzz/granted.dict|65536|-detect_leaks=0")
      ;;
    reporters)
      # The Swift mangled names of SARIFReporter.render and JUnitReporter.render.
      check_instrumented "$binary" '$s16GrantedReporters13SARIFReporterV6render' '$s16GrantedReporters13JUnitReporterV6render'
      say "[reporters] instrumented: coverage sections, ASan checks, and the reporters"
      runs+=("reporters|$binary|GrantedReporters||16384|")
      ;;
    lsp)
      # The Swift mangled names of MessageFramer.append and TextDocument.apply.
      check_instrumented "$binary" '$s21GrantedLanguageServer13MessageFramerV6append' '$s21GrantedLanguageServer12TextDocumentV5apply'
      say "[lsp] instrumented: coverage sections, ASan checks, and MessageFramer and TextDocument"
      runs+=("lsp|$binary|MessageFramer TextDocument|$root/Fuzz/language-server.dict|65536|")
      ;;
  esac
done
failed=0
running=0
for run in "${runs[@]}"; do
  if [ "$running" -ge 2 ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  IFS='|' read -r target binary must_reach dict max_len options <<<"$run"
  run_target "$target" "$binary" "$must_reach" "$dict" "$max_len" "$options" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
[ "$failed" -eq 0 ] || die "a fuzz target failed (its messages are above)"
