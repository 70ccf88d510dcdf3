#!/usr/bin/env bash
# `make npm`: the npm packages, packed with `npm pack` the way Biome and Oxlint publish theirs:
#   granted-lint-<version>.tgz                 the launcher (npm/granted-lint), no dependencies
#   granted-lint-cli-linux-<arch>-<version>.tgz  the binary (npm/cli-linux-<arch>), os/cpu/libc set
# The binary is taken from the dist tarball (scripts/dist.sh), so npm users get exactly the released
# build. The package.json files are committed with the version of Sources/GrantedCLI/BuildInfo.swift;
# this script refuses to pack when they disagree (the launcher pins the platform packages exactly).
#
# Environment: GRANTED_LINT_DIST_TARBALL (default: the one in dist/ for this version and machine),
# GRANTED_LINT_NPM_DIR (where the .tgz files go; default dist/npm). Prints the paths of the tarballs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
say() { printf 'npm-pack: %s\n' "$*" >&2; }
die() { printf 'npm-pack: error: %s\n' "$*" >&2; exit 1; }

command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed (scripts/test-deps.sh installs them)"
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' Sources/GrantedCLI/BuildInfo.swift)
[ -n "$version" ] || die "cannot read the version from Sources/GrantedCLI/BuildInfo.swift"
case "$(uname -m)" in x86_64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) die "unsupported architecture $(uname -m)" ;; esac
tarball=${GRANTED_LINT_DIST_TARBALL:-$root/dist/granted-lint-$version-linux-$arch.tar.gz}
[ -f "$tarball" ] || die "$tarball not found; run make dist first"
case "$(basename "$tarball")" in
  "granted-lint-$version-linux-"*.tar.gz) arch=${tarball##*-linux-}; arch=${arch%.tar.gz} ;;
  *) die "$(basename "$tarball") is not a granted-lint $version dist tarball" ;;
esac
platform_dir=npm/cli-linux-$arch
[ -d "$platform_dir" ] || die "no npm package for linux-$arch ($platform_dir)"
out=${GRANTED_LINT_NPM_DIR:-$root/dist/npm}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# Every version in the package.json files must be the binary's.
node - "$version" "$platform_dir/package.json" npm/granted-lint/package.json <<'JS' || exit 1
const [version, platformFile, mainFile] = process.argv.slice(2);
const fs = require('fs');
const platform = JSON.parse(fs.readFileSync(platformFile, 'utf8'));
const main = JSON.parse(fs.readFileSync(mainFile, 'utf8'));
const wrong = [];
if (platform.version !== version) wrong.push(`${platformFile}: version ${platform.version}`);
if (main.version !== version) wrong.push(`${mainFile}: version ${main.version}`);
for (const [name, pinned] of Object.entries(main.optionalDependencies || {})) {
  if (pinned !== version) wrong.push(`${mainFile}: optionalDependencies ${name} ${pinned}`);
}
if (!(main.optionalDependencies || {})[platform.name]) wrong.push(`${mainFile}: ${platform.name} is not an optional dependency`);
if (wrong.length) {
  console.error(`npm-pack: error: BuildInfo.swift says ${version}, but\n  ${wrong.join('\n  ')}`);
  process.exit(1);
}
JS

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$platform_dir" "$stage/platform"
cp -R npm/granted-lint "$stage/main"
cp LICENSE "$stage/platform/"
cp LICENSE "$stage/main/"
top="granted-lint-$version-linux-$arch"
tar -xzf "$tarball" -C "$stage" "$top/granted-lint"
mv "$stage/$top/granted-lint" "$stage/platform/granted-lint"
chmod 0755 "$stage/platform/granted-lint" "$stage/main/bin/granted-lint"

for package in platform main; do
  name=$(cd "$stage/$package" && npm pack --silent --pack-destination "$out" 2>/dev/null | tail -n 1) \
    || die "npm pack failed in $package"
  say "packed $name ($(du -h "$out/$name" | cut -f1))"
  printf '%s\n' "$out/$name"
done
