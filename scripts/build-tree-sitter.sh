#!/usr/bin/env bash
# The tree-sitter runtime and the TypeScript/TSX grammar as static libraries for one target, built
# from the pinned sources — for the release builds that cannot link what scripts/setup.sh installs
# from Debian: fully static Linux binaries (Swift's Static Linux SDK, musl) and macOS binaries
# (scripts/dist.sh). Nothing is installed and nothing third-party is committed:
#
#   bash scripts/build-tree-sitter.sh OUT_DIR [COMPILER_FLAG…]
#
#   OUT_DIR/lib/libtree-sitter.a             the runtime (bundled in the py-tree-sitter sdist)
#   OUT_DIR/lib/libtree-sitter-typescript.a  both grammars, with scripts/patch-grammar.py's adjustment
#   OUT_DIR/include/tree_sitter/api.h, tree-sitter-typescript.h
#   OUT_DIR/pkgconfig/tree-sitter.pc, tree-sitter-typescript.pc
#
# The compiler flags name the target (`--target=aarch64-swift-linux-musl --sysroot=…`,
# `-mmacosx-version-min=13.0`). The .pc files point only into OUT_DIR, so PKG_CONFIG_PATH=OUT_DIR/pkgconfig
# makes SwiftPM's system-library targets (CTreeSitter, CTreeSitterTypeScript) use these archives. The
# grammar's .pc starts with the `# grammar-pin:` line that setup.sh writes into the one it installs,
# so dist.sh checks both kinds against BuildInfo.swift the same way.
#
# The pins are read from the scripts that keep them, so each is written once: the grammar's from
# setup.sh, the runtime's from fuzz.sh (which builds the same runtime with sanitizers).
# Environment: CC (default clang), AR (default llvm-ar next to CC when there is one, else ar).
# Rebuilds only when the pins, the adjustment, the flags or the compiler changed. Prints OUT_DIR.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
say() { printf 'build-tree-sitter: %s\n' "$*" >&2; }
die() { printf 'build-tree-sitter: error: %s\n' "$*" >&2; exit 1; }

[ "$#" -ge 1 ] || { printf 'usage: build-tree-sitter.sh OUT_DIR [COMPILER_FLAG...]\n' >&2; exit 2; }
mkdir -p "$1"
out=$(cd "$1" && pwd)
shift
# `"$@"` may be empty; bash 3.2 (macOS) treats an empty array under `set -u` as unset.
target_flags=("$@")

pin() {
  local value
  value=$(sed -n "s/^$2=\"\(.*\)\"\$/\1/p" "$root/scripts/$1" | head -n 1)
  [ -n "$value" ] || die "no $2=\"…\" line in scripts/$1"
  printf '%s\n' "$value"
}
grammar_package=$(pin setup.sh GRAMMAR_PACKAGE)
grammar_version=$(pin setup.sh GRAMMAR_VERSION)
grammar_sha256=$(pin setup.sh GRAMMAR_SHA256)
grammar_adjustment=$(pin setup.sh GRAMMAR_ADJUSTMENT)
runtime_package=$(pin fuzz.sh RUNTIME_PACKAGE)
runtime_version=$(pin fuzz.sh RUNTIME_VERSION)
runtime_sha256=$(pin fuzz.sh RUNTIME_SHA256)
grammar_stamp="grammar-pin: $grammar_package $grammar_version $grammar_sha256 + $grammar_adjustment"

CC=${CC:-clang}
compiler=$(command -v "$CC") || die "no C compiler '$CC' (set CC)"
if [ -z "${AR:-}" ]; then
  AR='ar'
  [ -x "$(dirname "$compiler")/llvm-ar" ] && AR="$(dirname "$compiler")/llvm-ar"
fi
command -v python3 >/dev/null || die "python3 is needed (scripts/fetch-sdist.sh, scripts/patch-grammar.py)"

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}
stamp_text=$(printf '%s\n' "$grammar_stamp" "$runtime_package $runtime_version $runtime_sha256" \
  "patch-grammar.py $(sha256_of "$root/scripts/patch-grammar.py")" "cc $compiler $("$CC" --version 2>&1 | head -n 1)" \
  "ar $AR" "flags ${target_flags[*]+"${target_flags[*]}"}")
if [ -f "$out/pkgconfig/tree-sitter-typescript.pc" ] && [ "$(cat "$out/.stamp" 2>/dev/null)" = "$stamp_text" ]; then
  printf '%s\n' "$out"
  exit 0
fi

runtime_sdist=$(bash "$root/scripts/fetch-sdist.sh" "$runtime_package" "$runtime_version" "$runtime_sha256")
grammar_sources=$(bash "$root/scripts/grammar-sources.sh" "$grammar_package" "$grammar_version" "$grammar_sha256")
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
runtime_top="tree_sitter-$runtime_version/tree_sitter/core/lib"
grammar_top="tree_sitter_language_pack-$grammar_version/parsers"
tar -xzf "$runtime_sdist" -C "$src" "$runtime_top"
mkdir -p "$src/$grammar_top"
cp -R "$grammar_sources/typescript" "$grammar_sources/tsx" "$src/$grammar_top/"
for grammar in typescript tsx; do
  python3 "$root/scripts/patch-grammar.py" "$src/$grammar_top/$grammar/common/scanner.h" \
    || die "could not apply scripts/patch-grammar.py to the $grammar scanner"
done

say "building tree-sitter $runtime_version and the grammars of $grammar_package $grammar_version with $CC ${target_flags[*]+"${target_flags[*]}"}"
rm -rf "${out:?}/lib" "${out:?}/include" "${out:?}/pkgconfig" "${out:?}/.stamp"
mkdir -p "$out/lib" "$out/include/tree_sitter" "$out/pkgconfig" "$src/objects"
flags=(-O2 -fPIC -w ${target_flags[@]+"${target_flags[@]}"})
# The five units at once (the TypeScript and TSX parsers are large), then every one checked.
pids=()
"$CC" "${flags[@]}" -std=gnu99 -I "$src/$runtime_top/include" -I "$src/$runtime_top/src" \
  -c "$src/$runtime_top/src/lib.c" -o "$src/objects/runtime.o" &
pids+=($!)
for grammar in typescript tsx; do
  for unit in parser scanner; do
    "$CC" "${flags[@]}" -std=c11 -I "$src/$grammar_top/$grammar/src" \
      -c "$src/$grammar_top/$grammar/src/$unit.c" -o "$src/objects/$grammar-$unit.o" &
    pids+=($!)
  done
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" -eq 0 ] || die "compiling the C sources failed (above)"
"$AR" rcs "$out/lib/libtree-sitter.a" "$src/objects/runtime.o"
"$AR" rcs "$out/lib/libtree-sitter-typescript.a" \
  "$src/objects/typescript-parser.o" "$src/objects/typescript-scanner.o" \
  "$src/objects/tsx-parser.o" "$src/objects/tsx-scanner.o"
cp "$src/$runtime_top/include/tree_sitter/api.h" "$out/include/tree_sitter/api.h"

# The two grammar functions, declared as in the header scripts/setup.sh installs.
cat > "$out/include/tree_sitter/tree-sitter-typescript.h" <<'HEADER'
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

# (SwiftPM reads .pc files itself and drops everything after a `#`: no `#` in a path here.)
cat > "$out/pkgconfig/tree-sitter.pc" <<PC
# Written by scripts/build-tree-sitter.sh: the tree-sitter runtime as a static archive.
Name: tree-sitter
Description: tree-sitter runtime ($runtime_package $runtime_version from PyPI), static
Version: $runtime_version
Libs: -L$out/lib -ltree-sitter
Cflags: -I$out/include
PC
cat > "$out/pkgconfig/tree-sitter-typescript.pc" <<PC
# $grammar_stamp
Name: tree-sitter-typescript
Description: TypeScript and TSX grammars for tree-sitter ($grammar_package $grammar_version), static
Version: $grammar_version
Requires: tree-sitter
Libs: -L$out/lib -ltree-sitter-typescript
Cflags: -I$out/include
PC
printf '%s\n' "$stamp_text" > "$out/.stamp"
say "wrote $out/lib/libtree-sitter.a and $out/lib/libtree-sitter-typescript.a"
printf '%s\n' "$out"
