#!/usr/bin/env bash
# granted-lint benchmark harness: one command, from any directory, on a fresh Debian machine.
#
#   bash Benchmarks/run.sh            # the full run (about 20-40 minutes on 2 cores)
#   bash Benchmarks/run.sh --quick    # a smoke test of the whole pipeline on small corpora
#   ONLY=startup,10k bash Benchmarks/run.sh   # only some groups (a few minutes; see ONLY below)
#
# It builds granted-lint (release), installs hyperfine and GNU time from Debian when missing,
# creates Benchmarks/.venv with pinned Semgrep and ast-grep from PyPI, generates the corpora into
# Benchmarks/corpus/ (1k, 10k, 30k files and a 10k "parse-heavy" one where every file imports
# expo-notifications), times every tool with hyperfine, measures granted-lint's peak memory with
# /usr/bin/time -v, counts each tool's true findings against the planted ones (EXPECTED.json) and
# writes Benchmarks/RESULTS.md. Raw results go to Benchmarks/results/ (git-ignored).
#
# The corpora live outside any git work tree (CORPUS_DIR, default /tmp/granted-bench-corpus) and are
# not git repositories: every tool walks them the same way, nothing is hidden by this repository's
# .gitignore, and `find DIR -type f` reads only the generated files (no .git objects).
#
# Environment: RUNS (default 5), RUNS_10K (the discovery group on 10k, default 10), STARTUP_RUNS (30),
# STARTUP_WARMUP (3), SLOW_RUNS (Semgrep, default 3), WARMUP (default 1), SEED (42),
# SKIP_BUILD=1 (use the existing release binary), SKIP_SEMGREP=1, SKIP_AST_GREP=1,
# CORPUS_DIR (where the corpora go, outside any git work tree; default /tmp/granted-bench-corpus),
# RESULTS_DIR (raw results; default Benchmarks/results),
# ONLY=group,group (only these groups; Semgrep and ast-grep are not installed unless named):
#   startup       granted-lint --version, on an empty directory and on one small file (two kinds),
#                 hyperfine -N (no shell), STARTUP_WARMUP / STARTUP_RUNS
#   10k           both cat floors (find | xargs cat, find -exec cat {} +), granted-lint on all cores
#                 and on one core (taskset -c 0), RUNS_10K runs, and the files each run checked
#   floors        the parse-heavy cat floor and the --parse-only parse floors
#   granted-lint  the other granted-lint rows (1k, 30k, --no-prefilter, parse-heavy)
#   ast-grep, semgrep, memory, findings
#   lsp           the language server (Benchmarks/lsp-latency.py): didChange -> diagnostics latency in
#                 1,200-line files, start-up to first diagnostics on the 10k corpus, RSS after 50 files;
#                 ONLY=lsp writes RESULTS_DIR/lsp-latency.md and stops there
#   With ONLY, the report goes to RESULTS_DIR/RESULTS.md and, unless SPLICE=0, its "Discovery and
#   start-up" section replaces that section of Benchmarks/RESULTS.md (the rest of the file, the
#   previous full run, stays). SPLICE defaults to 0 when BIN is given.
# BIN=/path/to/granted-lint (benchmark another build, e.g. an older commit's; implies SKIP_BUILD=1),
# LABEL (names the binary in the report; default: git describe of the binary's checkout),
# BASELINE=DIR (the RESULTS_DIR of an earlier run, e.g. of the commit before a change: its medians
#   are shown in a "before" column of the discovery section).
set -euo pipefail

SEMGREP_VERSION="1.185.0"
AST_GREP_VERSION="0.51.1"

bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench/.." && pwd)"
results="$bench/results"
results="${RESULTS_DIR:-$results}"
corpus="${CORPUS_DIR:-/tmp/granted-bench-corpus}"
venv="$bench/.venv"

RUNS="${RUNS:-5}"
RUNS_10K="${RUNS_10K:-10}"
STARTUP_RUNS="${STARTUP_RUNS:-30}"
STARTUP_WARMUP="${STARTUP_WARMUP:-3}"
SLOW_RUNS="${SLOW_RUNS:-3}"
WARMUP="${WARMUP:-1}"
SEED="${SEED:-42}"
ONLY="${ONLY:-}"
declare -A SIZE=([1k]=1000 [10k]=10000 [30k]=30000)
quick=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    -h|--help) sed -n '2,41p' "$0"; exit 0 ;;
    *) printf 'run.sh: unknown argument %s (try --help)\n' "$arg" >&2; exit 2 ;;
  esac
done
if [ "$quick" = 1 ]; then
  # Same pipeline, small corpora (the names stay 1k/10k/30k so the report reads the same).
  SIZE=([1k]=100 [10k]=1000 [30k]=3000)
  RUNS=2; RUNS_10K=2; STARTUP_RUNS=5; STARTUP_WARMUP=1; SLOW_RUNS=1; WARMUP=0
  corpus="$corpus-quick"
  results="${RESULTS_DIR:-$bench/results-quick}"
fi
all_groups="startup 10k floors granted-lint ast-grep semgrep memory findings lsp"
for g in ${ONLY//,/ }; do
  [[ " $all_groups " == *" $g "* ]] || { printf 'run.sh: unknown group %s in ONLY (groups: %s)\n' "$g" "$all_groups" >&2; exit 2; }
done
want() { [ -z "$ONLY" ] || [[ ",$ONLY," == *",$1,"* ]]; }  # is this group run?

cdir="$corpus"  # commands run in Benchmarks/ and name the corpora by their absolute paths
log() { printf '\n==> %s\n' "$*" >&2; }
note() { printf 'run.sh: %s\n' "$*" >&2; }
die() { printf 'run.sh: error: %s\n' "$*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
trap 'printf "run.sh: failed at line %s: %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR

mkdir -p "$results"
results="$(cd "$results" && pwd)"
if [ -n "${BASELINE:-}" ]; then
  [ -f "$BASELINE/meta.json" ] || die "BASELINE=$BASELINE has no meta.json (it should be the RESULTS_DIR of an earlier run)"
  BASELINE="$(cd "$BASELINE" && pwd)"
fi
rm -f "$results"/hyperfine-*.json "$results"/score-*.json "$results"/memory-*.txt "$results"/findings-*.json \
  "$results"/files-checked.tsv "$results"/meta.json "$results"/RESULTS.md "$results"/lsp-latency.md "$results"/lsp-latency.json
notes="$results/notes.txt"; : > "$notes"
commands="$results/commands.tsv"; : > "$commands"
add_note() { printf '%s\n' "$*" >> "$notes"; note "$*"; }

# ------------------------------------------------------------------------------------------------
[ -n "$ONLY" ] && add_note "ONLY=$ONLY: only these groups were run"
log "1/8 tools from Debian (hyperfine, GNU time, taskset, git)"
missing=()
command -v hyperfine >/dev/null 2>&1 || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
command -v taskset >/dev/null 2>&1 || missing+=(util-linux)
command -v git >/dev/null 2>&1 || missing+=(git)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
if [ "${#missing[@]}" -gt 0 ]; then
  note "installing ${missing[*]} with apt-get"
  as_root apt-get update -qq || die "apt-get update failed"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
    || die "apt-get install ${missing[*]} failed"
fi
command -v hyperfine >/dev/null 2>&1 || die "hyperfine is still missing"

# ------------------------------------------------------------------------------------------------
log "2/8 build granted-lint (release)"
bin="$root/.build/release/granted-lint"
gl="../.build/release/granted-lint"  # as written in the commands, which run in Benchmarks/
if [ -n "${BIN:-}" ]; then
  bin="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
  gl="$bin"
  [ -x "$bin" ] || die "BIN=$BIN is not an executable"
  note "BIN: benchmarking $bin (no build)"
elif [ "${SKIP_BUILD:-0}" = 1 ] && [ -x "$bin" ]; then
  note "SKIP_BUILD=1: using the existing $bin"
else
  bash "$root/scripts/setup.sh" || die "scripts/setup.sh failed"
  (cd "$root" && swift build -c release) || die "swift build -c release failed"
fi
[ -x "$bin" ] || die "no binary at $bin after the build"
if [ -z "${LABEL:-}" ]; then
  LABEL="$(git -C "$(dirname "$bin")" describe --always --dirty 2>/dev/null || echo "$bin")"
fi

# ------------------------------------------------------------------------------------------------
log "3/8 Semgrep $SEMGREP_VERSION and ast-grep $AST_GREP_VERSION in $venv"
need_venv=0
if want semgrep && [ "${SKIP_SEMGREP:-0}" != 1 ]; then need_venv=1; fi
if want ast-grep && [ "${SKIP_AST_GREP:-0}" != 1 ]; then need_venv=1; fi
if [ "$need_venv" = 0 ]; then
  note "Semgrep and ast-grep are not run (ONLY=${ONLY:-all}, SKIP_SEMGREP=${SKIP_SEMGREP:-0}, SKIP_AST_GREP=${SKIP_AST_GREP:-0})"
else
stamp="$venv/.bench-requirements"
want="semgrep==$SEMGREP_VERSION ast-grep-cli==$AST_GREP_VERSION"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv" || die "cannot create $venv (python3-venv missing?)"
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $want \
    || die "pip could not install $want"
  printf '%s' "$want" > "$stamp"
fi
semgrep="$venv/bin/semgrep"
astgrep="$venv/bin/ast-grep"
[ -x "$semgrep" ] || die "semgrep missing from $venv"
[ -x "$astgrep" ] || die "ast-grep missing from $venv"
fi
export SEMGREP_SEND_METRICS=off SEMGREP_ENABLE_VERSION_CHECK=0

# ------------------------------------------------------------------------------------------------
log "4/8 corpora in $corpus"
mkdir -p "$corpus"
corpus="$(cd "$corpus" && pwd -P)"; cdir="$corpus"
# Outside any git work tree: inside one (this repository ignores Benchmarks/corpus/), git-based
# discovery lists nothing and ignore-file-aware walkers skip everything.
if top="$(git -C "$corpus" rev-parse --show-toplevel 2>/dev/null)"; then
  die "CORPUS_DIR=$corpus is inside the git work tree $top; choose a directory outside any git work tree"
fi
generator="$bench/generate_corpus.py"
gen_hash="$(sha256sum "$generator" | cut -c1-16)"
make_corpus() {  # name files [--parse-heavy]
  local name="$1" files="$2"; shift 2
  # The stamp sits next to the corpus, so that `find DIR -type f` sees only the generated files.
  local dir="$corpus/$name" stampfile="$corpus/.$name.bench-stamp" key="seed=$SEED files=$files $* generator=$gen_hash"
  if [ -d "$dir" ] && [ -f "$stampfile" ] && [ "$(cat "$stampfile")" = "$key" ]; then
    note "$name: up to date"
    return
  fi
  rm -f "$stampfile"
  python3 "$generator" --seed "$SEED" --files "$files" --out "$dir" "$@" || die "generating $name failed"
  printf '%s' "$key" > "$stampfile"
}
# The start-up inputs: one small file that imports nothing the rules look at, one small file that
# imports expo-notifications (so it is parsed and checked), and an empty directory.
make_startup() {
  local dir="$corpus/startup"
  rm -rf "$dir"; mkdir -p "$dir/empty"
  cat > "$dir/formatPrice.ts" <<'TS'
import { currencyForLocale } from './currency';

export interface Price {
  amount: number;
  currency?: string;
}

export function formatPrice(price: Price, locale = 'en-US'): string {
  const currency = price.currency ?? currencyForLocale(locale);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price.amount / 100);
}

export function sumPrices(prices: Price[]): number {
  return prices.reduce((total, price) => total + price.amount, 0);
}
TS
  cat > "$dir/notificationPermission.ts" <<'TS'
import * as Notifications from 'expo-notifications';

export async function ensureNotificationPermission(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (current.granted || current.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL) {
    return true;
  }
  const requested = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowBadge: true, allowSound: true },
  });
  return requested.granted || requested.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}
TS
}
make_startup
if want 10k || want granted-lint || want floors || want ast-grep || want semgrep || want memory || want findings || want lsp; then
  make_corpus 10k "${SIZE[10k]}"
fi
if want granted-lint; then
  make_corpus 1k "${SIZE[1k]}"
  make_corpus 30k "${SIZE[30k]}"
fi
if want granted-lint || want floors || want memory; then
  make_corpus 10k-parse-heavy "${SIZE[10k]}" --parse-heavy
fi

# ------------------------------------------------------------------------------------------------
log "5/8 check every command once"
cd "$bench"
semgrep=".venv/bin/semgrep"; astgrep=".venv/bin/ast-grep"  # shorter in the recorded commands
# exit codes: granted-lint 1 = findings; ast-grep 1 = error-severity findings; both are expected.
ok_exit() { # name expected-codes command...
  local name="$1" codes="$2"; shift 2
  local rc=0
  "$@" > /dev/null 2> "$results/check.err" || rc=$?
  if [[ " $codes " == *" $rc "* ]]; then return 0; fi
  add_note "$name: exit $rc ($(head -c 300 "$results/check.err" | tr '\n' ' ')), left out"
  return 1
}
have_parse_only=0
if ok_exit "granted-lint --parse-only" "0 1" "$bin" --parse-only --format json $cdir/startup; then
  have_parse_only=1
else
  add_note "granted-lint has no --parse-only mode yet: the tree-sitter parse floor was not measured"
fi
ok_exit "granted-lint" "0 1" "$bin" --format json $cdir/startup || die "granted-lint does not run (see above)"
use_semgrep=0; use_astgrep=0
if ! want semgrep; then :
elif [ "${SKIP_SEMGREP:-0}" != 1 ]; then
  ok_exit "semgrep" "0 1" "$semgrep" scan --config semgrep/rules.yaml --metrics=off --disable-version-check --json -q $cdir/startup && use_semgrep=1
else add_note "SKIP_SEMGREP=1: Semgrep left out"; fi
if ! want ast-grep; then :
elif [ "${SKIP_AST_GREP:-0}" != 1 ]; then
  ok_exit "ast-grep" "0 1" "$astgrep" scan -c ast-grep/sgconfig.yml --json=compact $cdir/startup && use_astgrep=1
else add_note "SKIP_AST_GREP=1: ast-grep left out"; fi
# How many files each run checks (discovery must find the same files before and after a change).
files_checked() { # name args...
  local name="$1" n json; shift
  json="$("$bin" "$@" 2>/dev/null)" || true  # exit 1 = findings
  n="$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["filesChecked"])' 2>/dev/null)" || n='?'
  printf '%s\t%s\n' "$name" "$n" >> "$results/files-checked.tsv"
  note "$name: $n files checked"
}
if want startup; then
  files_checked "granted-lint empty dir" --format json $cdir/startup/empty
  files_checked "granted-lint one small file" --format json $cdir/startup/formatPrice.ts
  files_checked "granted-lint one small file, expo-notifications" --format json $cdir/startup/notificationPermission.ts
fi
if want 10k; then
  files_checked "granted-lint 10k" --format json $cdir/10k
fi

# ------------------------------------------------------------------------------------------------
log "6/8 hyperfine (warmup $WARMUP, runs $RUNS; 10k group runs $RUNS_10K; start-up -N, warmup $STARTUP_WARMUP, runs $STARTUP_RUNS; Semgrep runs $SLOW_RUNS)"
hf_args=(--ignore-failure --style basic)
bench_group() { # group warmup runs shell-or-"-N" name command [name command ...]
  local group="$1" warmup="$2" runs="$3" shell="$4"; shift 4
  local args=() name cmd
  [ "$shell" = "-N" ] && args+=(-N)
  while [ "$#" -gt 0 ]; do
    name="$1"; cmd="$2"; shift 2
    printf '%s\t%s\n' "$name" "$cmd" >> "$commands"
    args+=(--command-name "$name" "$cmd")
  done
  hyperfine "${hf_args[@]}" --warmup "$warmup" --runs "$runs" --export-json "$results/hyperfine-$group.json" "${args[@]}" \
    || die "hyperfine failed for $group"
}
cat_cmd() { printf "find %s -type f -name '*.ts*' -print0 | xargs -0 cat > /dev/null" "$1"; }
# The floor of the issue "File discovery without git processes": read every file, one find process.
exec_cat_cmd() { printf "find %s -type f -exec cat {} + > /dev/null" "$1"; }

if want startup; then  # no shell (-N): a shell's start-up would be most of a 10 ms figure
  bench_group 0-startup "$STARTUP_WARMUP" "$STARTUP_RUNS" -N \
    "granted-lint --version" "$gl --version" \
    "granted-lint empty dir" "$gl --format json $cdir/startup/empty" \
    "granted-lint one small file" "$gl --format json $cdir/startup/formatPrice.ts" \
    "granted-lint one small file, expo-notifications" "$gl --format json $cdir/startup/notificationPermission.ts"
fi
if want 10k; then
  bench_group 1-10k "$WARMUP" "$RUNS_10K" shell \
    "cat floor 10k" "$(cat_cmd $cdir/10k)" \
    "find -exec cat floor 10k" "$(exec_cat_cmd $cdir/10k)" \
    "granted-lint 10k" "$gl --format json $cdir/10k" \
    "granted-lint 1 core 10k" "taskset -c 0 $gl --format json $cdir/10k"
fi
if want floors; then
  floors=("cat floor 10k parse-heavy" "$(cat_cmd $cdir/10k-parse-heavy)")
  if [ "$have_parse_only" = 1 ]; then
    floors+=("parse floor 10k" "$gl --parse-only --format json $cdir/10k"
             "parse floor 10k parse-heavy" "$gl --parse-only --format json $cdir/10k-parse-heavy")
  fi
  bench_group floors "$WARMUP" "$RUNS" shell "${floors[@]}"
fi
if want granted-lint; then
  bench_group granted-lint "$WARMUP" "$RUNS" shell \
    "granted-lint 1k" "$gl --format json $cdir/1k" \
    "granted-lint 30k" "$gl --format json $cdir/30k" \
    "granted-lint --no-prefilter 10k" "$gl --no-prefilter --format json $cdir/10k" \
    "granted-lint 10k parse-heavy" "$gl --format json $cdir/10k-parse-heavy" \
    "granted-lint 1 core 10k parse-heavy" "taskset -c 0 $gl --format json $cdir/10k-parse-heavy"
fi

if [ "$use_astgrep" = 1 ]; then
  bench_group ast-grep "$WARMUP" "$RUNS" shell "ast-grep 10k" "$astgrep scan -c ast-grep/sgconfig.yml --json=compact $cdir/10k"
fi
if [ "$use_semgrep" = 1 ]; then
  bench_group semgrep "$WARMUP" "$SLOW_RUNS" shell \
    "semgrep 10k" "$semgrep scan --config semgrep/rules.yaml --metrics=off --disable-version-check --json -q $cdir/10k"
fi

# ------------------------------------------------------------------------------------------------
log "7/8 peak memory of granted-lint (/usr/bin/time -v)"
memory() { # label args...
  local label="$1"; shift
  /usr/bin/time -v "$bin" "$@" > /dev/null 2> "$results/memory-$label.txt" || true
  grep -q "Maximum resident set size" "$results/memory-$label.txt" \
    || add_note "memory-$label: /usr/bin/time gave no peak RSS"
  note "$label: $(grep 'Maximum resident set size' "$results/memory-$label.txt" || echo '?')"
}
if want memory; then
  memory 10k --format json $cdir/10k
  memory 10k-noprefilter --no-prefilter --format json $cdir/10k
  memory 10k-parse-heavy --format json $cdir/10k-parse-heavy
  [ -d "$cdir/30k" ] && memory 30k --format json $cdir/30k
fi

# ------------------------------------------------------------------------------------------------
if want lsp; then
  log "7b/8 the language server: typing latency, start-up on the 10k corpus, memory (lsp-latency.py)"
  python3 lsp-latency.py --binary "$bin" --corpus "$cdir/10k" \
    --out-md "$results/lsp-latency.md" --out-json "$results/lsp-latency.json" || die "lsp-latency.py failed"
  if [ "$ONLY" = lsp ]; then
    log "done: $results/lsp-latency.md"
    exit 0
  fi
fi

# ------------------------------------------------------------------------------------------------
log "8/8 true findings on the 10k corpus, and the report"
if want findings; then
"$bin" --format json $cdir/10k > "$results/findings-granted-lint.json" || [ $? -eq 1 ] || die "granted-lint failed on $cdir/10k"
python3 report.py score --tool granted-lint --expected $cdir/10k/EXPECTED.json \
  --findings "$results/findings-granted-lint.json" --cwd . --out "$results/score-granted-lint.json"
if [ "$use_semgrep" = 1 ]; then
  "$semgrep" scan --config semgrep/rules.yaml --metrics=off --disable-version-check --json -q $cdir/10k \
    > "$results/findings-semgrep.json" || [ $? -eq 1 ] || die "semgrep failed on $cdir/10k"
  python3 report.py score --tool semgrep --expected $cdir/10k/EXPECTED.json \
    --findings "$results/findings-semgrep.json" --cwd . --out "$results/score-semgrep.json"
fi
if [ "$use_astgrep" = 1 ]; then
  "$astgrep" scan -c ast-grep/sgconfig.yml --json=compact $cdir/10k > "$results/findings-ast-grep.json" 2>/dev/null \
    || [ $? -eq 1 ] || die "ast-grep failed on $cdir/10k"
  python3 report.py score --tool ast-grep --expected $cdir/10k/EXPECTED.json \
    --findings "$results/findings-ast-grep.json" --cwd . --out "$results/score-ast-grep.json"
fi
fi

export BENCH_RESULTS="$results" BENCH_CORPUS="$corpus" BENCH_BIN="$bin" BENCH_SEMGREP="$semgrep" BENCH_ASTGREP="$astgrep"
export BENCH_HF_ARGS="hyperfine ${hf_args[*]} --warmup $WARMUP --runs $RUNS (10k group: --runs $RUNS_10K; start-up: -N --warmup $STARTUP_WARMUP --runs $STARTUP_RUNS; Semgrep: --runs $SLOW_RUNS) --export-json"
export BENCH_ROOT="$root" BENCH_QUICK="$quick" BENCH_LABEL="$LABEL" BENCH_ONLY="$ONLY" BENCH_USE_SEMGREP="$use_semgrep" BENCH_USE_ASTGREP="$use_astgrep"
python3 - <<'PY'
import json, os, platform, subprocess
from pathlib import Path

def sh(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.strip()
    except Exception:
        return "?"

env = os.environ
results = Path(env["BENCH_RESULTS"])
corpus = Path(env["BENCH_CORPUS"])
cpu = "?"
for line in Path("/proc/cpuinfo").read_text().splitlines():
    if line.startswith("model name"):
        cpu = line.split(":", 1)[1].strip()
        break
mem_kb = next((int(l.split()[1]) for l in Path("/proc/meminfo").read_text().splitlines() if l.startswith("MemTotal")), 0)
os_name = next((l.split("=", 1)[1].strip('"') for l in Path("/etc/os-release").read_text().splitlines()
                if l.startswith("PRETTY_NAME=")), platform.platform())
commands = {}
for line in (results / "commands.tsv").read_text().splitlines():
    name, cmd = line.split("\t", 1)
    commands[name] = cmd
corpora = {}
for name in ("1k", "10k", "30k", "10k-parse-heavy"):
    p = corpus / name / "EXPECTED.json"
    if p.exists():
        m = json.loads(p.read_text())
        corpora[name] = {"files": m["files"], "totalBytes": m["totalBytes"], "permissionFiles": m["permissionFiles"],
                         "expected": len(m["expected"])}
notes = [l for l in (results / "notes.txt").read_text().splitlines() if l.strip()]
if env.get("BENCH_QUICK") == "1":
    notes.insert(0, "QUICK RUN (--quick): small corpora and few runs; these figures only test the pipeline.")
tools = "; ".join([t for t in [
    sh(env["BENCH_BIN"], "--version") or "granted-lint ?",
    sh("hyperfine", "--version"),
    "semgrep " + sh(env["BENCH_SEMGREP"], "--version") if env.get("BENCH_USE_SEMGREP") == "1" else "",
    sh(env["BENCH_ASTGREP"], "--version") if env.get("BENCH_USE_ASTGREP") == "1" else "",
    (sh("swift", "--version").splitlines() or ["swift ?"])[0],
] if t])
files_checked = {}
fc = results / "files-checked.tsv"
if fc.exists():
    for line in fc.read_text().splitlines():
        name, n = line.split("\t", 1)
        files_checked[name] = int(n) if n.isdigit() else n
meta = {
    "date": sh("date", "-u", "+%Y-%m-%d %H:%M UTC"),
    "commit": env["BENCH_LABEL"],
    "binary": env["BENCH_BIN"],
    "only": env.get("BENCH_ONLY", ""),
    "corpusDir": str(corpus),
    "filesChecked": files_checked,
    "grantedVersion": sh(env["BENCH_BIN"], "--version"),
    "cpu": cpu,
    "nproc": sh("nproc"),
    "memory": f"{mem_kb / 1024 / 1024:.1f} GiB",
    "os": os_name,
    "tools": tools,
    "hyperfineArgs": env["BENCH_HF_ARGS"],
    "commands": commands,
    "corpora": corpora,
    "notes": notes,
}
(results / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
PY
# The medians of the RESULTS.md this run replaces (or adds to) are shown as "previous" figures.
previous="$results/previous-RESULTS.md"
if [ -f "$bench/RESULTS.md" ]; then cp "$bench/RESULTS.md" "$previous"; else rm -f "$previous"; fi
render=(python3 report.py render --results "$results")
[ -f "$previous" ] && render+=(--previous "$previous")
[ -n "${BASELINE:-}" ] && render+=(--baseline "$BASELINE")
if [ "$quick" = 1 ] || [ -n "$ONLY" ]; then
  "${render[@]}" --out "$results/RESULTS.md"
  splice_default=1; [ -n "${BIN:-}" ] && splice_default=0; [ "$quick" = 1 ] && splice_default=0
  if [ -n "$ONLY" ] && [ "${SPLICE:-$splice_default}" = 1 ]; then
    "${render[@]}" --splice --out "$bench/RESULTS.md"
    log "done: $results/RESULTS.md; the discovery section of $bench/RESULTS.md updated"
  else
    log "done: $results/RESULTS.md"
  fi
else
  "${render[@]}" --out "$bench/RESULTS.md"
  log "done: $bench/RESULTS.md"
fi
