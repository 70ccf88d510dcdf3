#!/usr/bin/env bash
# `make dist`: a self-contained build of granted-lint, packed for a release:
#   dist/granted-lint-<version>-<os>-<arch>.tar.gz   (binary, README.md, LICENSE, docs/rules/)
#   dist/granted-lint-<version>-<os>-<arch>.tar.gz.sha256
# with os linux or darwin and arch x64 or arm64, as Node.js names them (process.platform,
# process.arch), so that release assets, the Action (scripts/action-run.sh) and npm packages agree.
#
# Three kinds of build, chosen by the environment (by default this machine's OS and architecture):
#
# glibc — Linux, no GRANTED_LINT_SWIFT_SDK: what `make dist` builds, here and in the release (on an
# x64 and an arm64 runner; the binary is built for the machine it is built on). A fully static
# executable with glibc linked in: no program interpreter, no shared library, so the binary tested on
# the build machine is the one every distribution runs — Debian 11's glibc 2.31, Alpine's musl, a
# distroless image (Tests/platforms/old-glibc.test.sh and empty-root.test.sh run it in such roots).
#   - `swiftc -static-executable`: the Swift runtime, Foundation (with its ICU data), libstdc++,
#     libgcc and glibc come from their static archives, and so do tree-sitter (SwiftPM's `-ltree-sitter`
#     from the package's .pc file; with `-static` the linker takes Debian's libtree-sitter.a) and the
#     grammar (only ever a static library, scripts/setup.sh).
#   - The linker warns that dlopen, getpwuid, getpwnam, getgrgid_r, getaddrinfo "require at runtime
#     the shared libraries from the glibc version used for linking" (glibc's NSS and dlopen load them
#     at run time). Foundation and ICU link those calls in; granted-lint reaches none of them — HOME
#     and XDG_CONFIG_HOME come from the environment, ICU's data is linked in, no name is looked up —
#     and the run as a user with no passwd entry in a root without /etc is checked
#     (Tests/platforms/empty-root.test.sh).
#   - The Swift runtime finds its own path through /proc/self/exe when it starts, and aborts with
#     "Unable to obtain Swift runtime path" where /proc is not mounted (a bare chroot; containers
#     always have it).
#   Checked: no program interpreter and no dynamic section, and the run with an empty environment
#   from another directory.
#
# musl — Linux with GRANTED_LINT_SWIFT_SDK (x86_64-swift-linux-musl or aarch64-swift-linux-musl, from
# Swift's Static Linux SDK, which must match the toolchain's version): a fully static binary too,
# built against musl, and the one way to build for the other architecture (cross-compiled). The
# release does not use it since issue 40: the SDK cannot be fetched on the development machines, so
# its binary was never the one tested there.
#   - tree-sitter and the grammar are compiled for the target from the pinned sources
#     (scripts/build-tree-sitter.sh) with the toolchain's clang and the SDK's musl sysroot (found in
#     the SDK's swift-sdk.json, or GRANTED_LINT_SDK_SYSROOT).
#   - musl gives new threads 128 KiB of stack unless the executable asks for more; the linker's
#     `-z stack-size` asks for 8 MiB (musl's upper bound), as glibc gives.
#   - Either architecture can be built on either: a binary for another one is run through
#     qemu-<arch>-static (or qemu-<arch>) for the checks; without it the build stops.
#   Checked: no program interpreter and no dynamic section, the ELF machine of the target, and the
#   run with an empty environment.
#
# darwin — macOS, for this Mac's architecture (build x64 on an Intel Mac, arm64 on Apple silicon):
# the Swift runtime and Foundation are the system's (macOS 13 or later, Package.swift); tree-sitter
# and the grammar are linked statically, compiled as for musl (scripts/build-tree-sitter.sh).
#   Checked: `otool -L` names only /usr/lib and /System libraries, and the run with an empty
#   environment. The binary is signed ad hoc again after stripping (Apple silicon runs nothing
#   unsigned).
#
# Version and commit: Swift cannot read a string from the environment at compile time, so the build
# runs on a copy of the tree (.build/dist/src, synced file by file so that rebuilds stay incremental)
# in which the `commit` line of Sources/GrantedCLI/BuildInfo.swift is rewritten. The repository is
# never modified. A tree with uncommitted changes gives `<commit>-dirty`.
#
# Environment: SWIFT (default swift), GRANTED_LINT_DIST_DIR (default dist), GRANTED_LINT_TARGET_OS
# (linux, darwin) and GRANTED_LINT_TARGET_ARCH (x64, arm64), by default this machine's;
# GRANTED_LINT_SWIFT_SDK (musl, above), GRANTED_LINT_SDK_SYSROOT. Prints the tarball's path.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
SWIFT=${SWIFT:-swift}
out_dir=${GRANTED_LINT_DIST_DIR:-$root/dist}
work=$root/.build/dist
src=$work/src
scratch=$work/scratch

say() { printf 'dist: %s\n' "$*" >&2; }
die() { printf 'dist: error: %s\n' "$*" >&2; exit 1; }

# This machine, and the target (names as Node.js gives them).
case "$(uname -s)" in
  Linux) host_os=linux ;;
  Darwin) host_os=darwin ;;
  *) die "make dist builds on Linux or macOS; this is $(uname -s)" ;;
esac
case "$(uname -m)" in
  x86_64) host_arch=x64 ;;
  aarch64 | arm64) host_arch=arm64 ;;
  *) die "unsupported architecture $(uname -m)" ;;
esac
os=${GRANTED_LINT_TARGET_OS:-$host_os}
arch=${GRANTED_LINT_TARGET_ARCH:-$host_arch}
sdk=${GRANTED_LINT_SWIFT_SDK:-}
case "$arch" in
  x64) machine=x86_64 ;;
  arm64) machine=$([ "$os" = darwin ] && echo arm64 || echo aarch64) ;;
  *) die "GRANTED_LINT_TARGET_ARCH must be x64 or arm64 (got '$arch')" ;;
esac
case "$os" in
  linux)
    if [ -n "$sdk" ]; then
      kind=musl
      triple=$machine-swift-linux-musl
      [ "$host_os" = linux ] || die "the musl build runs on Linux (the checks read ELF files); this is $host_os"
    else
      kind=glibc
      [ "$host_os" = linux ] && [ "$arch" = "$host_arch" ] \
        || die "a linux-$arch build on $host_os-$host_arch needs GRANTED_LINT_SWIFT_SDK (Swift's Static Linux SDK, e.g. $machine-swift-linux-musl)"
    fi ;;
  darwin)
    kind=darwin
    [ -z "$sdk" ] || die "GRANTED_LINT_SWIFT_SDK is for Linux targets; macOS builds use the Xcode toolchain"
    [ "$host_os" = darwin ] && [ "$arch" = "$host_arch" ] \
      || die "a darwin-$arch binary is built on a Mac of that architecture; this is $host_os-$host_arch" ;;
  *) die "GRANTED_LINT_TARGET_OS must be linux or darwin (got '$os')" ;;
esac

build_info=Sources/GrantedCLI/BuildInfo.swift
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$build_info")
grammar=$(sed -n 's/^ *public static let grammar = "\(.*\)"$/\1/p' "$build_info")
[ -n "$version" ] && [ -n "$grammar" ] || die "cannot read version and grammar from $build_info"

# The grammar that will be linked must be the one BuildInfo names: its pin is the first line of its
# tree-sitter-typescript.pc ("# grammar-pin: <package> <version> <sha256> + <adjustment>").
check_grammar_pin() {
  local installed
  installed=$(sed -n 's/^# grammar-pin: \([^ ]*\) \([^ ]*\) [0-9a-f]* + \(.*\)$/\1 \2 + \3/p' "$1")
  [ "$installed" = "$grammar" ] \
    || die "the grammar in $1 is '$installed', but $build_info says '$grammar'; run scripts/setup.sh or update BuildInfo"
}
if [ "$kind" = glibc ]; then
  pc_file="$(pkg-config --variable=pcfiledir tree-sitter-typescript)/tree-sitter-typescript.pc" \
    || die "tree-sitter-typescript is not installed; run scripts/setup.sh"
  check_grammar_pin "$pc_file"
fi

commit=$(git rev-parse --short=7 HEAD) || die "not a git work tree"
if [ -n "$(git status --porcelain)" ]; then commit="$commit-dirty"; fi

# 1. The copy of the tree: tracked and untracked-but-not-ignored files, as in the working tree.
say "syncing the source tree into ${src#"$root/"}"
mkdir -p "$src"
list=$(mktemp)
trap 'rm -f "$list"' EXIT
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -f "$file" ] || continue   # deleted in the working tree
  printf '%s\n' "$file" >> "$list"
  if ! cmp -s "$file" "$src/$file" 2>/dev/null; then
    mkdir -p "$src/$(dirname "$file")"
    cp -p "$file" "$src/$file"
  fi
done
# Files that are no longer in the tree.
(cd "$src" && find . -type f | sed 's|^\./||') | sort | comm -23 - <(sort "$list") | while IFS= read -r stale; do
  rm -f "$src/$stale"
done
commit_line="    public static let commit: String? = nil"
grep -qxF "$commit_line" "$src/$build_info" || die "'$commit_line' not found in $build_info"
sed "s|^$commit_line\$|    public static let commit: String? = \"$commit\"|" "$build_info" > "$work/BuildInfo.swift"
grep -qF "commit: String? = \"$commit\"" "$work/BuildInfo.swift" || die "could not write the commit into BuildInfo.swift"
cmp -s "$work/BuildInfo.swift" "$src/$build_info" || cp "$work/BuildInfo.swift" "$src/$build_info"


# The musl sysroot of the SDK for this triple: sdkRootPath in the bundle's swift-sdk.json, relative
# to that file. SwiftPM keeps bundles on Linux in $XDG_CONFIG_HOME/swiftpm/swift-sdks when that is
# set, else in ~/.swiftpm/swift-sdks.
musl_sysroot() {
  if [ -n "${GRANTED_LINT_SDK_SYSROOT:-}" ]; then
    printf '%s\n' "$GRANTED_LINT_SDK_SYSROOT"
    return
  fi
  local sdks=$HOME/.swiftpm/swift-sdks
  if [ -n "${XDG_CONFIG_HOME:-}" ]; then sdks=$XDG_CONFIG_HOME/swiftpm/swift-sdks; fi
  [ -d "$sdks" ] || die "no Swift SDKs in $sdks: install the Static Linux SDK (swift sdk install URL --checksum SHA256), or set GRANTED_LINT_SDK_SYSROOT"
  find "$sdks/" -name swift-sdk.json -print0 | python3 -c '
import json, os, sys
triple = sys.argv[1]
roots = []
for manifest in filter(None, sys.stdin.read().split("\0")):
    with open(manifest, encoding="utf-8") as handle:
        entry = json.load(handle).get("targetTriples", {}).get(triple)
    if entry and entry.get("sdkRootPath"):
        roots.append(os.path.normpath(os.path.join(os.path.dirname(manifest), entry["sdkRootPath"])))
if len(roots) != 1:
    sys.exit(f"{len(roots)} installed Swift SDKs have a sysroot for {triple}: {roots}; set GRANTED_LINT_SDK_SYSROOT")
print(roots[0])
' "$triple" || die "cannot find the sysroot of $triple"
}

# 2. The C libraries, linked statically.
case "$kind" in
  glibc)
    # A static executable can only take static archives: say which one is missing before the linker
    # does (as "cannot find -ltree-sitter").
    system_ts_libdir=$(pkg-config --variable=libdir tree-sitter) || die "libtree-sitter-dev is not installed; run scripts/setup.sh"
    [ -f "$system_ts_libdir/libtree-sitter.a" ] || die "$system_ts_libdir/libtree-sitter.a not found (Debian's libtree-sitter-dev ships it)"
    libstdcxx=$(cc -print-file-name=libstdc++.a)
    [ -f "$libstdcxx" ] || die "libstdc++.a not found (cc -print-file-name=libstdc++.a; Debian: libstdc++-<version>-dev)"
    libc_a=$(cc -print-file-name=libc.a)
    [ -f "$libc_a" ] || die "glibc's libc.a not found (cc -print-file-name=libc.a; Debian: libc6-dev)"
    ;;
  musl)
    # The Swift toolchain's own directory (through any symbolic link to its swift): its clang has
    # the musl targets' configuration files next to it, its llvm-objcopy strips any architecture.
    swift_path=$(command -v "$SWIFT") || die "no $SWIFT on the PATH"
    toolchain_bin=$(dirname "$(readlink -f "$swift_path")")
    sysroot=$(musl_sysroot)
    [ -d "$sysroot/usr/include" ] || die "$sysroot has no usr/include: not a musl sysroot"
    [ -x "$toolchain_bin/clang" ] || die "no clang next to $SWIFT in $toolchain_bin"
    c_libs=$(CC="$toolchain_bin/clang" bash scripts/build-tree-sitter.sh "$work/c-libs-linux-$arch" \
      "--target=$triple" "--sysroot=$sysroot") || die "building tree-sitter for $triple failed"
    pc_dir=$c_libs/pkgconfig
    check_grammar_pin "$pc_dir/tree-sitter-typescript.pc"
    scratch=$work/scratch-musl
    ;;
  darwin)
    c_libs=$(CC=clang bash scripts/build-tree-sitter.sh "$work/c-libs-darwin-$arch" \
      -arch "$machine" -mmacosx-version-min=13.0) || die "building tree-sitter for macOS failed"
    pc_dir=$c_libs/pkgconfig
    check_grammar_pin "$pc_dir/tree-sitter-typescript.pc"
    ;;
esac

# 3. The build.
say "building granted-lint $version (commit $commit) for $os-$arch ($kind$([ "$kind" = darwin ] || echo ', static'))"
case "$kind" in
  glibc)
    "$SWIFT" build -c release --package-path "$src" --scratch-path "$scratch" --product granted-lint \
      -Xswiftc -static-executable
    binary="$scratch/release/granted-lint"
    ;;
  musl)
    build=("$SWIFT" build -c release --package-path "$src" --scratch-path "$scratch" --swift-sdk "$sdk")
    PKG_CONFIG_PATH="$pc_dir" "${build[@]}" --product granted-lint -Xlinker -z -Xlinker stack-size=8388608
    binary="$(PKG_CONFIG_PATH="$pc_dir" "${build[@]}" --show-bin-path)/granted-lint"
    ;;
  darwin)
    build=("$SWIFT" build -c release --package-path "$src" --scratch-path "$scratch")
    PKG_CONFIG_PATH="$pc_dir" "${build[@]}" --product granted-lint
    binary="$(PKG_CONFIG_PATH="$pc_dir" "${build[@]}" --show-bin-path)/granted-lint"
    ;;
esac
[ -x "$binary" ] || die "the build produced no $binary"

# 4. Checks: only what each kind may need, and a run with nothing around it.
case "$kind" in
  glibc | musl)
    # (Into variables first: `grep -q` closing a pipe early would fail the pipeline under pipefail.)
    program_headers=$(readelf -l "$binary")
    dynamic_section=$(readelf -d "$binary")
    elf_header=$(readelf -h "$binary")
    case "$program_headers" in *INTERP*) die "the binary names a program interpreter: it is not fully static" ;; esac
    case "$dynamic_section" in *'(NEEDED)'*) die "the binary needs shared libraries: $(grep '(NEEDED)' <<<"$dynamic_section" | tr '\n' ' ')" ;; esac
    case "$arch" in x64) elf_machine='X86-64' ;; arm64) elf_machine='AArch64' ;; esac
    grep -q "Machine:.*$elf_machine" <<<"$elf_header" \
      || die "the binary is not for $elf_machine: $(grep Machine: <<<"$elf_header")" ;;
  darwin)
    libraries=$(otool -L "$binary" | sed -n 's/^[[:space:]]*\([^ ]*\) (compatibility.*/\1/p')
    for library in $libraries; do
      case "$library" in
        /usr/lib/* | /System/Library/*) ;;
        *) die "the binary needs $library; only macOS's own libraries are allowed (otool -L: $(otool -L "$binary" | tr '\n' ' '))" ;;
      esac
    done ;;
esac
stage=$work/stage
name="granted-lint-$version-$os-$arch"
rm -rf "$stage" && mkdir -p "$stage/$name/docs"
cp "$binary" "$stage/$name/granted-lint"
case "$kind" in
  glibc) strip --strip-all "$stage/$name/granted-lint" ;;
  musl) "$toolchain_bin/llvm-objcopy" --strip-all "$stage/$name/granted-lint" ;;
  darwin)
    strip "$stage/$name/granted-lint"
    codesign --force --sign - "$stage/$name/granted-lint" ;;
esac
chmod 0755 "$stage/$name/granted-lint"
cp README.md LICENSE "$stage/$name/"
cp -R docs/rules "$stage/$name/docs/rules"
# A binary for another architecture runs through qemu's user-mode emulation.
runner=()
if [ "$kind" = musl ] && [ "$arch" != "$host_arch" ]; then
  emulator=$(command -v "qemu-$machine-static" || command -v "qemu-$machine" || true)
  [ -n "$emulator" ] || die "cannot run the $machine binary for its checks: install qemu-user-static (qemu-$machine-static)"
  runner=("$emulator")
fi
reported=$(cd / && env -i ${runner[@]+"${runner[@]}"} "$stage/$name/granted-lint" --version) \
  || die "the stripped binary does not run with an empty environment"
expected="granted-lint $version (commit $commit, grammar $grammar)"
[ "$reported" = "$expected" ] || die "--version says '$reported', expected '$expected'"

# 5. The tarball: sorted, owned by root, dated by the commit, gzip without a timestamp. (GNU tar's
#    options; macOS's own tar is bsdtar, so there it is gtar, which GitHub's macOS runners have.)
tar=tar
case "$(tar --version 2>/dev/null || true)" in
  *'GNU tar'*) ;;
  *) tar=$(command -v gtar) || die "GNU tar is needed for a reproducible tarball (brew install gnu-tar)" ;;
esac
mkdir -p "$out_dir"
tarball="$out_dir/$name.tar.gz"
"$tar" -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner \
  --mtime="@$(git log -1 --format=%ct)" -cf - "$name" | gzip -n -9 > "$tarball.tmp"
mv "$tarball.tmp" "$tarball"
# The line `sha256sum` writes (shasum writes the same), which action-run.sh and `sha256sum --check` read.
if command -v sha256sum >/dev/null 2>&1; then
  (cd "$out_dir" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
else
  (cd "$out_dir" && shasum -a 256 "$name.tar.gz" > "$name.tar.gz.sha256")
fi
say "$reported"
# What the binary asks of the machine it runs on, stated (the README and docs/install.md say the same;
# Tests/platforms/ runs it in a Debian 11 tree and in a root with nothing but the binary).
case "$kind" in
  glibc | musl) say "requires: nothing but a mounted /proc — a static binary, no C library or loader (any Linux: old glibc, Alpine, distroless)" ;;
  darwin) say "requires: macOS $(otool -l "$stage/$name/granted-lint" | awk '/LC_BUILD_VERSION/{f=1} f && /minos/{print $2; exit}') or later" ;;
esac
say "wrote ${tarball#"$root/"} ($(du -h "$tarball" | cut -f1); binary $(du -h "$stage/$name/granted-lint" | cut -f1)) and its .sha256"
printf '%s\n' "$tarball"
