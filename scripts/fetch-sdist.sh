#!/usr/bin/env bash
# Fetches a source distribution from PyPI by pinned version, verifies its SHA-256, keeps it in the
# cache and prints its path. Used by scripts/setup.sh (the grammar) and scripts/fuzz.sh (the
# tree-sitter runtime): third-party code is fetched like this, never committed.
#
#   scripts/fetch-sdist.sh PACKAGE VERSION SHA256
set -euo pipefail
[ "$#" -eq 3 ] || { printf 'usage: fetch-sdist.sh PACKAGE VERSION SHA256\n' >&2; exit 2; }
package="$1" version="$2" sha256="$3"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/granted-lint"
say() { printf 'fetch-sdist: %s\n' "$*" >&2; }
die() { printf 'fetch-sdist: error: %s\n' "$*" >&2; exit 1; }
mkdir -p "$cache"
sdist="$cache/${package//-/_}-$version.tar.gz"
verify() { [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$sha256" ]; }
if [ -f "$sdist" ] && ! verify "$sdist"; then
  say "cached $sdist does not match the pinned checksum; fetching it again"
  rm -f "$sdist"
fi
if [ ! -f "$sdist" ]; then
  say "fetching $package==$version (sdist) from PyPI"
  command -v python3 >/dev/null || die "python3 with pip is needed to fetch $package"
  download_dir=$(mktemp -d)
  trap 'rm -rf "$download_dir"' EXIT
  python3 -m pip download --quiet --no-deps --no-binary :all: "$package==$version" -d "$download_dir" \
    || die "could not download $package==$version from PyPI"
  fetched=$(ls "$download_dir"/*.tar.gz 2>/dev/null | head -n 1 || true)
  [ -n "$fetched" ] || die "pip produced no sdist for $package==$version"
  mv "$fetched" "$sdist"
fi
if ! verify "$sdist"; then
  actual=$(sha256sum "$sdist" | cut -d' ' -f1)
  rm -f "$sdist"
  die "checksum mismatch for $package==$version: expected $sha256, got $actual (file removed)"
fi
printf '%s\n' "$sdist"
