#!/usr/bin/env bash
# `make test` (and so `.ci/run`): everything the project checks, in the order that keeps both cores
# busy on a fresh machine.
#
#   1. The set-up (scripts/setup.sh) and the tests' tools (scripts/test-deps.sh).
#   2. In the background from here on: `make dist`'s tarball (a static release build, into
#      .build/dist/tarballs) and the Debian 11 tree the old-glibc test runs it in (a download), which
#      only the suite's distribution tests need; and the check of the Action and the workflows
#      (zizmor, their schemas) with the pre-commit framework the hook tests use (pip downloads); and
#      Chromium (apt-get) with Mermaid 11 (a PyPI wheel), which the test that renders the docs'
#      diagrams needs (scripts/mermaid-env.sh).
#      A release build keeps about 1.3 cores busy and a download almost none, so the steps below
#      fill what they leave. Run inside the suite instead, the dist build held one of its two test
#      threads for 2½ minutes (Benchmarks/RESULTS.md, "make test").
#   3. Our targets built with warnings as errors, tests included (a scratch path of their own, so the
#      normal build keeps its flags).
#   4. The three fuzz targets (analysis, reporters, lsp), in the background too (Linux: libFuzzer
#      comes with swift.org's toolchains, not Xcode's): built with coverage and AddressSanitizer,
#      checked, and a short run each, two at a time (about a minute on one core and a half, which
#      would leave the rest idle; the suite uses it).
#   5. The suite, from the build of step 3 (the tests find the executable next to their bundle),
#      given the tarball of step 2 through GRANTED_LINT_DIST_TARBALL and mermaid.min.js through
#      GRANTED_LINT_MERMAID_JS. `swift test` alone builds it itself.
#
# Logs of the background steps: .build/test-logs/. A failure there fails `make test` with the end of
# its log; the background steps are stopped when anything else fails.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
SWIFT=${SWIFT:-swift}
logs=$root/.build/test-logs
say() { printf 'make test: %s\n' "$*" >&2; }

bash scripts/setup.sh
bash scripts/test-deps.sh

mkdir -p "$logs"
background=()
stop_background() {
  # Only this shell: a job is a copy of it until it runs its command, and one stopped before
  # then would run this trap too.
  [ "$BASH_SUBSHELL" -eq 0 ] || return 0
  local pid
  for pid in ${background[@]+"${background[@]}"}; do
    kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  done
}
trap stop_background EXIT
# Each in a process group of its own (set -m), so that stopping it stops its compilers too.
start() { # NAME COMMAND...
  local name=$1
  shift
  set -m
  "$@" > "$logs/$name.log" 2>&1 &
  set +m
  background+=("$!")
  eval "${name//-/_}_pid=$!"
  say "started $name in the background (log: ${logs#"$root/"}/$name.log)"
}
# Waits for background step NAME; on failure prints the end of its log and fails.
finish() { # NAME WHAT
  local name=$1 what=$2 pid_variable="${1//-/_}_pid"
  if ! wait "${!pid_variable}"; then
    tail -n 40 "$logs/$name.log" >&2
    say "error: $what failed (the whole log: ${logs#"$root/"}/$name.log)"
    exit 1
  fi
}
case "$(uname -s)" in Linux) linux=1 ;; *) linux=0 ;; esac
dist_tarball=""
if [ "$linux" = 1 ]; then
  start dist env GRANTED_LINT_DIST_DIR="$root/.build/dist/tarballs" bash scripts/dist.sh
  start debian-tree bash Tests/platforms/old-glibc.test.sh --prepare
fi
start workflows bash -c 'bash scripts/python-env.sh pre-commit==4.7.0 >/dev/null && bash scripts/check-workflows.sh'
# On a fresh machine the browser's install (apt-get, 25 packages) and the wheel's download take
# 10-20 s: hidden behind the build here rather than paid inside the suite.
# Linux only, like the fuzz run: on macOS the diagram test is skipped rather than a browser required.
if [ "$linux" = 1 ]; then start mermaid-env bash scripts/mermaid-env.sh; fi

"$SWIFT" build --scratch-path .build/strict --build-tests -Xswiftc -warnings-as-errors
if [ "$linux" = 1 ]; then
  start fuzz bash scripts/fuzz.sh --ci 30
else
  say "no fuzz run on $(uname -s) (scripts/fuzz.sh runs on Linux; docs/platforms.md)"
fi

finish workflows "checking the Action and the workflows"
tail -n 1 "$logs/workflows.log" >&2
if [ "$linux" = 1 ]; then
  say "waiting for the dist tarball"
  finish dist "make dist"
  dist_tarball=$(tail -n 1 "$logs/dist.log")
  [ -f "$dist_tarball" ] || { say "error: make dist named no tarball (${logs#"$root/"}/dist.log)"; exit 1; }
  # The old-glibc test says what went wrong with the tree, if anything did; its log is kept.
  # shellcheck disable=SC2154 # set by start
  wait "$debian_tree_pid" || say "preparing the Debian 11 tree failed; the old-glibc test will say why (${logs#"$root/"}/debian-tree.log)"
fi
mermaid_js=""
if [ "$linux" = 1 ]; then
  finish mermaid-env "setting up Chromium and Mermaid (scripts/mermaid-env.sh)"
  # Its last line names mermaid.min.js; the suite's diagram test runs scripts/mermaid-check.sh with it.
  mermaid_js=$(tail -n 1 "$logs/mermaid-env.log")
  [ -f "$mermaid_js" ] || { say "error: scripts/mermaid-env.sh named no mermaid.min.js (${logs#"$root/"}/mermaid-env.log)"; exit 1; }
fi
env GRANTED_LINT_DIST_TARBALL="$dist_tarball" ${mermaid_js:+GRANTED_LINT_MERMAID_JS="$mermaid_js"} \
  "$SWIFT" test --scratch-path .build/strict --skip-build
if [ "$linux" = 1 ]; then
  say "waiting for the fuzz run"
  finish fuzz "the fuzz run"
  grep '^fuzz: ' "$logs/fuzz.log" >&2
fi
background=()
