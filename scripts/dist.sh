#!/usr/bin/env bash
# `make dist`: a self-contained Linux build of granted-lint, packed for a release:
#   dist/granted-lint-<version>-linux-<arch>.tar.gz   (binary, README.md, LICENSE, docs/rules/)
#   dist/granted-lint-<version>-linux-<arch>.tar.gz.sha256
#
# Self-contained means: the binary needs only the C library and the loader.
#   - Swift runtime and Foundation (with its ICU data): `--static-swift-stdlib`.
#   - tree-sitter: SwiftPM links system-library targets with the pkg-config `Libs` of the package
#     (`-ltree-sitter`), and the linker prefers `libtree-sitter.so` to `libtree-sitter.a` in the same
#     directory. So the build gets its own tree-sitter.pc (found first through PKG_CONFIG_PATH) whose
#     `-L` names a directory holding only static archives: Debian's libtree-sitter.a, and libstdc++.a
#     (the static Swift runtime links `-lstdc++`) found the same way. The grammar is already only a
#     static library (/usr/local/lib/libtree-sitter-typescript.a, scripts/setup.sh).
#   - libgcc: `-static-libgcc`.
# The result is checked: the dynamic section may name only glibc's libraries, and the binary must
# run with an empty environment from another directory.
#
# Version and commit: Swift cannot read a string from the environment at compile time, so the build
# runs on a copy of the tree (.build/dist/src, synced file by file so that rebuilds stay incremental)
# in which the `commit` line of Sources/GrantedCLI/BuildInfo.swift is rewritten. The repository is
# never modified. A tree with uncommitted changes gives `<commit>-dirty`.
#
# Environment: SWIFT (default swift), GRANTED_LINT_DIST_DIR (default dist).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
SWIFT=${SWIFT:-swift}
out_dir=${GRANTED_LINT_DIST_DIR:-$root/dist}
work=$root/.build/dist
src=$work/src
scratch=$work/scratch
static_libs=$work/static-libs
pc_dir=$work/pkgconfig

say() { printf 'dist: %s\n' "$*" >&2; }
die() { printf 'dist: error: %s\n' "$*" >&2; exit 1; }

[ "$(uname -s)" = Linux ] || die "make dist builds the Linux binary; this is $(uname -s)"
# Architectures as Node.js names them (process.arch), so that release assets and npm packages agree.
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) die "unsupported architecture $(uname -m)" ;;
esac

build_info=Sources/GrantedCLI/BuildInfo.swift
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$build_info")
grammar=$(sed -n 's/^ *public static let grammar = "\(.*\)"$/\1/p' "$build_info")
[ -n "$version" ] && [ -n "$grammar" ] || die "cannot read version and grammar from $build_info"

# The grammar that will be linked must be the one BuildInfo names: its pin is the first line of the
# installed tree-sitter-typescript.pc ("# grammar-pin: <package> <version> <sha256> + <adjustment>").
pc_file="$(pkg-config --variable=pcfiledir tree-sitter-typescript)/tree-sitter-typescript.pc" \
  || die "tree-sitter-typescript is not installed; run scripts/setup.sh"
installed=$(sed -n 's/^# grammar-pin: \([^ ]*\) \([^ ]*\) [0-9a-f]* + \(.*\)$/\1 \2 + \3/p' "$pc_file")
[ "$installed" = "$grammar" ] \
  || die "the installed grammar is '$installed', but $build_info says '$grammar'; run scripts/setup.sh or update BuildInfo"

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

# 2. Static archives first on the library path, through our own tree-sitter.pc.
system_ts_libdir=$(pkg-config --variable=libdir tree-sitter) || die "libtree-sitter-dev is not installed; run scripts/setup.sh"
system_ts_includedir=$(pkg-config --variable=includedir tree-sitter)
[ -f "$system_ts_libdir/libtree-sitter.a" ] || die "$system_ts_libdir/libtree-sitter.a not found (Debian's libtree-sitter-dev ships it)"
libstdcxx=$(cc -print-file-name=libstdc++.a)
[ -f "$libstdcxx" ] || die "libstdc++.a not found (cc -print-file-name=libstdc++.a)"
mkdir -p "$static_libs" "$pc_dir"
ln -sfn "$system_ts_libdir/libtree-sitter.a" "$static_libs/libtree-sitter.a"
ln -sfn "$libstdcxx" "$static_libs/libstdc++.a"
cat > "$pc_dir/tree-sitter.pc.new" <<PC
# Written by scripts/dist.sh: the tree-sitter runtime linked from its static archive.
Name: tree-sitter
Description: tree-sitter runtime (static, for make dist)
Version: $(pkg-config --modversion tree-sitter)
Libs: -L$static_libs -ltree-sitter
Cflags: -I$system_ts_includedir
PC
cmp -s "$pc_dir/tree-sitter.pc.new" "$pc_dir/tree-sitter.pc" && rm "$pc_dir/tree-sitter.pc.new" \
  || mv "$pc_dir/tree-sitter.pc.new" "$pc_dir/tree-sitter.pc"

# 3. The build.
say "building granted-lint $version (commit $commit) for linux-$arch"
PKG_CONFIG_PATH="$pc_dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
  "$SWIFT" build -c release --package-path "$src" --scratch-path "$scratch" --product granted-lint \
  --static-swift-stdlib -Xlinker -L"$static_libs" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
binary="$scratch/release/granted-lint"
[ -x "$binary" ] || die "the build produced no $binary"

# 4. Checks: only glibc in the dynamic section, and a run with nothing around it.
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for library in $needed; do
  case "$library" in
    libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | librt.so.* | libutil.so.* | ld-linux*) ;;
    *) die "the binary needs $library; only the C library and the loader are allowed (ldd: $(ldd "$binary" | tr '\n' ' '))" ;;
  esac
done
stage=$work/stage
name="granted-lint-$version-linux-$arch"
rm -rf "$stage" && mkdir -p "$stage/$name/docs"
cp "$binary" "$stage/$name/granted-lint"
strip --strip-all "$stage/$name/granted-lint"
chmod 0755 "$stage/$name/granted-lint"
cp README.md LICENSE "$stage/$name/"
cp -R docs/rules "$stage/$name/docs/rules"
reported=$(cd / && env -i "$stage/$name/granted-lint" --version) || die "the stripped binary does not run with an empty environment"
expected="granted-lint $version (commit $commit, grammar $grammar)"
[ "$reported" = "$expected" ] || die "--version says '$reported', expected '$expected'"

# 5. The tarball: sorted, owned by root, dated by the commit, gzip without a timestamp.
mkdir -p "$out_dir"
tarball="$out_dir/$name.tar.gz"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner \
  --mtime="@$(git log -1 --format=%ct)" -cf - "$name" | gzip -n -9 > "$tarball.tmp"
mv "$tarball.tmp" "$tarball"
(cd "$out_dir" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
say "$reported"
say "wrote ${tarball#"$root/"} ($(du -h "$tarball" | cut -f1); binary $(du -h "$stage/$name/granted-lint" | cut -f1)) and its .sha256"
printf '%s\n' "$tarball"
