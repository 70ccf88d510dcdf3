#!/usr/bin/env bash
# Runs a granted-lint Linux binary in a minimal Debian 11 (bullseye, glibc 2.31) tree and checks that
# it does what the README's platform table says: it runs when the highest glibc symbol version it
# needs is 2.31 or lower (or when it is static), and otherwise fails with the loader's
# "version `GLIBC_x.y' not found" — the error the table documents.
#
#   bash Tests/platforms/old-glibc.test.sh BINARY
#   bash Tests/platforms/old-glibc.test.sh --prepare   # only makes the tree (scripts/test.sh starts
#                                                      # this early, while the builds run)
#
# The tree comes from `debootstrap --variant=minbase bullseye` once, into
# ${XDG_CACHE_HOME:-~/.cache}/granted-lint/debian-bullseye-minbase (about 200 MB, a minute or two),
# and is reused. Needs root (debootstrap, chroot); exits 77 (skipped) when that is not possible.
set -euo pipefail
binary=${1:?usage: old-glibc.test.sh BINARY | --prepare}
skip() { printf 'old-glibc: skipped: %s\n' "$*" >&2; exit 77; }
fail() { printf 'old-glibc: FAILED: %s\n' "$*" >&2; exit 1; }

[ "$(uname -s)" = Linux ] || skip "not Linux"
[ "$(id -u)" -eq 0 ] || skip "chroot and debootstrap need root"
command -v debootstrap >/dev/null || skip "no debootstrap (Debian: apt-get install debootstrap)"
[ "$binary" = --prepare ] || [ -x "$binary" ] || fail "no binary at $binary"

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

# What the binary needs: nothing (static), or the highest GLIBC_ symbol version it uses.
if ! readelf -l "$binary" | grep -q INTERP; then
  floor=static
else
  floor=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/^GLIBC_//' | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)
  [ -n "$floor" ] || fail "cannot read the glibc versions $binary needs"
fi

cp "$binary" "$tree/granted-lint-under-test"
trap 'rm -f "$tree/granted-lint-under-test"' EXIT
set +e
output=$(chroot "$tree" /usr/bin/env -i /granted-lint-under-test --version 2>&1)
status=$?
set -e

older_or_equal() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n | head -1)" = "$1" ]; }
if [ "$floor" = static ] || older_or_equal "$floor" 2.31; then
  [ "$status" -eq 0 ] && [[ "$output" == "granted-lint "* ]] \
    || fail "needs glibc $floor, which bullseye's 2.31 satisfies, but it did not run (exit $status): $output"
  printf 'old-glibc: ok: the binary (glibc %s) runs on Debian 11: %s\n' "$floor" "$output"
else
  [ "$status" -ne 0 ] || fail "needs glibc $floor but ran on glibc 2.31: the floor is read wrongly"
  [[ "$output" == *"version \`GLIBC_$floor' not found"* ]] \
    || fail "needs glibc $floor; expected the loader's \"version \`GLIBC_$floor' not found\", got: $output"
  printf 'old-glibc: ok: the binary needs glibc %s and Debian 11 refuses it as documented: %s\n' "$floor" "$(printf '%s' "$output" | head -1)"
fi
