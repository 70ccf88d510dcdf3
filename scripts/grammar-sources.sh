#!/usr/bin/env bash
# The TypeScript and TSX grammar sources of the pinned grammar sdist, extracted once into the cache;
# prints the directory, which holds `typescript/` and `tsx/` as the sdist's `parsers/` has them
# (unadjusted: scripts/patch-grammar.py runs on the copy each build makes).
#
#   scripts/grammar-sources.sh PACKAGE VERSION SHA256
#
# Why a cache of its own: the sdist (tree-sitter-language-pack) is 51 MB of gzip that unpacks to
# 1 GB, and the two directories sit near its end, so every extraction decompresses nearly all of it:
# 5–6 s of CPU. The set-up, the fuzz build, the musl and macOS builds (scripts/build-tree-sitter.sh)
# and the set-up script's tests each extracted it again. The directory is named by the sdist's
# SHA-256 and written only from the sdist scripts/fetch-sdist.sh has just verified, then renamed
# into place, so a reader sees it whole or not at all.
set -euo pipefail
[ "$#" -eq 3 ] || { printf 'usage: grammar-sources.sh PACKAGE VERSION SHA256\n' >&2; exit 2; }
package="$1" version="$2" sha256="$3"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/granted-lint"
die() { printf 'grammar-sources: error: %s\n' "$*" >&2; exit 1; }
stem="${package//-/_}-$version"
sources="$cache/$stem-parsers-${sha256:0:16}"
if [ ! -f "$sources/.complete" ]; then
  sdist=$(bash "$(dirname "$0")/fetch-sdist.sh" "$package" "$version" "$sha256")
  mkdir -p "$cache"
  work=$(mktemp -d "$cache/.parsers.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  tar -xzf "$sdist" -C "$work" "$stem/parsers/typescript" "$stem/parsers/tsx" \
    || die "could not extract the typescript and tsx parsers from $sdist"
  printf '%s\n' "$sha256" > "$work/$stem/parsers/.complete"
  rm -rf "$sources"
  mv "$work/$stem/parsers" "$sources"
fi
printf '%s\n' "$sources"
