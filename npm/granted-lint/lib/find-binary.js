// Finds granted-lint's native binary for this platform: GRANTED_LINT_BINARY when it is set, or the
// optional platform package npm installed beside this one. Shared by the launcher (bin/granted-lint)
// and the ESLint plugin (eslint/), so that both run the same binary and say the same thing when
// there is none. Plain Node.js, no dependencies.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

// One package per target, so that npm's os/cpu/libc filter installs only the one that fits. Linux has
// two per architecture, glibc and musl: they hold the same statically linked binary and differ only
// in the `libc` field npm reads.
const TARGETS = [
  target('darwin', 'arm64'),
  target('darwin', 'x64'),
  target('linux', 'arm64', 'glibc'),
  target('linux', 'arm64', 'musl'),
  target('linux', 'x64', 'glibc'),
  target('linux', 'x64', 'musl'),
];
const BINARY_NAME = 'granted-lint';
const REPOSITORY = 'https://github.com/granted-lint/granted-lint';

function target(platform, arch, libc = null) {
  const name = `${platform}-${arch}${libc === 'musl' ? '-musl' : ''}`;
  return {
    platform,
    arch,
    libc,
    packageName: `@granted-lint/cli-${name}`,
    label: libc ? `${platform}-${arch} (${libc})` : `${platform}-${arch}`,
  };
}

const supportedList = TARGETS.map((each) => `  ${each.label}: ${each.packageName}`).join('\n');

const buildFromSource = [
  'To build granted-lint from source (a Swift 6 toolchain and a C compiler):',
  `  git clone ${REPOSITORY} && cd granted-lint && make build`,
  'then point the launcher at the result:',
  '  GRANTED_LINT_BINARY=/path/to/granted-lint/.build/release/granted-lint npx granted-lint …',
  `(details: ${REPOSITORY}#building-from-source)`,
].join('\n');

// What stops the binary from being found: the launcher prints the message and exits 2, the ESLint
// plugin throws it to ESLint, which shows it as a configuration error.
class BinaryNotFoundError extends Error {}
BinaryNotFoundError.prototype.name = 'BinaryNotFoundError';

function fail(message) {
  throw new BinaryNotFoundError(message);
}

// glibc or musl. Node's own report names the glibc it runs on (npm reads the same field to choose
// which package to install); without it, the musl loader in /lib says musl. ldd is not asked:
// hardened Alpine images have none, and musl's ldd writes to stderr.
function detectLibc() {
  try {
    if ('excludeNetwork' in process.report) process.report.excludeNetwork = true;
    let report = process.report.getReport();
    if (typeof report === 'string') report = JSON.parse(report);
    if (report.header.glibcVersionRuntime) return 'glibc';
  } catch (_) {
    // no report: the loader decides
  }
  try {
    if (fs.readdirSync('/lib').some((name) => /^ld-musl-.+\.so\.1$/.test(name))) return 'musl';
  } catch (_) {
    // no /lib to read
  }
  // Neither sign: glibc, the common case. If npm judged otherwise, the missing package says so.
  return 'glibc';
}

function isExecutableFile(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch (_) {
    return false;
  }
}

function installedPackageDirectory(packageName) {
  try {
    return path.dirname(require.resolve(`${packageName}/package.json`));
  } catch (_) {
    return null;
  }
}

function findBinary() {
  const override = process.env.GRANTED_LINT_BINARY;
  if (override) {
    if (!isExecutableFile(override)) {
      fail(`GRANTED_LINT_BINARY is set to ${override}, which is not an executable file.`);
    }
    return override;
  }

  const key = `${process.platform}-${process.arch}`;
  if (process.platform === 'win32') {
    fail(
      `there is no granted-lint binary for Windows (${key}) yet. Run it in WSL (the Windows ` +
        'Subsystem for Linux): there npm installs the Linux package, and npx granted-lint works as on ' +
        `Linux. Supported platforms:\n${supportedList}\n\n${buildFromSource}`,
    );
  }
  const candidates = TARGETS.filter((each) => each.platform === process.platform && each.arch === process.arch);
  if (candidates.length === 0) {
    fail(`there is no granted-lint binary for ${key}. Supported platforms:\n${supportedList}\n\n${buildFromSource}`);
  }
  const libc = process.platform === 'linux' ? detectLibc() : null;
  const chosen = candidates.find((each) => each.libc === libc);

  const directory = installedPackageDirectory(chosen.packageName);
  if (!directory) {
    const others = TARGETS.filter((each) => each !== chosen && installedPackageDirectory(each.packageName));
    const copied = others.length
      ? ` The package for ${others.map((each) => each.label).join(', ')} is installed instead: node_modules ` +
        'was probably installed on another machine (or under Rosetta, or copied into a container)' +
        (others.some((each) => candidates.includes(each))
          ? `, or npm judged this system's C library otherwise (the launcher found ${libc})`
          : '') +
        '.'
      : '';
    fail(
      `${key}${libc === 'musl' ? ' (musl)' : ''} is supported, but its binary package ${chosen.packageName} ` +
        `is not installed.${copied}\n` +
        'npm installs it as an optional dependency of granted-lint; it is left out by ' +
        '--omit=optional / --no-optional, or by a lockfile written on another platform.\n' +
        'Reinstall on this machine without those options (npm install), or add it explicitly:\n' +
        `  npm install --save-dev ${chosen.packageName}\n\n${buildFromSource}`,
    );
  }
  const binary = path.join(directory, BINARY_NAME);
  if (!isExecutableFile(binary)) {
    fail(
      `${chosen.packageName} is installed at ${directory}, but ${binary} is missing or not executable. ` +
        'Reinstall it (npm install --force), or set GRANTED_LINT_BINARY.',
    );
  }
  return binary;
}

module.exports = { findBinary, BinaryNotFoundError, TARGETS };
