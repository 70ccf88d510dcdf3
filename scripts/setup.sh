#!/usr/bin/env bash
# Installs everything granted-lint needs to build on a fresh Debian machine of this project's kind:
#   1. Debian's tree-sitter runtime (libtree-sitter-dev),
#   2. the TypeScript and TSX grammars, fetched from PyPI as a pinned, checksummed sdist and built into a
#      static library with a header and pkg-config files, installed like a distribution would, so that a
#      plain `swift build` finds them with no flags (the pre-commit hook relies on that).
# Idempotent: when the pinned grammar is already installed it does nothing and returns at once.
set -euo pipefail

GRAMMAR_PACKAGE="tree-sitter-language-pack"
GRAMMAR_VERSION="0.13.0"
GRAMMAR_SHA256="032034c5e27b1f6e00730b9e7c2dbc8203b4700d0c681fd019d6defcf61183ec"
PREFIX="${GRANTED_LINT_PREFIX:-/usr/local}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/granted-lint"
PC_FILE="$PREFIX/lib/pkgconfig/tree-sitter-typescript.pc"
# Our adjustment to the fetched scanner (scripts/patch-grammar.py); a new one changes this stamp so
# that machines set up before it rebuild.
GRAMMAR_ADJUSTMENT="jsx-text-ampersand-1"
STAMP="grammar-pin: $GRAMMAR_PACKAGE $GRAMMAR_VERSION $GRAMMAR_SHA256 + $GRAMMAR_ADJUSTMENT"

say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. The runtime.
if ! pkg-config --exists tree-sitter 2>/dev/null || [ ! -f /usr/include/tree_sitter/api.h ]; then
  say "installing libtree-sitter-dev from Debian"
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtree-sitter-dev pkg-config >/dev/null
fi

# 2. The grammars.
if [ -f "$PC_FILE" ] && grep -qF "$STAMP" "$PC_FILE" && [ -f "$PREFIX/lib/libtree-sitter-typescript.a" ]; then
  exit 0
fi

command -v cc >/dev/null || die "no C compiler (cc) found; install gcc"
SDIST="$(bash "$(dirname "$0")/fetch-sdist.sh" "$GRAMMAR_PACKAGE" "$GRAMMAR_VERSION" "$GRAMMAR_SHA256")"

build_dir=$(mktemp -d)
trap 'rm -rf "$build_dir"' EXIT
say "building the TypeScript and TSX grammars"
root="tree_sitter_language_pack-$GRAMMAR_VERSION/parsers"
tar -xzf "$SDIST" -C "$build_dir" "$root/typescript" "$root/tsx"
# A bare `&` in JSX text: our documented transformation, checked by SHA-256 before and after.
for grammar in typescript tsx; do
  python3 "$(dirname "$0")/patch-grammar.py" "$build_dir/$root/$grammar/common/scanner.h" \
    || die "could not apply scripts/patch-grammar.py to the $grammar scanner"
done
objects=()
for grammar in typescript tsx; do
  src="$build_dir/$root/$grammar/src"
  for unit in parser scanner; do
    obj="$build_dir/$grammar-$unit.o"
    cc -O2 -fPIC -std=c11 -w -I "$src" -c "$src/$unit.c" -o "$obj" &
    objects+=("$obj")
  done
done
wait
for obj in "${objects[@]}"; do [ -f "$obj" ] || die "compiling the grammar failed ($obj missing)"; done
ar rcs "$build_dir/libtree-sitter-typescript.a" "${objects[@]}"

cat > "$build_dir/tree-sitter-typescript.h" <<'HEADER'
#ifndef TREE_SITTER_TYPESCRIPT_H_
#define TREE_SITTER_TYPESCRIPT_H_
#include <tree_sitter/api.h>
#ifdef __cplusplus
extern "C" {
#endif
const TSLanguage *tree_sitter_typescript(void);
const TSLanguage *tree_sitter_tsx(void);
#ifdef __cplusplus
}
#endif
#endif
HEADER

cat > "$build_dir/tree-sitter-typescript.pc" <<PC
# $STAMP
prefix=$PREFIX
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: tree-sitter-typescript
Description: TypeScript and TSX grammars for tree-sitter ($GRAMMAR_PACKAGE $GRAMMAR_VERSION)
Version: $GRAMMAR_VERSION
Requires: tree-sitter
Libs: -L\${libdir} -ltree-sitter-typescript
Cflags: -I\${includedir}
PC

sudo_if_needed install -d "$PREFIX/lib/pkgconfig" "$PREFIX/include/tree_sitter"
sudo_if_needed install -m 0644 "$build_dir/libtree-sitter-typescript.a" "$PREFIX/lib/"
sudo_if_needed install -m 0644 "$build_dir/tree-sitter-typescript.h" "$PREFIX/include/tree_sitter/"
# The .pc file last: its presence is what marks the set-up as done.
sudo_if_needed install -m 0644 "$build_dir/tree-sitter-typescript.pc" "$PREFIX/lib/pkgconfig/"
say "installed the grammars under $PREFIX"
