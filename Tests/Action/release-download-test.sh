#!/usr/bin/env bash
# Which release the GitHub Action's run step (scripts/action-run.sh) downloads on which runner, and
# what it refuses. No network and no real binary: a stand-in `uname` on the PATH plays each runner,
# a directory of stand-in release tarballs (one per target, each with its .sha256) is served through
# the release-url input as a file:// URL, and each tarball's `granted-lint` is a small script that
# says which target it is. Run by DistributionTests (on Linux and macOS) and on its own:
#
#   bash Tests/Action/release-download-test.sh
#
# Prints one `ok` / `not ok` line per check; exits 1 when any check failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
script="$root/scripts/action-run.sh"
version=9.8.7
targets=(linux-x64 linux-arm64 darwin-x64 darwin-arm64)

work=$(mktemp -d "${TMPDIR:-/tmp}/granted-lint-release-download.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
pass() { printf 'ok - %s\n' "$*"; }
flunk() { printf 'not ok - %s\n' "$*"; failures=$((failures + 1)); }
sha256_line() {  # the line `sha256sum FILE` prints, where there is sha256sum or only shasum (macOS)
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1"; else shasum -a 256 "$1"; fi
}

# 1. The stand-in releases. The binary answers --version, and the two runs the Action makes: the lint
#    (`--format github --sarif-output FILE …`, which writes an empty SARIF log) and the summary's
#    `--format markdown`.
releases="$work/releases"
mkdir -p "$releases"
for target in "${targets[@]}"; do
  top="granted-lint-$version-$target"
  mkdir -p "$work/stage/$top"
  cat > "$work/stage/$top/granted-lint" <<STANDIN
#!/bin/sh
case "\$1 \$2" in
  "--version "*) echo "granted-lint $version (stand-in for $target)" ;;
  "--format github") printf '{"version":"2.1.0","runs":[]}\n' > "\$4" ;;
  "--format markdown") echo "stand-in report for $target" ;;
  *) echo "stand-in for $target: unexpected arguments: \$*" >&2; exit 2 ;;
esac
STANDIN
  chmod 0755 "$work/stage/$top/granted-lint"
  tar -czf "$releases/$top.tar.gz" -C "$work/stage" "$top"
  (cd "$releases" && sha256_line "$top.tar.gz" > "$top.tar.gz.sha256")
done

# 2. The stand-in uname: FAKE_UNAME_S for -s, FAKE_UNAME_M for -m, the real one for anything else.
fake_bin="$work/fake-bin"
mkdir -p "$fake_bin"
real_uname=$(command -v uname)
cat > "$fake_bin/uname" <<STANDIN
#!/bin/sh
case "\$1" in
  -s) echo "\$FAKE_UNAME_S" ;;
  -m) echo "\$FAKE_UNAME_M" ;;
  *) exec '$real_uname' "\$@" ;;
esac
STANDIN
chmod 0755 "$fake_bin/uname"

# 3. One run of the step as on a runner whose uname says $1 and $2, with the releases in $3; leaves
#    status, out, err, outputs, summary and runner_temp.
run_step() {
  local system=$1 machine=$2 release_dir=$3 path=${4:-$fake_bin:$PATH}
  local runner
  runner=$(mktemp -d "$work/runner.XXXXXX")
  mkdir -p "$runner/workspace/app" "$runner/temp"
  : > "$runner/output"
  : > "$runner/summary.md"
  runner_temp="$runner/temp"
  status=0
  (
    cd "$runner/workspace"
    env PATH="$path" FAKE_UNAME_S="$system" FAKE_UNAME_M="$machine" \
      GITHUB_WORKSPACE="$runner/workspace" GITHUB_OUTPUT="$runner/output" \
      GITHUB_STEP_SUMMARY="$runner/summary.md" GITHUB_ACTION_PATH="$root" RUNNER_TEMP="$runner_temp" \
      ACTION_REF="" GRANTED_LINT_BINARY="" INPUT_PATHS=app INPUT_FAIL_ON=warning INPUT_ARGS="" \
      INPUT_SARIF_FILE=granted-lint.sarif INPUT_VERSION="$version" INPUT_BUILD_FROM_SOURCE=false \
      INPUT_RELEASE_URL="file://$release_dir/{asset}" \
      bash "$script" > "$runner/stdout" 2> "$runner/stderr"
  ) || status=$?
  out=$(cat "$runner/stdout")
  err=$(cat "$runner/stderr")
  outputs=$(cat "$runner/output")
  summary=$(cat "$runner/summary.md")
}

contains() { case "$1" in *"$2"*) return 0 ;; *) return 1 ;; esac; }

# Runs the step on a supported runner and checks that it took the release of $3.
expect_target() {
  local system=$1 machine=$2 target=$3 name="$1 $2 runs the $3 release"
  run_step "$system" "$machine" "$releases" "${4:-}"
  if [ -n "${5:-}" ]; then name="$name ($5)"; fi
  if [ "$status" -ne 0 ]; then
    flunk "$name: exit $status; stdout: $out; stderr: $err"
  elif ! contains "$outputs" "binary=$runner_temp/granted-lint-$version-$target/granted-lint"; then
    flunk "$name: the binary output is not the $target one: $outputs"
  elif ! contains "$err" "granted-lint $version (stand-in for $target)"; then
    flunk "$name: --version was not the $target stand-in's: $err"
  elif ! contains "$summary" "stand-in report for $target" || ! contains "$outputs" "exit-code=0"; then
    flunk "$name: no lint or summary by the $target stand-in: outputs $outputs; summary $summary"
  else
    pass "$name"
  fi
}

# Runs the step and checks that it failed with exit 2 and an ::error naming the reason.
expect_refusal() {
  local name=$1 system=$2 machine=$3 release_dir=$4 message=$5
  run_step "$system" "$machine" "$release_dir"
  if [ "$status" -ne 2 ]; then
    flunk "$name: exit $status, expected 2; stdout: $out; stderr: $err"
  elif ! contains "$out" "::error title=granted-lint::$message"; then
    flunk "$name: no error saying '$message'; stdout: $out"
  elif contains "$outputs" "binary="; then
    flunk "$name: a binary was used anyway: $outputs"
  else
    pass "$name"
  fi
}

# The four targets, with both names of 64-bit ARM (Linux says aarch64, macOS arm64).
expect_target Linux x86_64 linux-x64
expect_target Linux aarch64 linux-arm64
expect_target Linux arm64 linux-arm64
expect_target Darwin x86_64 darwin-x64
expect_target Darwin arm64 darwin-arm64

# Without sha256sum, as on macOS: the checksum is computed by shasum. The PATH holds links to
# everything on the real PATH except sha256sum.
if command -v shasum >/dev/null 2>&1; then
  without="$work/path-without-sha256sum"
  mkdir -p "$without"
  IFS=: read -r -a path_dirs <<<"$PATH"
  for dir in "${path_dirs[@]}"; do
    dir=$(cd "$dir" 2>/dev/null && pwd) || continue
    for tool in "$dir"/*; do
      name=${tool##*/}
      if [ "$name" != sha256sum ] && [ -f "$tool" ] && [ -x "$tool" ] && [ ! -e "$without/$name" ] && [ ! -L "$without/$name" ]; then
        ln -s "$tool" "$without/$name"
      fi
    done
  done
  expect_target Darwin arm64 darwin-arm64 "$fake_bin:$without" "checked with shasum, no sha256sum on the PATH"
else
  pass "# skipped: no shasum here, so the check without sha256sum was not run"
fi

# Runners without a release: Windows (Git Bash's uname), another OS, another architecture.
expect_refusal "Windows is refused with what to do instead" MINGW64_NT-10.0-20348 x86_64 "$releases" \
  "granted-lint has no Windows binary, and this runner is Windows (MINGW64_NT-10.0-20348 x86_64): run this job on a Linux or macOS runner"
contains "$out" "build-from-source: true" || flunk "the Windows message does not mention build-from-source: $out"
expect_refusal "another OS is refused" FreeBSD amd64 "$releases" \
  "granted-lint has binaries for Linux and macOS (x64 and arm64), and this runner is FreeBSD amd64"
expect_refusal "another architecture is refused" Linux armv7l "$releases" \
  "granted-lint has binaries for x64 and arm64, and this runner is Linux armv7l"

# Checksums: a digest that does not match, a .sha256 of another asset, no .sha256 at all.
copy_releases() { rm -rf "${work:?}/${1:?}"; cp -R "$releases" "$work/$1"; printf '%s\n' "$work/$1"; }
tampered=$(copy_releases tampered)
printf '%064d  granted-lint-%s-linux-x64.tar.gz\n' 0 "$version" > "$tampered/granted-lint-$version-linux-x64.tar.gz.sha256"
expect_refusal "a tarball that does not match its .sha256 is refused" Linux x86_64 "$tampered" \
  "granted-lint-$version-linux-x64.tar.gz does not match its .sha256"
swapped=$(copy_releases swapped)
cp "$releases/granted-lint-$version-darwin-arm64.tar.gz" "$swapped/granted-lint-$version-linux-x64.tar.gz"
cp "$releases/granted-lint-$version-darwin-arm64.tar.gz.sha256" "$swapped/granted-lint-$version-linux-x64.tar.gz.sha256"
expect_refusal "another target's tarball with its own .sha256 is refused" Linux x86_64 "$swapped" \
  "granted-lint-$version-linux-x64.tar.gz.sha256 is not a SHA-256 line for granted-lint-$version-linux-x64.tar.gz"
unsigned=$(copy_releases unsigned)
rm "$unsigned/granted-lint-$version-darwin-x64.tar.gz.sha256"
expect_refusal "a tarball without its .sha256 is refused" Darwin x86_64 "$unsigned" \
  "could not download file://$unsigned/granted-lint-$version-darwin-x64.tar.gz.sha256"
expect_refusal "a release without the runner's target says which" Linux aarch64 "$work/no-such-release" \
  "could not download file://$work/no-such-release/granted-lint-$version-linux-arm64.tar.gz (is there a release v$version with a linux-arm64 binary?"

if [ "$failures" -gt 0 ]; then
  printf '%d check(s) failed\n' "$failures"
  exit 1
fi
