#!/usr/bin/env bash
# The run step of the GitHub Action (action.yml), kept here so that it can be tested as a script.
#   1. Finds the binary: GRANTED_LINT_BINARY if set; built from the action's source when
#      INPUT_BUILD_FROM_SOURCE is true; otherwise the release tarball for INPUT_VERSION (default: the
#      action's ref when it is a version tag, else the version in the action's BuildInfo.swift) and
#      the runner's OS and architecture (Linux or macOS, x64 or arm64), downloaded from
#      INPUT_RELEASE_URL and checked against its .sha256.
#   2. Lints INPUT_PATHS in GITHUB_WORKSPACE: GitHub annotations in the log, SARIF to INPUT_SARIF_FILE.
#   3. Appends a Markdown summary to GITHUB_STEP_SUMMARY (scripts/action-summary.sh).
#   4. Writes the outputs exit-code, sarif-file and binary to GITHUB_OUTPUT.
# Findings do not fail this step: the Action uploads the SARIF file first and fails afterwards with
# the recorded exit code. A failure to obtain or start the binary does fail it (exit 2).
set -euo pipefail

action_path=${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}
workspace=${GITHUB_WORKSPACE:-$PWD}
temp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
paths_input=${INPUT_PATHS:-.}
fail_on=${INPUT_FAIL_ON:-warning}
sarif_file=${INPUT_SARIF_FILE:-granted-lint.sarif}
extra_args=${INPUT_ARGS:-}
build_from_source=${INPUT_BUILD_FROM_SOURCE:-false}
default_release_url='https://github.com/granted-lint/granted-lint/releases/download/v{version}/{asset}'
release_url=${INPUT_RELEASE_URL:-$default_release_url}

fail() { printf '::error title=granted-lint::%s\n' "$*"; exit 2; }
output() { if [ -n "${GITHUB_OUTPUT:-}" ]; then printf '%s=%s\n' "$1" "$2" >> "$GITHUB_OUTPUT"; fi; }

case "$fail_on" in error | warning | note) ;; *) fail "fail-on must be error, warning or note (got '$fail_on')" ;; esac

# (Regular expressions are kept in variables, the one form that every bash from 3.2 on — macOS
# runners have 3.2 — parses and matches alike; 3.2.0 rejects parentheses written inside [[ … ]].)
version_of_action() {
  local ref=${ACTION_REF:-} version_tag='^v?([0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?)$'
  if [[ $ref =~ $version_tag ]]; then
    printf '%s\n' "${BASH_REMATCH[1]}"
  else
    sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$action_path/Sources/GrantedCLI/BuildInfo.swift"
  fi
}

# Sets `target` to this runner's release target, `<os>-<arch>` with the names Node.js uses
# (process.platform, process.arch), as in the npm packages: linux-x64, linux-arm64, darwin-x64,
# darwin-arm64. The Linux binaries are fully static (glibc linked in), so they run on any distribution, Alpine
# and old glibc included. (Not in a subshell: `fail` must end the script, not a $(…).)
release_target() {
  local system machine os arch
  system=$(uname -s)
  machine=$(uname -m)
  case "$system" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    MINGW* | MSYS* | CYGWIN* | Windows_NT)
      fail "granted-lint has no Windows binary, and this runner is Windows ($system $machine): run this job on a Linux or macOS runner (runs-on: ubuntu-latest or macos-latest; the files linted are the same), or set build-from-source: true on a runner with a Swift 6 toolchain" ;;
    *)
      fail "granted-lint has binaries for Linux and macOS (x64 and arm64), and this runner is $system $machine: use a Linux or macOS runner (runs-on: ubuntu-latest), or set build-from-source: true (needs a Swift 6 toolchain)" ;;
  esac
  case "$machine" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      fail "granted-lint has binaries for x64 and arm64, and this runner is $system $machine: use an x64 or arm64 runner (runs-on: ubuntu-latest), or set build-from-source: true (needs a Swift 6 toolchain)" ;;
  esac
  target="$os-$arch"
}

# The SHA-256 of a file: sha256sum where there is one (Linux), else shasum (macOS has it, with Perl).
sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

# Sets `binary`.
download_release() {
  local version=$1 target asset url directory download expected named actual sha256_hex='^[0-9a-f]{64}$'
  release_target
  asset="granted-lint-$version-$target.tar.gz"
  url=${release_url//\{version\}/$version}
  url=${url//\{asset\}/$asset}
  directory="$temp/granted-lint-$version-$target"
  if [ ! -x "$directory/granted-lint" ]; then
    printf 'Downloading %s\n' "$url" >&2
    download="$temp/granted-lint-download"
    mkdir -p "$download"
    curl -fsSL --retry 3 -o "$download/$asset" "$url" \
      || fail "could not download $url (is there a release v$version with a $target binary? set version, or build-from-source: true)"
    curl -fsSL --retry 3 -o "$download/$asset.sha256" "$url.sha256" \
      || fail "could not download $url.sha256"
    # The .sha256 is one `sha256sum` line: the digest, then the asset's name (`*` before it in
    # binary mode). It must name this asset, so that another target's checksum cannot pass.
    read -r expected named < "$download/$asset.sha256" || true
    [[ ${expected:-} =~ $sha256_hex ]] && [ "${named#\*}" = "$asset" ] \
      || fail "$asset.sha256 is not a SHA-256 line for $asset"
    actual=$(sha256_of "$download/$asset") || fail "could not compute the SHA-256 of $asset"
    [ "$actual" = "$expected" ] || fail "$asset does not match its .sha256"
    tar -xzf "$download/$asset" -C "$temp"
    rm -rf "$download"
  fi
  binary="$directory/granted-lint"
}

if [ -n "${GRANTED_LINT_BINARY:-}" ]; then
  binary=$GRANTED_LINT_BINARY
elif [ "$build_from_source" = true ]; then
  command -v swift >/dev/null || fail "build-from-source needs a Swift 6 toolchain on the PATH (a swift:6.1 container, or swift-actions/setup-swift)"
  make -C "$action_path" build >&2 || fail "building granted-lint from source failed"
  binary="$action_path/.build/release/granted-lint"
else
  download_release "${INPUT_VERSION:-$(version_of_action)}"
fi
[ -x "$binary" ] || fail "$binary is not an executable file"
"$binary" --version >&2 || fail "$binary does not run on this runner"
output binary "$binary"

# White space separates paths and arguments (no shell evaluation of the inputs).
read -r -d '' -a paths < <(printf '%s\0' "$paths_input") || true
read -r -d '' -a args < <(printf '%s\0' "$extra_args") || true
[ ${#paths[@]} -gt 0 ] || paths=(.)
lint_args=(--fail-on "$fail_on" ${args[@]+"${args[@]}"} -- "${paths[@]}")

cd "$workspace"
mkdir -p "$(dirname "$sarif_file")"
status=0
"$binary" --format github --sarif-output "$sarif_file" "${lint_args[@]}" || status=$?
output exit-code "$status"
[ -f "$sarif_file" ] && output sarif-file "$sarif_file"

GRANTED_LINT="$binary" LINT_EXIT_CODE="$status" SARIF_FILE="$sarif_file" \
  bash "$action_path/scripts/action-summary.sh" "${lint_args[@]}" \
  || printf '::warning title=granted-lint::could not write the job summary\n'
exit 0
