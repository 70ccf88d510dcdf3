#!/usr/bin/env bash
# scripts/setup.sh as it runs on macOS, tried on Linux with stand-ins: `uname` says Darwin/arm64, and
# `brew`, `xcrun`, `swift`, `pkg-config`, `cc`, `ar`, `id`, `sudo` and `apt-get` are small scripts
# that write each call to a log. The PATH holds those and a macOS-like set of real tools: no
# sha256sum, flock, apt-get, dpkg or other GNU-only command that a Mac lacks. Then as on Debian (uname
# says Linux), which must still go the apt-get way; and scripts/test-deps.sh as on macOS.
#
#   bash Tests/setup/macos-setup.test.sh        # prints each failed check, ends with "N passed, N failed"
#
# The grammar sdist is the real pinned one (scripts/fetch-sdist.sh's cache; fetched once if absent),
# linked into each run's own cache, with PIP_INDEX_URL pointing nowhere: a run that missed the cache
# would fail instead of downloading. The first scenario extracts the grammar sources from it
# (scripts/grammar-sources.sh); the others find them extracted in their cache, as a second set-up
# on a machine does (extracting takes 5–6 s of CPU each time). scripts/patch-grammar.py runs for real on the extracted scanner;
# the stand-in `cc` and `ar` only record their arguments and write empty outputs.
#
# What it cannot show: that the BSD tar, install, mktemp and sed of a real Mac accept the same options
# (the GNU ones stand in; setup.sh uses only options both have), and anything Homebrew itself does.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/granted-lint-setup-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
scenario=""
check() {
  local description=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL [%s] %s\n' "$scenario" "$description"
  fi
}

# --- The pinned sdist, from setup.sh's own pins.
pin() { sed -n "s/^$1=\"\\(.*\\)\"\$/\\1/p" "$root/scripts/setup.sh"; }
sdist=$(bash "$root/scripts/fetch-sdist.sh" "$(pin GRAMMAR_PACKAGE)" "$(pin GRAMMAR_VERSION)" "$(pin GRAMMAR_SHA256)")
sources=$(bash "$root/scripts/grammar-sources.sh" "$(pin GRAMMAR_PACKAGE)" "$(pin GRAMMAR_VERSION)" "$(pin GRAMMAR_SHA256)")

# --- The stand-ins. Each appends "name arg arg…" to $STANDIN_LOG, in one write: setup.sh runs the
# compiler four times at once.
standins=$work/standins
mkdir -p "$standins"
write_standin() { cat > "$standins/$1"; chmod +x "$standins/$1"; }
# shellcheck disable=SC2016 # expanded by the stand-in, not here
log_line='line=$(basename "$0"); for a in "$@"; do line="$line $a"; done; printf "%s\n" "$line" >> "$STANDIN_LOG"'

write_standin uname <<EOF
#!/bin/sh
$log_line
case "\${1:-}" in -m) echo "\$FAKE_UNAME_M" ;; *) echo "\$FAKE_UNAME_S" ;; esac
EOF

# Homebrew at \$FAKE_BREW_PREFIX. A formula is installed when \$STATE/installed/<name> exists;
# `brew install` creates what setup.sh then looks for: tree-sitter.pc and api.h, or bin/pkg-config.
write_standin brew <<EOF
#!/bin/sh
$log_line
case "\$1" in
  --prefix) echo "\$FAKE_BREW_PREFIX" ;;
  list)
    [ "\$2" = --versions ] || exit 2
    [ -f "\$STATE/installed/\$3" ] || exit 1
    echo "\$3 1.0" ;;
  install)
    shift
    for formula in "\$@"; do "$standins/brew-provides" "\$formula"; done ;;
  *) exit 2 ;;
esac
EOF
write_standin brew-provides <<EOF
#!/bin/sh
touch "\$STATE/installed/\$1"
case "\$1" in
  tree-sitter)
    mkdir -p "\$FAKE_BREW_PREFIX/lib/pkgconfig" "\$FAKE_BREW_PREFIX/include/tree_sitter"
    printf 'prefix=%s\nName: tree-sitter\nVersion: %s\nLibs: -L\${prefix}/lib -ltree-sitter\nCflags: -I\${prefix}/include\n' \
      "\$FAKE_BREW_PREFIX" "\${FAKE_TREE_SITTER_VERSION:-0.26.0}" > "\$FAKE_BREW_PREFIX/lib/pkgconfig/tree-sitter.pc"
    : > "\$FAKE_BREW_PREFIX/include/tree_sitter/api.h" ;;
  pkgconf | pkg-config)
    mkdir -p "\$FAKE_BREW_PREFIX/bin"
    cp "$standins/pkg-config" "\$FAKE_BREW_PREFIX/bin/pkg-config" ;;
esac
EOF

# pkg-config over the .pc files on PKG_CONFIG_PATH (all that setup.sh asks of it). The log line names
# the PKG_CONFIG_PATH it saw.
write_standin pkg-config <<EOF
#!/bin/sh
line=pkg-config; for a in "\$@"; do line="\$line \$a"; done
printf '%s [PKG_CONFIG_PATH=%s]\n' "\$line" "\${PKG_CONFIG_PATH:-}" >> "\$STANDIN_LOG"
find_pc() {
  old_ifs=\$IFS; IFS=:
  for dir in \$PKG_CONFIG_PATH; do
    if [ -n "\$dir" ] && [ -f "\$dir/\$1.pc" ]; then IFS=\$old_ifs; echo "\$dir/\$1.pc"; return 0; fi
  done
  IFS=\$old_ifs; return 1
}
case "\$1" in
  --exists) find_pc "\$2" >/dev/null ;;
  --modversion) pc=\$(find_pc "\$2") && sed -n 's/^Version: //p' "\$pc" ;;
  *) exit 2 ;;
esac
EOF

# xcrun finds what \$FAKE_SWIFT / \$FAKE_CLANG name; empty means not installed.
write_standin xcrun <<EOF
#!/bin/sh
$log_line
[ "\$1" = --find ] || exit 2
case "\$2" in swift) found=\${FAKE_SWIFT:-} ;; clang) found=\${FAKE_CLANG:-} ;; *) found= ;; esac
if [ -z "\$found" ]; then echo "xcrun: error: unable to find utility \"\$2\", not a developer tool or in PATH" >&2; exit 72; fi
echo "\$found"
EOF

write_standin swift <<EOF
#!/bin/sh
$log_line
echo "swift-driver version: 1.115.1 Apple Swift version 6.0.3 (swiftlang-6.0.3.1.10 clang-1600.0.30.1)"
echo "Target: arm64-apple-macosx15.0"
EOF

# The C compiler (as cc, or as clang through xcrun): writes an empty object file where -o says.
write_standin cc <<EOF
#!/bin/sh
$log_line
out=
while [ \$# -gt 0 ]; do
  case "\$1" in
    --version) echo "Apple clang version 16.0.0 (clang-1600.0.26.6)"; exit 0 ;;
    -o) out=\$2; shift ;;
  esac
  shift
done
[ -n "\$out" ] && : > "\$out"
EOF
cp "$standins/cc" "$standins/clang"

write_standin ar <<EOF
#!/bin/sh
$log_line
[ "\$1" = rcs ] && : > "\$2"
EOF

# Not root, so that any use of sudo shows.
write_standin id <<EOF
#!/bin/sh
if [ "\${1:-}" = -u ]; then echo "\${FAKE_UID:-501}"; else echo "uid=\${FAKE_UID:-501}"; fi
EOF
write_standin sudo <<EOF
#!/bin/sh
$log_line
exec "\$@"
EOF
for tool in apt-get dpkg; do
  write_standin "$tool" <<EOF
#!/bin/sh
$log_line
EOF
done

# --- A macOS-like set of real tools (what a Mac has in /usr/bin and /bin), by name.
mac_tools=$work/mac-tools
mkdir -p "$mac_tools"
for tool in bash sh env cat cp mv rm ln ls mkdir rmdir chmod touch install mktemp dirname basename \
            tar gzip grep sed awk cut head tail sort tr wc cmp comm date sleep find xargs perl shasum; do
  path=$(command -v "$tool") || { echo "test set-up: $tool not found" >&2; exit 2; }
  ln -s "$path" "$mac_tools/$tool"
done
# The interpreter itself, not a version manager's shim that may need more of the environment.
python_dir=$work/python
mkdir -p "$python_dir"
printf '#!/bin/sh\nexec %s "$@"\n' "$(python3 -c 'import sys; print(sys.executable)')" > "$python_dir/python3"
chmod +x "$python_dir/python3"
ln -s "$python_dir/python3" "$mac_tools/python3"
for gnu_only in sha256sum flock apt-get dpkg nproc stat timeout; do
  [ ! -e "$mac_tools/$gnu_only" ] || { echo "test set-up: $gnu_only must not be in the macOS-like PATH" >&2; exit 2; }
done
# find_brew also looks in Homebrew's own places; on this machine there must be nothing there.
for place in /opt/homebrew/bin/brew /usr/local/bin/brew; do
  [ ! -e "$place" ] || { echo "test set-up: $place exists; the no-Homebrew case cannot be tried here" >&2; exit 2; }
done

# --- Running setup.sh. run_setup NAME [VAR=value…] runs it with an empty environment plus these:
# HOME, TMPDIR, its own cache holding the sdist, the log and state of scenario NAME, and the stand-ins
# chosen by `bin` (which of $standins are on the PATH, in scenario/bin).
dir=""
status=0
new_scenario() {
  scenario=$1
  dir=$work/$1
  mkdir -p "$dir/bin" "$dir/state/installed" "$dir/cache/granted-lint" "$dir/home" "$dir/homebrew"
  ln -sf "$sdist" "$dir/cache/granted-lint/$(basename "$sdist")"
  [ "$1" = macos-fresh ] || ln -sfn "$sources" "$dir/cache/granted-lint/$(basename "$sources")"
}
on_path() { local tool; for tool in "$@"; do ln -sf "$standins/$tool" "$dir/bin/$tool"; done; }
brew_has() { STATE=$dir/state FAKE_BREW_PREFIX=$dir/homebrew "$standins/brew-provides" "$1"; }
run_script() {
  local script=$1 path=$2
  shift 2
  : > "$dir/log"
  status=0
  env -i HOME="$dir/home" TMPDIR="${TMPDIR:-/tmp}" PATH="$path" XDG_CACHE_HOME="$dir/cache" \
    PIP_INDEX_URL=http://127.0.0.1:9/simple STANDIN_LOG="$dir/log" STATE="$dir/state" \
    FAKE_BREW_PREFIX="$dir/homebrew" "$@" \
    bash "$root/scripts/$script" > "$dir/output" 2>&1 || status=$?
}
run_setup() { run_script setup.sh "$@"; }
mac_path() { printf '%s:%s' "$dir/bin" "$mac_tools"; }
mac_env=(FAKE_UNAME_S=Darwin FAKE_UNAME_M=arm64)

# Checks on the last run.
succeeded() { [ "$status" -eq 0 ] || { sed 's/^/    /' "$dir/output"; false; }; }
failed_with() {
  if [ "$status" -eq 0 ] || ! grep -qF -- "$1" "$dir/output"; then sed 's/^/    /' "$dir/output"; return 1; fi
}
logged() { grep -qxF -- "$1" "$dir/log" || { printf '    log:\n'; sed 's/^/      /' "$dir/log"; false; }; }
logged_start() { grep -q "^$1" "$dir/log"; }
never() { ! grep -qE "^($1)( |\$)" "$dir/log" || { grep -E "^($1)( |\$)" "$dir/log" | sed 's/^/    /'; false; }; }
count_of() { grep -c "^$1" "$dir/log" || true; }
said() { grep -qF -- "$1" "$dir/output" || { sed 's/^/    /' "$dir/output"; false; }; }
installed_grammar_in() {
  [ -f "$1/lib/libtree-sitter-typescript.a" ] && [ -f "$1/include/tree_sitter/tree-sitter-typescript.h" ] \
    && grep -qxF "prefix=$1" "$1/lib/pkgconfig/tree-sitter-typescript.pc" \
    && grep -q '^# grammar-pin: tree-sitter-language-pack ' "$1/lib/pkgconfig/tree-sitter-typescript.pc"
}
compiled_four_units_with() {
  [ "$(grep -cE "^$1 -O2 -fPIC -std=c11 -w -I .*/parsers/(typescript|tsx)/src -c .*/(parser|scanner)\\.c -o " "$dir/log")" -eq 4 ]
}

# 1. A Mac with Homebrew and nothing else: tree-sitter and pkgconf are installed, Homebrew's pkgconfig
#    directory is searched, the grammar is built with cc and installed into Homebrew's prefix.
new_scenario macos-fresh
on_path uname brew xcrun cc ar id sudo apt-get dpkg
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift"
check "setup succeeds" succeeded
check "Swift found through xcrun" logged "xcrun --find swift"
check "and run" logged "swift --version"
check "tree-sitter looked for in Homebrew" logged "brew list --versions tree-sitter"
check "pkgconf looked for in Homebrew" logged "brew list --versions pkgconf"
check "both installed with one brew install" logged "brew install tree-sitter pkgconf"
check "pkg-config searches Homebrew's pkgconfig directory first" \
  logged "pkg-config --exists tree-sitter [PKG_CONFIG_PATH=$dir/homebrew/lib/pkgconfig]"
check "four grammar units compiled with cc" compiled_four_units_with cc
check "the grammar sources extracted into the cache once" \
  cmp -s "$dir/cache/granted-lint/$(basename "$sources")/typescript/src/parser.c" "$sources/typescript/src/parser.c"
check "archived with ar" logged_start "ar rcs .*/libtree-sitter-typescript.a "
check "installed into Homebrew's prefix" installed_grammar_in "$dir/homebrew"
check "no apt-get, dpkg or sudo" never "apt-get|dpkg|sudo"
check "tells where it installed" said "installed the grammars under $dir/homebrew"

# 2. The same Mac again: the pin is installed, nothing is installed or built.
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift"
check "second run succeeds" succeeded
check "nothing installed from Homebrew" never "brew install"
check "nothing compiled" never "cc|ar"

# 3. pkgconf already there, tree-sitter not; no cc on the PATH (clang through xcrun), and a swift.org
#    toolchain on the PATH that xcrun does not know.
new_scenario macos-partial
on_path uname brew xcrun ar id sudo apt-get dpkg swift
brew_has pkgconf
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT= FAKE_CLANG="$standins/clang"
check "setup succeeds" succeeded
check "Swift from the PATH when xcrun has none" logged "swift --version"
check "only tree-sitter installed" logged "brew install tree-sitter"
check "pkgconf not installed again" never "brew install .*pkgconf"
check "clang found through xcrun" logged "xcrun --find clang"
check "four grammar units compiled with xcrun's clang" compiled_four_units_with clang
check "no apt-get, dpkg or sudo" never "apt-get|dpkg|sudo"

# 4. Everything there: Homebrew is asked for its prefix only.
new_scenario macos-present
on_path uname brew xcrun cc ar id sudo apt-get dpkg
brew_has pkgconf
brew_has tree-sitter
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift"
check "setup succeeds" succeeded
check "brew --prefix asked" logged "brew --prefix"
check "nothing installed from Homebrew" never "brew install"
check "installed into Homebrew's prefix" installed_grammar_in "$dir/homebrew"
check "no apt-get, dpkg or sudo" never "apt-get|dpkg|sudo"

# 5. A prefix of the user's choice: installed there, and setup.sh says how to build with it.
new_scenario macos-own-prefix
on_path uname brew xcrun cc ar id sudo apt-get dpkg
brew_has pkgconf
brew_has tree-sitter
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift" GRANTED_LINT_PREFIX="$dir/prefix"
check "setup succeeds" succeeded
check "installed into GRANTED_LINT_PREFIX" installed_grammar_in "$dir/prefix"
check "nothing in Homebrew's prefix" test ! -e "$dir/homebrew/lib/pkgconfig/tree-sitter-typescript.pc"
check "says to put its pkgconfig on PKG_CONFIG_PATH" said "PKG_CONFIG_PATH=$dir/prefix/lib/pkgconfig"

# 6. As in the Homebrew formula's build: no brew anywhere, tree-sitter's .pc on PKG_CONFIG_PATH, the
#    prefix given. brew is never needed.
new_scenario macos-formula-build
on_path uname xcrun cc ar id sudo apt-get dpkg pkg-config
brew_has tree-sitter
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift" GRANTED_LINT_PREFIX="$dir/buildpath" \
  PKG_CONFIG_PATH="$dir/homebrew/lib/pkgconfig"
check "setup succeeds" succeeded
check "brew is never run" never "brew"
check "installed into GRANTED_LINT_PREFIX" installed_grammar_in "$dir/buildpath"

# 7. No Homebrew and no tree-sitter: a clear error, nothing installed.
new_scenario macos-no-homebrew
on_path uname xcrun cc ar id sudo apt-get dpkg
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift"
check "fails saying Homebrew is missing" failed_with "Homebrew not found"
check "says where to get it" said "https://brew.sh"
check "and the way without it" said "set GRANTED_LINT_PREFIX"
check "no apt-get, dpkg or sudo" never "apt-get|dpkg|sudo"
check "nothing compiled" never "cc|ar"

# 8. No Swift: neither xcrun nor the PATH has one.
new_scenario macos-no-swift
on_path uname brew xcrun cc ar id sudo apt-get dpkg
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT=
check "fails saying Swift is missing" failed_with "no Swift toolchain found"
check "names Xcode" said "install Xcode 16 or later"
check "names swift.org" said "https://www.swift.org/install/macos/"
check "installs nothing" never "brew install|apt-get|sudo"

# 9. A prefix the user cannot write (here: under a file) is refused, not tried with sudo.
new_scenario macos-unwritable-prefix
on_path uname brew xcrun cc ar id sudo apt-get dpkg
brew_has pkgconf
brew_has tree-sitter
: > "$dir/a-file"
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift" GRANTED_LINT_PREFIX="$dir/a-file/prefix"
check "fails saying it cannot write the prefix" failed_with "cannot write $dir/a-file/prefix"
check "no sudo" never "sudo"

# 10. A tree-sitter newer than the newest tried gets a warning, and the set-up goes on.
present_homebrew=$work/macos-present/homebrew
new_scenario macos-newer-runtime
on_path uname brew xcrun cc ar id sudo apt-get dpkg
cp -R "$present_homebrew/." "$dir/homebrew/"
brew_has pkgconf
FAKE_TREE_SITTER_VERSION=0.27.1 STATE=$dir/state FAKE_BREW_PREFIX=$dir/homebrew "$standins/brew-provides" tree-sitter
run_setup "$(mac_path)" "${mac_env[@]}" FAKE_SWIFT="$standins/swift"
check "setup succeeds" succeeded
check "warns about the runtime version" said "tree-sitter 0.27.1 is newer than the newest tried (0.26)"
check "nothing compiled (the pinned grammar is there)" never "cc|ar"

# 11. Debian, not root: apt-get through sudo, as before; no Homebrew, no xcrun.
new_scenario linux
on_path uname brew xcrun cc ar id sudo apt-get dpkg pkg-config
run_setup "$(printf '%s:%s:%s' "$dir/bin" "$python_dir" "$PATH")" FAKE_UNAME_S=Linux FAKE_UNAME_M=x86_64 FAKE_UID=1000 \
  GRANTED_LINT_PREFIX="$dir/prefix"
check "setup succeeds" succeeded
check "apt-get update through sudo" logged "sudo apt-get update -qq"
check "libtree-sitter-dev through sudo" \
  logged "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libtree-sitter-dev pkg-config"
check "apt-get itself ran" logged "apt-get install -y -qq libtree-sitter-dev pkg-config"
check "four grammar units compiled with cc" compiled_four_units_with cc
check "installed with sudo" logged_start "sudo install -m 0644 .*/tree-sitter-typescript.pc $dir/prefix/lib/pkgconfig/\$"
check "installed into the prefix" installed_grammar_in "$dir/prefix"
check "no Homebrew, no xcrun" never "brew|xcrun"

# 12. Debian as root: no sudo; the grammar already installed, so nothing is built.
root_prefix=$dir/prefix
new_scenario linux-root
on_path uname brew xcrun cc ar id sudo apt-get dpkg pkg-config
mkdir -p "$dir/prefix"
cp -R "$root_prefix/." "$dir/prefix/"
run_setup "$(printf '%s:%s:%s' "$dir/bin" "$python_dir" "$PATH")" FAKE_UNAME_S=Linux FAKE_UNAME_M=x86_64 FAKE_UID=0 \
  GRANTED_LINT_PREFIX="$dir/prefix"
check "setup succeeds" succeeded
check "apt-get without sudo" logged "apt-get update -qq"
check "no sudo" never "sudo"
check "nothing compiled" never "cc|ar"

# 13. scripts/test-deps.sh on macOS: what the tests need, from Homebrew, only what is missing (node is
#     there, and gives npm too).
new_scenario macos-test-deps
on_path uname brew id sudo apt-get dpkg
brew_has node
run_script test-deps.sh "$(mac_path)" "${mac_env[@]}"
check "test-deps succeeds" succeeded
check "the missing formulae installed at once" logged "brew install typescript libxml2 cmark-gfm neovim"
check "no apt-get, dpkg or sudo" never "apt-get|dpkg|sudo"
run_script test-deps.sh "$(mac_path)" "${mac_env[@]}"
check "second run installs nothing" never "brew install"

# 14. scripts/test-deps.sh on macOS without Homebrew: what to do.
new_scenario macos-test-deps-no-homebrew
on_path uname id sudo apt-get dpkg
run_script test-deps.sh "$(mac_path)" "${mac_env[@]}"
check "fails naming Homebrew" failed_with "https://brew.sh"
check "no apt-get, dpkg or sudo" never "apt-get|dpkg|sudo"

printf '%s passed, %s failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
