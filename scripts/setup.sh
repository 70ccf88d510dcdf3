#!/usr/bin/env bash
# Installs everything granted-lint needs to build, on a fresh Debian machine of this project's kind or
# on macOS:
#   1. the tree-sitter runtime: Debian's libtree-sitter-dev (apt-get, with sudo when not root); on macOS
#      Homebrew's tree-sitter, with Homebrew's pkg-config (pkgconf), each installed only when missing;
#   2. the TypeScript and TSX grammars, fetched from PyPI as a pinned, checksummed sdist and built into a
#      static library with a header and pkg-config files, installed like a distribution would, so that a
#      plain `swift build` finds them with no flags (the pre-commit hook relies on that). The prefix is
#      GRANTED_LINT_PREFIX, by default /usr/local on Linux and Homebrew's prefix on macOS.
# On macOS nothing runs with sudo: Homebrew's prefix belongs to the user who installed Homebrew, and
# SwiftPM finds .pc files there through Homebrew's pkg-config (docs/platforms.md says more).
# Idempotent: when the pinned grammar is already installed it does nothing and returns at once.
set -euo pipefail

GRAMMAR_PACKAGE="tree-sitter-language-pack"
GRAMMAR_VERSION="0.13.0"
GRAMMAR_SHA256="032034c5e27b1f6e00730b9e7c2dbc8203b4700d0c681fd019d6defcf61183ec"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/granted-lint"
# Our adjustment to the fetched scanner (scripts/patch-grammar.py); a new one changes this stamp so
# that machines set up before it rebuild.
GRAMMAR_ADJUSTMENT="jsx-text-ampersand-1"
STAMP="grammar-pin: $GRAMMAR_PACKAGE $GRAMMAR_VERSION $GRAMMAR_SHA256 + $GRAMMAR_ADJUSTMENT"

say() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# The newest tree-sitter runtime this was tried with; a newer one gets a warning (its API changed at
# 0.25 and 0.26, and CTreeSitter's shim.h covers the versions up to this one).
NEWEST_TESTED_RUNTIME="0.26"

# Homebrew's brew: on the PATH, or where its installer puts it (a non-login shell, a GUI git client or
# pre-commit may not have run `brew shellenv`).
find_brew() {
  local candidate
  for candidate in "$(command -v brew 2>/dev/null || true)" /opt/homebrew/bin/brew /usr/local/bin/brew; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then printf '%s\n' "$candidate"; return 0; fi
  done
  return 1
}

pkg_config_finds_runtime() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists tree-sitter 2>/dev/null; }

# Leaves `swift` and `brew_prefix` set (brew_prefix empty when the runtime came from elsewhere), with
# Homebrew's bin and pkgconfig directories on PATH and PKG_CONFIG_PATH for this script's checks.
macos_runtime() {
  # Swift: Xcode's (xcrun) or a swift.org toolchain on the PATH. /usr/bin/swift is only a stub that
  # offers to install the command line tools when there are none, so the version must actually print.
  swift=$(xcrun --find swift 2>/dev/null) || swift=$(command -v swift 2>/dev/null) || swift=""
  if [ -z "$swift" ] || ! "$swift" --version >/dev/null 2>&1; then
    die "no Swift toolchain found (neither \`xcrun --find swift\` nor a swift on the PATH runs): install Xcode 16 or later (App Store, or https://developer.apple.com/xcode/), or a Swift 6 toolchain from https://www.swift.org/install/macos/, then run scripts/setup.sh again"
  fi
  say "Swift: $swift ($("$swift" --version 2>&1 | sed -n 1p))"

  brew_prefix=""
  local brew=""
  # Homebrew is asked for its prefix (the default prefix of the grammar) and for what is missing. The
  # Homebrew formula's build gives both, GRANTED_LINT_PREFIX and tree-sitter on PKG_CONFIG_PATH, and
  # brew is not run from inside brew.
  if [ -z "${GRANTED_LINT_PREFIX:-}" ] || ! pkg_config_finds_runtime; then
    if brew=$(find_brew); then
      brew_prefix=$("$brew" --prefix)
      export PATH="$brew_prefix/bin:$PATH"
      export PKG_CONFIG_PATH="$brew_prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    fi
  fi
  # Already there (Homebrew's, or another tree-sitter whose .pc is on PKG_CONFIG_PATH): nothing to
  # install, as on Debian.
  if pkg_config_finds_runtime; then
    return 0
  fi
  if [ -z "$brew" ]; then
    die "Homebrew not found (no brew on the PATH, in /opt/homebrew/bin or /usr/local/bin). On macOS it provides the tree-sitter runtime and pkg-config: install it as https://brew.sh says, then run scripts/setup.sh again. Without Homebrew: install the tree-sitter library (0.20 to $NEWEST_TESTED_RUNTIME, with its tree-sitter.pc; MacPorts: sudo port install tree-sitter pkgconfig) and pkg-config, put the directory of tree-sitter.pc on PKG_CONFIG_PATH, and set GRANTED_LINT_PREFIX to a directory you can write"
  fi
  # Homebrew's pkg-config is the pkgconf formula (homebrew-core's formulae depend on "pkgconf"); an
  # older installation may still have the formula called pkg-config.
  local missing=()
  "$brew" list --versions tree-sitter >/dev/null 2>&1 || missing+=(tree-sitter)
  "$brew" list --versions pkgconf >/dev/null 2>&1 || "$brew" list --versions pkg-config >/dev/null 2>&1 || missing+=(pkgconf)
  if [ "${#missing[@]}" -gt 0 ]; then
    say "installing ${missing[*]} from Homebrew"
    "$brew" install "${missing[@]}"
  fi
  command -v pkg-config >/dev/null 2>&1 || die "Homebrew's pkgconf is installed but pkg-config is not in $brew_prefix/bin (brew link pkgconf?)"
  pkg_config_finds_runtime \
    || die "Homebrew's tree-sitter is installed but pkg-config finds no tree-sitter.pc in $brew_prefix/lib/pkgconfig (brew link tree-sitter?)"
}

case "$(uname -s)" in
  Darwin) platform=macos ;;
  *) platform=linux ;;
esac

# 1. The runtime.
if [ "$platform" = macos ]; then
  macos_runtime
  runtime_version=$(pkg-config --modversion tree-sitter 2>/dev/null || true)
  newest=$(printf '%s\n%s\n' "$NEWEST_TESTED_RUNTIME" "$(printf '%s' "$runtime_version" | cut -d. -f1,2)" | sort -t. -k1,1n -k2,2n | tail -n 1)
  if [ -n "$runtime_version" ] && [ "$newest" != "$NEWEST_TESTED_RUNTIME" ]; then
    say "warning: tree-sitter $runtime_version is newer than the newest tried ($NEWEST_TESTED_RUNTIME); if the build fails in CTreeSitter, see docs/platforms.md"
  fi
  PREFIX="${GRANTED_LINT_PREFIX:-$brew_prefix}"
  [ -n "$PREFIX" ] || die "tree-sitter came from outside Homebrew, so there is no default prefix for the grammar: set GRANTED_LINT_PREFIX to a directory you can write, and put \$GRANTED_LINT_PREFIX/lib/pkgconfig on PKG_CONFIG_PATH when building"
  # Never sudo here: a prefix the user cannot write is the user's to choose otherwise.
  install_files() { "$@"; }
else
  if ! pkg-config --exists tree-sitter 2>/dev/null || [ ! -f /usr/include/tree_sitter/api.h ]; then
    say "installing libtree-sitter-dev from Debian"
    sudo_if_needed apt-get update -qq
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtree-sitter-dev pkg-config >/dev/null
  fi
  PREFIX="${GRANTED_LINT_PREFIX:-/usr/local}"
  install_files() { sudo_if_needed "$@"; }
fi
PC_FILE="$PREFIX/lib/pkgconfig/tree-sitter-typescript.pc"

# 2. The grammars.
if [ -f "$PC_FILE" ] && grep -qF "$STAMP" "$PC_FILE" && [ -f "$PREFIX/lib/libtree-sitter-typescript.a" ]; then
  exit 0
fi

if [ "$platform" = macos ]; then
  # cc is Apple's clang when the command line tools are selected; xcrun finds it inside Xcode otherwise.
  if command -v cc >/dev/null 2>&1 && cc --version >/dev/null 2>&1; then
    cc=cc
  else
    cc=$(xcrun --find clang 2>/dev/null) \
      || die "no C compiler found (cc, or clang through xcrun): install the Xcode command line tools (xcode-select --install) or Xcode"
  fi
  command -v python3 >/dev/null 2>&1 || die "python3 is needed to fetch and adjust the grammar: install the Xcode command line tools (xcode-select --install) or Homebrew's python"
  if ! mkdir -p "$PREFIX" 2>/dev/null || [ ! -w "$PREFIX" ]; then
    die "cannot write $PREFIX: set GRANTED_LINT_PREFIX to a directory you can write, and put \$GRANTED_LINT_PREFIX/lib/pkgconfig on PKG_CONFIG_PATH when building (the Makefile does that)"
  fi
else
  command -v cc >/dev/null || die "no C compiler (cc) found; install gcc"
  cc=cc
fi
SOURCES="$(bash "$(dirname "$0")/grammar-sources.sh" "$GRAMMAR_PACKAGE" "$GRAMMAR_VERSION" "$GRAMMAR_SHA256")"

build_dir=$(mktemp -d)
trap 'rm -rf "$build_dir"' EXIT
say "building the TypeScript and TSX grammars"
root="tree_sitter_language_pack-$GRAMMAR_VERSION/parsers"
mkdir -p "$build_dir/$root"
cp -R "$SOURCES/typescript" "$SOURCES/tsx" "$build_dir/$root/"
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
    "$cc" -O2 -fPIC -std=c11 -w -I "$src" -c "$src/$unit.c" -o "$obj" &
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

install_files install -d "$PREFIX/lib/pkgconfig" "$PREFIX/include/tree_sitter"
install_files install -m 0644 "$build_dir/libtree-sitter-typescript.a" "$PREFIX/lib/"
install_files install -m 0644 "$build_dir/tree-sitter-typescript.h" "$PREFIX/include/tree_sitter/"
# The .pc file last: its presence is what marks the set-up as done.
install_files install -m 0644 "$build_dir/tree-sitter-typescript.pc" "$PREFIX/lib/pkgconfig/"
say "installed the grammars under $PREFIX"
# SwiftPM looks for .pc files on PKG_CONFIG_PATH, in the directories pkg-config itself searches and in
# /usr/local/lib/pkgconfig; a prefix elsewhere has to be named.
if [ "$platform" = macos ] && [ "$PREFIX" != "$brew_prefix" ] && [ "$PREFIX" != /usr/local ]; then
  say "$PREFIX/lib/pkgconfig is not where SwiftPM looks by itself: build with PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig (make does this when GRANTED_LINT_PREFIX is set)"
fi
