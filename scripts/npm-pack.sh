#!/usr/bin/env bash
# `make npm`: the npm packages, packed with `npm pack` the way Biome and Oxlint publish theirs:
#   granted-lint-<version>.tgz                           the launcher and the ESLint plugin (npm/granted-lint),
#                                                        no dependencies
#   eslint-plugin-granted-lint-<version>.tgz             the plugin under the name a legacy .eslintrc
#                                                        finds it by (npm/eslint-plugin-granted-lint)
#   granted-lint-cli-<os>-<arch>[-musl]-<version>.tgz    a binary (npm/cli-<os>-<arch>[-musl]), os/cpu/libc set
# Each binary is taken from a dist tarball, granted-lint-<version>-<os>-<arch>.tar.gz with os linux or
# darwin and arch x64 or arm64 (scripts/dist.sh makes the Linux one), so npm users get exactly the
# released build. A Linux tarball feeds two packages, glibc and musl, with the same binary: release
# builds are statically linked. A Linux binary that needs a program interpreter (glibc's loader)
# cannot run on musl, so it feeds the glibc package only, and the script says so.
#
# The package.json files are committed with the version of Sources/GrantedCLI/BuildInfo.swift; this
# script refuses to pack when they disagree (the launcher pins the platform packages exactly), when
# a package's os/cpu/libc do not match its name, or when a binary is not for its tarball's platform.
#
# Usage: scripts/npm-pack.sh [dist-tarball...]
# The tarballs: the arguments; else GRANTED_LINT_DIST_TARBALLS (space-separated paths); else
# GRANTED_LINT_DIST_TARBALL (one path); else the one in dist/ for this version and machine, which
# `make dist` writes. GRANTED_LINT_NPM_DIR: where the .tgz files go (default dist/npm). Relative
# paths are taken from the directory the script is run in.
# Prints the paths of the packed tarballs, the launcher's first and the ESLint plugin's second.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
root=$PWD
say() { printf 'npm-pack: %s\n' "$*" >&2; }
die() { printf 'npm-pack: error: %s\n' "$*" >&2; exit 1; }

command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed (scripts/test-deps.sh installs them)"
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' Sources/GrantedCLI/BuildInfo.swift)
[ -n "$version" ] || die "cannot read the version from Sources/GrantedCLI/BuildInfo.swift"

tarballs=()
if [ $# -gt 0 ]; then
  tarballs=("$@")
elif [ -n "${GRANTED_LINT_DIST_TARBALLS:-}" ]; then
  set -f   # split on spaces, but expand no pattern
  # shellcheck disable=SC2206
  tarballs=($GRANTED_LINT_DIST_TARBALLS)
  set +f
  [ "${#tarballs[@]}" -gt 0 ] || die "GRANTED_LINT_DIST_TARBALLS names no tarball"
elif [ -n "${GRANTED_LINT_DIST_TARBALL:-}" ]; then
  tarballs=("$GRANTED_LINT_DIST_TARBALL")
else
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) die "no dist tarball for $(uname -s); name one" ;; esac
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) die "unsupported architecture $(uname -m)" ;; esac
  tarballs=("$root/dist/granted-lint-$version-$os-$arch.tar.gz")
  [ -f "${tarballs[0]}" ] || die "${tarballs[0]} not found; run make dist first"
fi

# Every package.json agrees with BuildInfo.swift and with its own name, and the launcher pins every
# platform package in npm/.
node - "$version" npm <<'JS' || exit 1
const [version, npmDirectory] = process.argv.slice(2);
const fs = require('fs');
const path = require('path');
const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const wrong = [];
const mainFile = path.join(npmDirectory, 'granted-lint', 'package.json');
const main = read(mainFile);
if (main.version !== version) wrong.push(`${mainFile}: version ${main.version}, BuildInfo.swift says ${version}`);
const pinned = main.optionalDependencies || {};
const platformNames = [];
for (const directory of fs.readdirSync(npmDirectory).filter((name) => name.startsWith('cli-')).sort()) {
  const file = path.join(npmDirectory, directory, 'package.json');
  const manifest = read(file);
  platformNames.push(manifest.name);
  const parts = /^cli-(linux|darwin)-(x64|arm64)(-musl)?$/.exec(directory);
  if (!parts || (parts[1] === 'darwin' && parts[3])) {
    wrong.push(`${directory}: not a platform package directory (cli-<linux|darwin>-<x64|arm64>[-musl], musl on Linux only)`);
    continue;
  }
  const [, os, cpu, musl] = parts;
  if (manifest.name !== `@granted-lint/${directory}`) wrong.push(`${file}: name ${manifest.name}, expected @granted-lint/${directory}`);
  if (manifest.version !== version) wrong.push(`${file}: version ${manifest.version}, BuildInfo.swift says ${version}`);
  if (!same(manifest.os, [os])) wrong.push(`${file}: os ${JSON.stringify(manifest.os)}, expected ["${os}"]`);
  if (!same(manifest.cpu, [cpu])) wrong.push(`${file}: cpu ${JSON.stringify(manifest.cpu)}, expected ["${cpu}"]`);
  const libc = os === 'linux' ? [musl ? 'musl' : 'glibc'] : undefined;
  if (!same(manifest.libc, libc)) wrong.push(`${file}: libc ${JSON.stringify(manifest.libc)}, expected ${JSON.stringify(libc)}`);
  if (!(manifest.files || []).includes('granted-lint')) wrong.push(`${file}: files does not list granted-lint`);
  if (pinned[manifest.name] !== version) wrong.push(`${mainFile}: optionalDependencies ${manifest.name} ${pinned[manifest.name]}, expected ${version}`);
}
for (const name of Object.keys(pinned)) {
  if (!platformNames.includes(name)) wrong.push(`${mainFile}: optionalDependencies ${name}, which npm/ has no package for`);
}
if (main.dependencies) wrong.push(`${mainFile}: the launcher must have no dependencies`);
// The ESLint plugin's package: the same version, and it pins the package it re-exports.
const pluginFile = path.join(npmDirectory, 'eslint-plugin-granted-lint', 'package.json');
const plugin = read(pluginFile);
if (plugin.version !== version) wrong.push(`${pluginFile}: version ${plugin.version}, BuildInfo.swift says ${version}`);
if (!same(plugin.dependencies, { 'granted-lint': version })) {
  wrong.push(`${pluginFile}: dependencies ${JSON.stringify(plugin.dependencies)}, expected {"granted-lint":"${version}"}`);
}
if (wrong.length) {
  console.error(`npm-pack: error: the package.json files do not agree:\n  ${wrong.join('\n  ')}`);
  process.exit(1);
}
JS

# What the binary is, from its first bytes: `static` or `dynamic` (ELF, with or without a program
# interpreter), `mach-o`, or `script` (#!, a stand-in a test packs); an error when it is none of
# these or is built for another os or architecture than its tarball says.
binary_kind() {
  node - "$@" <<'JS'
const [file, tarball, os, arch] = process.argv.slice(2);
const fs = require('fs');
const fail = (message) => { console.error(`npm-pack: error: ${tarball}: ${message}`); process.exit(1); };
const bytes = fs.readFileSync(file);
const names = { 62: 'x64', 183: 'arm64', 0x01000007: 'x64', 0x0100000c: 'arm64' };
const expect = (binaryOS, machines) => {
  if (binaryOS !== os) fail(`the binary is for ${binaryOS}, the tarball's name says ${os}`);
  const found = machines.map((machine) => names[machine] || `machine ${machine}`);
  if (!found.includes(arch)) fail(`the binary is for ${found.join(' and ')}, the tarball's name says ${arch}`);
};
if (bytes.subarray(0, 2).toString('latin1') === '#!') {
  console.log('script');
} else if (bytes.length >= 64 && bytes.readUInt32BE(0) === 0x7f454c46) {
  // 64-bit little-endian ELF: e_machine at 18; program headers at e_phoff (32), e_phentsize (54) bytes
  // each, e_phnum (56) of them; PT_INTERP (3) names the loader a dynamically linked binary needs.
  if (bytes[4] !== 2 || bytes[5] !== 1) fail('the binary is not a 64-bit little-endian ELF file');
  expect('linux', [bytes.readUInt16LE(18)]);
  const start = Number(bytes.readBigUInt64LE(32));
  const size = bytes.readUInt16LE(54);
  const count = bytes.readUInt16LE(56);
  if (start + count * size > bytes.length) fail('the binary is cut short (its program headers are missing)');
  let interpreter = false;
  for (let index = 0; index < count; index++) {
    if (bytes.readUInt32LE(start + index * size) === 3) interpreter = true;
  }
  console.log(interpreter ? 'dynamic' : 'static');
} else if (bytes.length >= 8 && bytes.readUInt32LE(0) === 0xfeedfacf) {
  expect('darwin', [bytes.readUInt32LE(4)]); // 64-bit Mach-O: cputype at 4
  console.log('mach-o');
} else if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xcafebabe) {
  // A universal Mach-O: nfat_arch at 4, then 20-byte entries starting with their cputype.
  const count = bytes.readUInt32BE(4);
  if (8 + count * 20 > bytes.length) fail('the binary is cut short (its architecture list is missing)');
  expect('darwin', Array.from({ length: count }, (_, index) => bytes.readUInt32BE(8 + index * 20)));
  console.log('mach-o');
} else {
  fail('its granted-lint is neither an ELF or Mach-O binary nor a #! script');
}
JS
}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
packages=(granted-lint eslint-plugin-granted-lint)
for package in "${packages[@]}"; do
  cp -R "npm/$package" "$stage/$package"
  cp LICENSE "$stage/$package/"
done
chmod 0755 "$stage/granted-lint/bin/granted-lint"

seen=" "
for tarball in "${tarballs[@]}"; do
  case "$tarball" in /*) ;; *) tarball=$caller/$tarball ;; esac
  [ -f "$tarball" ] || die "$tarball not found"
  file=$(basename "$tarball")
  [[ "$file" =~ ^granted-lint-(.+)-(linux|darwin)-(x64|arm64)\.tar\.gz$ ]] \
    || die "$file is not named like a dist tarball: granted-lint-<version>-<linux|darwin>-<x64|arm64>.tar.gz"
  tarball_version=${BASH_REMATCH[1]} os=${BASH_REMATCH[2]} arch=${BASH_REMATCH[3]}
  [ "$tarball_version" = "$version" ] || die "$file is granted-lint $tarball_version; Sources/GrantedCLI/BuildInfo.swift says $version"
  case "$seen" in *" $os-$arch "*) die "two tarballs for $os-$arch" ;; esac
  seen="$seen$os-$arch "

  top=${file%.tar.gz}
  mkdir -p "$stage/unpacked/$os-$arch"
  unpacked=$(tar -xzf "$tarball" -C "$stage/unpacked/$os-$arch" "$top/granted-lint" 2>&1) \
    || die "cannot take $top/granted-lint out of $file: $unpacked"
  binary=$stage/unpacked/$os-$arch/$top/granted-lint
  kind=$(binary_kind "$binary" "$file" "$os" "$arch") || exit 1
  targets=("$os-$arch")
  if [ "$os" = linux ]; then
    case "$kind" in
      dynamic) say "$file: the binary needs a program interpreter (glibc's loader), so it is not packed for musl" ;;
      *) targets+=("$os-$arch-musl") ;;
    esac
  fi
  [ "$kind" = script ] && say "$file: granted-lint is a #! script (a stand-in), packed without checking its platform"
  for target in "${targets[@]}"; do
    [ -d "npm/cli-$target" ] || die "no npm package for $target (npm/cli-$target)"
    cp -R "npm/cli-$target" "$stage/cli-$target"
    cp LICENSE "$stage/cli-$target/"
    cp "$binary" "$stage/cli-$target/granted-lint"
    chmod 0755 "$stage/cli-$target/granted-lint"
    packages+=("cli-$target")
  done
done

out=${GRANTED_LINT_NPM_DIR:-$root/dist/npm}
case "$out" in /*) ;; *) out=$caller/$out ;; esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
for package in "${packages[@]}"; do
  name=$(cd "$stage/$package" && npm pack --silent --pack-destination "$out" 2>/dev/null | tail -n 1) \
    || die "npm pack failed in $package"
  say "packed $name ($(du -h "$out/$name" | cut -f1))"
  printf '%s\n' "$out/$name"
done
