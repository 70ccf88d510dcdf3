#!/usr/bin/env bash
# granted-lint benchmark harness: one command, from any directory, on a fresh Debian machine.
#
#   bash Benchmarks/run.sh            # the full run (about 20-40 minutes on 2 cores)
#   bash Benchmarks/run.sh --quick    # a smoke test of the whole pipeline on small corpora
#
# It builds granted-lint (release), installs hyperfine and GNU time from Debian when missing,
# creates Benchmarks/.venv with pinned Semgrep and ast-grep from PyPI, generates the corpora into
# Benchmarks/corpus/ (1k, 10k, 30k files and a 10k "parse-heavy" one where every file imports
# expo-notifications), times every tool with hyperfine, measures granted-lint's peak memory with
# /usr/bin/time -v, counts each tool's true findings against the planted ones (EXPECTED.json) and
# writes Benchmarks/RESULTS.md. Raw results go to Benchmarks/results/ (git-ignored).
#
# Environment: RUNS (default 5), SLOW_RUNS (Semgrep, default 3), WARMUP (default 1), SEED (42),
# SKIP_BUILD=1 (use the existing release binary), SKIP_SEMGREP=1, SKIP_AST_GREP=1.
set -euo pipefail

SEMGREP_VERSION="1.185.0"
AST_GREP_VERSION="0.51.1"

bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$bench/.." && pwd)"
results="$bench/results"
corpus="$bench/corpus"
venv="$bench/.venv"

RUNS="${RUNS:-5}"
SLOW_RUNS="${SLOW_RUNS:-3}"
WARMUP="${WARMUP:-1}"
SEED="${SEED:-42}"
declare -A SIZE=([1k]=1000 [10k]=10000 [30k]=30000)
quick=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) printf 'run.sh: unknown argument %s (try --help)\n' "$arg" >&2; exit 2 ;;
  esac
done
if [ "$quick" = 1 ]; then
  # Same pipeline, small corpora (the names stay 1k/10k/30k so the report reads the same).
  SIZE=([1k]=100 [10k]=1000 [30k]=3000)
  RUNS=2; SLOW_RUNS=1; WARMUP=0
  corpus="$bench/corpus-quick"
  results="$bench/results-quick"
fi

cdir="$(basename "$corpus")"  # commands run in Benchmarks/ and name the corpora relative to it
log() { printf '\n==> %s\n' "$*" >&2; }
note() { printf 'run.sh: %s\n' "$*" >&2; }
die() { printf 'run.sh: error: %s\n' "$*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
trap 'printf "run.sh: failed at line %s: %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR

mkdir -p "$results"
rm -f "$results"/hyperfine-*.json "$results"/score-*.json "$results"/memory-*.txt "$results"/findings-*.json
notes="$results/notes.txt"; : > "$notes"
commands="$results/commands.tsv"; : > "$commands"
add_note() { printf '%s\n' "$*" >> "$notes"; note "$*"; }

# ------------------------------------------------------------------------------------------------
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
if [ "${SKIP_BUILD:-0}" = 1 ] && [ -x "$bin" ]; then
  note "SKIP_BUILD=1: using the existing $bin"
else
  bash "$root/scripts/setup.sh" || die "scripts/setup.sh failed"
  (cd "$root" && swift build -c release) || die "swift build -c release failed"
fi
[ -x "$bin" ] || die "no binary at $bin after the build"
gl="../.build/release/granted-lint"  # as written in the commands, which run in Benchmarks/

# ------------------------------------------------------------------------------------------------
log "3/8 Semgrep $SEMGREP_VERSION and ast-grep $AST_GREP_VERSION in $venv"
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
export SEMGREP_SEND_METRICS=off SEMGREP_ENABLE_VERSION_CHECK=0

# ------------------------------------------------------------------------------------------------
log "4/8 corpora in $corpus"
generator="$bench/generate_corpus.py"
gen_hash="$(sha256sum "$generator" | cut -c1-16)"
make_corpus() {  # name files [--parse-heavy]
  local name="$1" files="$2"; shift 2
  local dir="$corpus/$name" key="seed=$SEED files=$files $* generator=$gen_hash"
  if [ -f "$dir/.bench-stamp" ] && [ "$(cat "$dir/.bench-stamp")" = "$key" ]; then
    note "$name: up to date"
    return
  fi
  python3 "$generator" --seed "$SEED" --files "$files" --out "$dir" "$@" || die "generating $name failed"
  # Benchmarks/corpus/ is git-ignored in this repository, and every tool here skips git-ignored
  # files. Each corpus is therefore its own git repository with its files staged, as in a real
  # project: the tools list it with git like any checkout.
  git -C "$dir" init -q
  git -C "$dir" add -A
  printf '%s' "$key" > "$dir/.bench-stamp"
}
make_corpus 1k "${SIZE[1k]}"
make_corpus 10k "${SIZE[10k]}"
make_corpus 30k "${SIZE[30k]}"
make_corpus 10k-parse-heavy "${SIZE[10k]}" --parse-heavy

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
if ok_exit "granted-lint --parse-only" "0 1" "$bin" --parse-only --format json $cdir/1k; then
  have_parse_only=1
else
  add_note "granted-lint has no --parse-only mode yet: the tree-sitter parse floor was not measured"
fi
ok_exit "granted-lint" "0 1" "$bin" --format json $cdir/1k || die "granted-lint does not run (see above)"
use_semgrep=0; use_astgrep=0
if [ "${SKIP_SEMGREP:-0}" != 1 ]; then
  ok_exit "semgrep" "0 1" "$semgrep" scan --config semgrep/rules.yaml --metrics=off --disable-version-check --json -q $cdir/1k && use_semgrep=1
else add_note "SKIP_SEMGREP=1: Semgrep left out"; fi
if [ "${SKIP_AST_GREP:-0}" != 1 ]; then
  ok_exit "ast-grep" "0 1" "$astgrep" scan -c ast-grep/sgconfig.yml --json=compact $cdir/1k && use_astgrep=1
else add_note "SKIP_AST_GREP=1: ast-grep left out"; fi

# ------------------------------------------------------------------------------------------------
log "6/8 hyperfine (warmup $WARMUP, runs $RUNS; Semgrep runs $SLOW_RUNS)"
hf_args=(--warmup "$WARMUP" --ignore-failure --style basic)
bench_group() { # group runs name command [name command ...]
  local group="$1" runs="$2"; shift 2
  local args=() name cmd
  while [ "$#" -gt 0 ]; do
    name="$1"; cmd="$2"; shift 2
    printf '%s\t%s\n' "$name" "$cmd" >> "$commands"
    args+=(--command-name "$name" "$cmd")
  done
  hyperfine "${hf_args[@]}" --runs "$runs" --export-json "$results/hyperfine-$group.json" "${args[@]}" \
    || die "hyperfine failed for $group"
}
cat_cmd() { printf "find %s -type f -name '*.ts*' -print0 | xargs -0 cat > /dev/null" "$1"; }

floors=("cat floor 10k" "$(cat_cmd $cdir/10k)" "cat floor 10k parse-heavy" "$(cat_cmd $cdir/10k-parse-heavy)")
if [ "$have_parse_only" = 1 ]; then
  floors+=("parse floor 10k" "$gl --parse-only --format json $cdir/10k"
           "parse floor 10k parse-heavy" "$gl --parse-only --format json $cdir/10k-parse-heavy")
fi
bench_group floors "$RUNS" "${floors[@]}"

bench_group granted-lint "$RUNS" \
  "granted-lint 1k" "$gl --format json $cdir/1k" \
  "granted-lint 10k" "$gl --format json $cdir/10k" \
  "granted-lint 30k" "$gl --format json $cdir/30k" \
  "granted-lint --no-prefilter 10k" "$gl --no-prefilter --format json $cdir/10k" \
  "granted-lint 1 core 10k" "taskset -c 0 $gl --format json $cdir/10k" \
  "granted-lint 10k parse-heavy" "$gl --format json $cdir/10k-parse-heavy" \
  "granted-lint 1 core 10k parse-heavy" "taskset -c 0 $gl --format json $cdir/10k-parse-heavy"

if [ "$use_astgrep" = 1 ]; then
  bench_group ast-grep "$RUNS" "ast-grep 10k" "$astgrep scan -c ast-grep/sgconfig.yml --json=compact $cdir/10k"
fi
if [ "$use_semgrep" = 1 ]; then
  bench_group semgrep "$SLOW_RUNS" \
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
memory 10k --format json $cdir/10k
memory 10k-noprefilter --no-prefilter --format json $cdir/10k
memory 10k-parse-heavy --format json $cdir/10k-parse-heavy
memory 30k --format json $cdir/30k

# ------------------------------------------------------------------------------------------------
log "8/8 true findings on the 10k corpus, and the report"
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

export BENCH_RESULTS="$results" BENCH_CORPUS="$corpus" BENCH_BIN="$bin" BENCH_SEMGREP="$semgrep" BENCH_ASTGREP="$astgrep"
export BENCH_HF_ARGS="hyperfine ${hf_args[*]} --runs $RUNS (Semgrep: --runs $SLOW_RUNS) --export-json"
export BENCH_ROOT="$root" BENCH_QUICK="$quick"
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
tools = "; ".join([
    sh(env["BENCH_BIN"], "--version") or "granted-lint ?",
    sh("hyperfine", "--version"),
    "semgrep " + sh(env["BENCH_SEMGREP"], "--version"),
    sh(env["BENCH_ASTGREP"], "--version"),
    (sh("swift", "--version").splitlines() or ["swift ?"])[0],
])
meta = {
    "date": sh("date", "-u", "+%Y-%m-%d %H:%M UTC"),
    "commit": sh("git", "-C", env["BENCH_ROOT"], "describe", "--always", "--dirty"),
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
out="$bench/RESULTS.md"
[ "$quick" = 1 ] && out="$results/RESULTS.md"
python3 report.py render --results "$results" --out "$out"
log "done: $out"
