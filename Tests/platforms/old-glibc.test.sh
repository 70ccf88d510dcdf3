#!/usr/bin/env bash
# Runs a granted-lint Linux binary in a minimal Debian 11 (bullseye, glibc 2.31) tree, as the README's
# platform table says it runs: `--version`, then a lint of the example app, which must exit 1 with
# exactly the JSON report the same binary writes on this machine. make dist's binary is static (glibc
# linked in), so the tree's older glibc is never asked for; a binary that needs a newer one (the
# --static-swift-stdlib build make dist made before issue 40 needed glibc 2.36) fails here with the
# loader's "version `GLIBC_x.y' not found".
#
#   bash Tests/platforms/old-glibc.test.sh BINARY
#   bash Tests/platforms/old-glibc.test.sh --prepare   # only makes the tree (scripts/test.sh starts
#                                                      # this early, while the builds run)
#
# The tree comes from `debootstrap --variant=minbase bullseye` once, into
# ${XDG_CACHE_HOME:-~/.cache}/granted-lint/debian-bullseye-minbase (about 200 MB, a minute or two),
# and is reused; each run works in a directory of its own inside it. /proc is mounted there for the
# run only (Tests/platforms/lib.sh says why and how). Needs root (debootstrap, chroot, mount); exits
# 77 (skipped) when that is not possible.
set -euo pipefail
test_name=old-glibc
# shellcheck source=Tests/platforms/lib.sh
source "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
binary=${1:?usage: old-glibc.test.sh BINARY | --prepare}

[ "$(uname -s)" = Linux ] || skip "not Linux"
[ "$(id -u)" -eq 0 ] || skip "chroot and debootstrap need root"
command -v debootstrap >/dev/null || skip "no debootstrap (Debian: apt-get install debootstrap)"
if [ "$binary" != --prepare ]; then
  [ -x "$binary" ] || fail "no binary at $binary"
  binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
  require_chroot_with_proc
fi

tree=${XDG_CACHE_HOME:-$HOME/.cache}/granted-lint/debian-bullseye-minbase
if [ ! -f "$tree/.granted-lint-complete" ]; then
  rm -rf "$tree"
  mkdir -p "$(dirname "$tree")"
  printf 'old-glibc: debootstrap --variant=minbase bullseye %s (once)\n' "$tree" >&2
  debootstrap --variant=minbase bullseye "$tree" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >/dev/null \
    || fail "debootstrap failed"
  touch "$tree/.granted-lint-complete"
fi
if [ "$binary" = --prepare ]; then
  printf 'old-glibc: the Debian 11 tree is ready: %s\n' "$tree"
  exit 0
fi
tree_glibc=$(chroot "$tree" /usr/bin/ldd --version | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
[ "$tree_glibc" = 2.31 ] || fail "the bullseye tree has glibc '$tree_glibc', expected 2.31"

# This run's directory in the tree (the binary and a copy of the example app), and the same layout
# on this machine for the reference run. A run that was killed leaves its directory (a 60 MB binary)
# behind: those older than an hour go, while another run's, still in use, stays.
find "$tree" -mindepth 1 -maxdepth 1 -type d -name 'granted-lint-test.*' -mmin +60 -exec rm -rf {} +
work=$(mktemp -d "$tree/granted-lint-test.XXXXXX")
host=$(mktemp -d)
trap 'rm -rf "$work" "$host"' EXIT
chmod 0755 "$work"
cp "$binary" "$work/granted-lint"
cp -R "$root/TestCorpus/example-app" "$work/example-app"
cp -R "$root/TestCorpus/example-app" "$host/example-app"
inside=/${work#"$tree/"}

# Runs the binary in the tree from its directory, with an empty environment; sets out and status.
run_in_tree() {
  set +e
  out=$(in_root "$tree" /usr/bin/env -i /bin/sh -c 'cd "$1" && shift && exec ./granted-lint "$@"' sh "$inside" "$@" 2>&1)
  status=$?
  set -e
}

run_in_tree --version
[ "$status" -eq 0 ] && [[ "$out" == "granted-lint "* ]] \
  || fail "the binary ($(describe_binary "$binary")) does not run on Debian 11 (exit $status): $out"
version=$out

set +e
expected=$(cd "$host" && env -i "$binary" --format json example-app)
expected_status=$?
set -e
[ "$expected_status" -eq 1 ] && [[ "$expected" == *'"rule": "provisional-blind-check"'* ]] \
  || fail "on this machine the binary did not report the example app's findings (exit $expected_status): $expected"
run_in_tree --format json example-app
[ "$status" -eq 1 ] || fail "linting the example app on Debian 11 exited $status, expected 1: $out"
[ "$out" = "$expected" ] \
  || fail "the report on Debian 11 differs from this machine's: $(diff <(printf '%s\n' "$expected") <(printf '%s\n' "$out") | head -20)"

printf 'old-glibc: ok: the binary (%s) runs on Debian 11 (glibc 2.31): %s; the example app: exit 1, the same %s findings as here\n' \
  "$(describe_binary "$binary")" "$version" "$(grep -c '"rule":' <<<"$out")"
