// The npm packages of every target, packed by scripts/npm-pack.sh, installed offline into throwaway
// projects with npm choosing the platform package, and run through the launcher with the platform
// faked. The real binaries cannot be built here (macOS, arm64, musl), so each dist tarball holds a
// stand-in: a shell script that says which tarball it came from and which package it was installed
// in, prints its arguments and exits with STAND_IN_EXIT_CODE.
//
// The platform is faked twice. npm's choice: `npm install --os --cpu --libc` (npm 10.3 and later;
// older npm is given the package as a dev dependency with --force, and only the launcher's choice
// is checked). The launcher's view: fake-platform.js, loaded with NODE_OPTIONS=--require before the launcher,
// sets process.platform and process.arch, and fakes what the launcher reads to tell glibc from musl
// (process.report's glibcVersionRuntime, the musl loader in /lib). The launcher has no test hook.
//
// Run: node --test Tests/npm/platform-packages.test.js (Node 18 and later; no registry is asked).
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const version = /^ *public static let version = "(.*)"$/m.exec(
  fs.readFileSync(path.join(root, 'Sources/GrantedCLI/BuildInfo.swift'), 'utf8'),
)[1];

// Each target: its package, what npm is told, what the launcher is shown.
const TARGETS = [
  { name: 'darwin-arm64', os: 'darwin', cpu: 'arm64' },
  { name: 'darwin-x64', os: 'darwin', cpu: 'x64' },
  { name: 'linux-arm64', os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { name: 'linux-arm64-musl', os: 'linux', cpu: 'arm64', libc: 'musl' },
  { name: 'linux-x64', os: 'linux', cpu: 'x64', libc: 'glibc' },
  { name: 'linux-x64-musl', os: 'linux', cpu: 'x64', libc: 'musl' },
];
// The dist tarballs: one per os and architecture; a Linux one feeds the glibc and the musl package.
const DIST_PLATFORMS = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64'];
const MUSL_LOADER = { x64: 'ld-musl-x86_64.so.1', arm64: 'ld-musl-aarch64.so.1' };

const FAKE_PLATFORM_JS = `// Loaded with --require before the launcher: this Node process looks like another platform.
const fs = require('fs');
const { FAKE_PLATFORM, FAKE_LIBC_REPORT, FAKE_LIB_ENTRIES } = process.env;
if (FAKE_PLATFORM) {
  const [platform, arch] = FAKE_PLATFORM.split('-');
  Object.defineProperty(process, 'platform', { value: platform });
  Object.defineProperty(process, 'arch', { value: arch });
}
if (FAKE_LIBC_REPORT) {
  const real = process.report.getReport.bind(process.report);
  process.report.getReport = () => {
    if (FAKE_LIBC_REPORT === 'throws') throw new Error('no report here');
    const report = real();
    if (FAKE_LIBC_REPORT === 'glibc') report.header.glibcVersionRuntime = '2.36';
    else delete report.header.glibcVersionRuntime;
    return report;
  };
}
if (FAKE_LIB_ENTRIES !== undefined) {
  const real = fs.readdirSync;
  fs.readdirSync = (directory, ...rest) =>
    directory === '/lib' ? FAKE_LIB_ENTRIES.split(',').filter(Boolean) : real(directory, ...rest);
}
`;

let scratch;
let packed; // package name → .tgz
let npmHasPlatformFlags;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

function ok(result, what) {
  assert.equal(result.status, 0, `${what} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return result;
}

// The environment of the tests without what would change the launcher's or npm's choice.
function cleanEnvironment(extra = {}) {
  const environment = { ...process.env };
  for (const name of Object.keys(environment)) {
    if (/^(npm_|GRANTED_LINT_|FAKE_|NODE_OPTIONS$)/i.test(name)) delete environment[name];
  }
  return Object.assign(environment, extra);
}

function npmEnvironment() {
  return cleanEnvironment({
    npm_config_cache: path.join(scratch, 'npm-cache'),
    npm_config_userconfig: path.join(scratch, 'npmrc'),
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
  });
}

// A dist tarball as scripts/dist.sh lays it out, with `binary` as its granted-lint.
function distTarball(platform, directory, binary) {
  const top = `granted-lint-${version}-${platform}`;
  fs.mkdirSync(path.join(directory, top), { recursive: true });
  fs.writeFileSync(path.join(directory, top, 'granted-lint'), binary, { mode: 0o755 });
  ok(run('tar', ['-czf', `${top}.tar.gz`, top], { cwd: directory }), `tar for ${platform}`);
  return path.join(directory, `${top}.tar.gz`);
}

function standIn(platform) {
  return [
    '#!/bin/sh',
    `# A stand-in for the granted-lint binary of the ${platform} dist tarball.`,
    `printf 'stand-in from ${platform}, in %s:' "$(basename "$(dirname "$0")")"`,
    `printf ' [%s]' "$@"`,
    'echo',
    'exit "${STAND_IN_EXIT_CODE:-0}"',
    '',
  ].join('\n');
}

function npmPack(args, extraEnvironment = {}) {
  return run('bash', [path.join(root, 'scripts/npm-pack.sh'), ...args], {
    cwd: root,
    env: cleanEnvironment(extraEnvironment),
  });
}

function packageJSON(tarball) {
  return JSON.parse(ok(run('tar', ['-xzOf', tarball, 'package/package.json']), `reading ${tarball}`).stdout);
}

// A project with granted-lint as a dev dependency, installed offline from the tarballs. By default
// the platform packages arrive as granted-lint's optional dependencies, as for users, and npm's
// os/cpu/libc filter (with `flags`) decides which one; `overrides` only says where each one's tarball
// is. With `only`, those packages are the project's own dev dependencies, installed with --force
// whatever the platform (npm never forces an optional dependency in), and no other is offered.
function installProject(label, { flags = [], only = null } = {}) {
  const project = fs.mkdtempSync(path.join(scratch, `project-${label}-`));
  const platformPackages = {};
  for (const target of only || TARGETS.map((each) => each.name)) {
    platformPackages[`@granted-lint/cli-${target}`] = `file:${packed[`@granted-lint/cli-${target}`]}`;
  }
  const manifest = {
    name: 'platform-packages-test',
    private: true,
    devDependencies: { 'granted-lint': `file:${packed['granted-lint']}`, ...(only ? platformPackages : {}) },
    ...(only ? {} : { overrides: platformPackages }),
  };
  fs.writeFileSync(path.join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const args = ['install', ...(only ? ['--force'] : []), ...flags];
  ok(run('npm', args, { cwd: project, env: npmEnvironment() }), `npm ${args.join(' ')}`);
  return project;
}

function installedPlatformPackages(project) {
  const scope = path.join(project, 'node_modules', '@granted-lint');
  return fs.existsSync(scope) ? fs.readdirSync(scope).sort() : [];
}

// What the launcher is shown for a target: its os and architecture and, on Linux, the signs of its C
// library (glibc in Node's report; or no glibc there and the musl loader in /lib).
function looksLike(target) {
  if (target.os !== 'linux') return { FAKE_PLATFORM: `${target.os}-${target.cpu}` };
  return target.libc === 'musl'
    ? { FAKE_PLATFORM: `linux-${target.cpu}`, FAKE_LIBC_REPORT: 'none', FAKE_LIB_ENTRIES: `libc.so,${MUSL_LOADER[target.cpu]}` }
    : { FAKE_PLATFORM: `linux-${target.cpu}`, FAKE_LIBC_REPORT: 'glibc' };
}

// Runs the project's granted-lint (node_modules/.bin, the way npm scripts and npx find it), with
// `fakes` in the environment; empty `fakes` runs it as it is on this machine.
function launch(project, args, fakes = {}, extra = {}) {
  const faking = Object.keys(fakes).length > 0;
  return run(path.join(project, 'node_modules', '.bin', 'granted-lint'), args, {
    cwd: project,
    env: cleanEnvironment({
      ...fakes,
      ...extra,
      ...(faking ? { NODE_OPTIONS: `--require ${JSON.stringify(path.join(scratch, 'fake-platform.js'))}` } : {}),
    }),
  });
}

function assertRan(result, target, distPlatform) {
  assert.equal(
    result.stdout,
    `stand-in from ${distPlatform}, in cli-${target}: [src] [--format] [json] [a b] []\n`,
    result.stderr,
  );
  assert.equal(result.stderr, '');
  assert.equal(result.status, 3);
}

before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'granted-lint-platform-packages-'));
  fs.writeFileSync(path.join(scratch, 'fake-platform.js'), FAKE_PLATFORM_JS);
  fs.writeFileSync(path.join(scratch, 'npmrc'), '');
  const dist = path.join(scratch, 'dist');
  const tarballs = DIST_PLATFORMS.map((platform) => distTarball(platform, dist, standIn(platform)));

  const pack = npmPack([], {
    GRANTED_LINT_DIST_TARBALLS: tarballs.join(' '),
    GRANTED_LINT_NPM_DIR: path.join(scratch, 'packs'),
  });
  ok(pack, 'scripts/npm-pack.sh');
  packed = {};
  for (const tarball of pack.stdout.trim().split('\n')) packed[packageJSON(tarball).name] = tarball;

  const [major, minor] = ok(run('npm', ['--version'], { env: npmEnvironment() }), 'npm --version')
    .stdout.trim()
    .split('.')
    .map(Number);
  npmHasPlatformFlags = major > 10 || (major === 10 && minor >= 3);
});

after(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('npm-pack.sh', () => {
  it('packs the launcher, the ESLint plugin, and a platform package per target from four dist tarballs', () => {
    assert.deepEqual(
      Object.keys(packed).sort(),
      ['@granted-lint/cli-darwin-arm64', '@granted-lint/cli-darwin-x64', '@granted-lint/cli-linux-arm64',
        '@granted-lint/cli-linux-arm64-musl', '@granted-lint/cli-linux-x64', '@granted-lint/cli-linux-x64-musl',
        'eslint-plugin-granted-lint', 'granted-lint'],
    );
    const plugin = packageJSON(packed['eslint-plugin-granted-lint']);
    assert.equal(plugin.version, version);
    assert.deepEqual(plugin.dependencies, { 'granted-lint': version });
    const launcher = packageJSON(packed['granted-lint']);
    assert.equal(launcher.version, version);
    assert.equal(launcher.dependencies, undefined, 'the launcher must have no dependencies');
    for (const target of TARGETS) {
      const name = `@granted-lint/cli-${target.name}`;
      assert.equal(launcher.optionalDependencies[name], version, `${name} is not pinned`);
      const manifest = packageJSON(packed[name]);
      assert.equal(manifest.version, version);
      assert.deepEqual(manifest.os, [target.os], name);
      assert.deepEqual(manifest.cpu, [target.cpu], name);
      assert.deepEqual(manifest.libc, target.libc && [target.libc], name);
      const listing = ok(run('tar', ['-tvzf', packed[name], 'package/granted-lint']), `listing ${name}`).stdout;
      assert.match(listing, /^-rwxr-xr-x /, `${name}: the binary is not executable`);
    }
  });

  it('refuses a tarball of another version, or of a misnamed platform', { skip: process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch) }, () => {
    const wrong = path.join(scratch, 'wrong');
    const otherVersion = path.join(wrong, `granted-lint-9.9.9-linux-x64.tar.gz`);
    fs.mkdirSync(wrong, { recursive: true });
    fs.copyFileSync(packed['@granted-lint/cli-linux-x64'], otherVersion);
    const refused = npmPack([otherVersion], { GRANTED_LINT_NPM_DIR: path.join(wrong, 'packs') });
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, new RegExp(`granted-lint 9\\.9\\.9; Sources/GrantedCLI/BuildInfo\\.swift says ${version.replace(/\./g, '\\.')}`));

    // This machine's /bin/sh, a dynamically linked ELF binary, named as the other architecture.
    const otherArch = process.arch === 'x64' ? 'arm64' : 'x64';
    const misnamed = distTarball(`linux-${otherArch}`, path.join(wrong, 'misnamed'), fs.readFileSync('/bin/sh'));
    const mismatch = npmPack([misnamed], { GRANTED_LINT_NPM_DIR: path.join(wrong, 'packs') });
    assert.equal(mismatch.status, 1);
    assert.match(mismatch.stderr, new RegExp(`the binary is for ${process.arch}, the tarball's name says ${otherArch}`));
    assert.equal(fs.existsSync(path.join(wrong, 'packs')), false, 'packed something although it refused');
  });

  it('packs a binary that needs a loader for glibc only', { skip: process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch) }, () => {
    const dynamic = distTarball(`linux-${process.arch}`, path.join(scratch, 'dynamic'), fs.readFileSync('/bin/sh'));
    const pack = ok(npmPack([dynamic], { GRANTED_LINT_NPM_DIR: path.join(scratch, 'dynamic', 'packs') }), 'npm-pack.sh');
    assert.deepEqual(
      pack.stdout.trim().split('\n').map((file) => path.basename(file)),
      [`granted-lint-${version}.tgz`, `eslint-plugin-granted-lint-${version}.tgz`, `granted-lint-cli-linux-${process.arch}-${version}.tgz`],
    );
    assert.match(pack.stderr, /needs a program interpreter \(glibc's loader\), so it is not packed for musl/);
  });
});

describe('each target', () => {
  for (const target of TARGETS) {
    it(`${target.name}: npm installs @granted-lint/cli-${target.name}, and the launcher runs it`, (t) => {
      const flags = [`--os=${target.os}`, `--cpu=${target.cpu}`, ...(target.libc ? [`--libc=${target.libc}`] : [])];
      const project = installProject(target.name, npmHasPlatformFlags ? { flags } : { only: [target.name] });
      if (npmHasPlatformFlags) {
        assert.deepEqual(installedPlatformPackages(project), [`cli-${target.name}`]);
      } else {
        t.diagnostic('npm before 10.3 has no --os/--cpu/--libc: the package installed with --force, npm\'s choice not checked');
      }
      const distPlatform = target.name.replace(/-musl$/, '');
      assertRan(launch(project, ['src', '--format', 'json', 'a b', ''], looksLike(target), { STAND_IN_EXIT_CODE: '3' }), target.name, distPlatform);
    });
  }
});

describe('glibc or musl', () => {
  let project;
  before(() => {
    project = installProject('every-package', { only: TARGETS.map((each) => each.name) });
    assert.equal(installedPlatformPackages(project).length, TARGETS.length);
  });

  const args = ['src', '--format', 'json', 'a b', ''];
  const exit = { STAND_IN_EXIT_CODE: '3' };

  it('glibc in Node\'s report: glibc, whatever /lib holds', () => {
    const fakes = { FAKE_PLATFORM: 'linux-x64', FAKE_LIBC_REPORT: 'glibc', FAKE_LIB_ENTRIES: MUSL_LOADER.x64 };
    assertRan(launch(project, args, fakes, exit), 'linux-x64', 'linux-x64');
  });

  it('no glibc in the report and the musl loader in /lib: musl', () => {
    const fakes = { FAKE_PLATFORM: 'linux-x64', FAKE_LIBC_REPORT: 'none', FAKE_LIB_ENTRIES: MUSL_LOADER.x64 };
    assertRan(launch(project, args, fakes, exit), 'linux-x64-musl', 'linux-x64');
  });

  it('no report at all and the musl loader in /lib: musl', () => {
    const fakes = { FAKE_PLATFORM: 'linux-arm64', FAKE_LIBC_REPORT: 'throws', FAKE_LIB_ENTRIES: MUSL_LOADER.arm64 };
    assertRan(launch(project, args, fakes, exit), 'linux-arm64-musl', 'linux-arm64');
  });

  it('neither sign: glibc', () => {
    const fakes = { FAKE_PLATFORM: 'linux-arm64', FAKE_LIBC_REPORT: 'none', FAKE_LIB_ENTRIES: 'libc.so.6,ld-linux-aarch64.so.1' };
    assertRan(launch(project, args, fakes, exit), 'linux-arm64', 'linux-arm64');
  });

  it('this machine, nothing faked, through npx', { skip: process.platform !== 'linux' || !MUSL_LOADER[process.arch] }, () => {
    const libc = process.report.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
    const name = `linux-${process.arch}${libc === 'musl' ? '-musl' : ''}`;
    const npx = run('npx', ['granted-lint', ...args], { cwd: project, env: { ...npmEnvironment(), ...exit } });
    assertRan(npx, name, `linux-${process.arch}`);
  });
});

describe('no binary to run', () => {
  let omitted;
  let glibcOnly;
  before(() => {
    omitted = installProject('omit-optional', { flags: ['--omit=optional'] });
    assert.deepEqual(installedPlatformPackages(omitted), []);
    glibcOnly = installProject('glibc-only', { only: ['linux-x64'] });
    assert.deepEqual(installedPlatformPackages(glibcOnly), ['cli-linux-x64']);
  });

  function assertExplained(result, ...parts) {
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stdout, '');
    assert.ok(result.stderr.startsWith('granted-lint: '), result.stderr);
    for (const part of parts) assert.ok(result.stderr.includes(part), `no "${part}" in:\n${result.stderr}`);
    assert.ok(!result.stderr.includes('    at '), `a Node stack trace:\n${result.stderr}`);
  }

  it('--omit=optional: the package is missing, and how to get it', () => {
    assertExplained(
      launch(omitted, ['src'], looksLike(TARGETS.find((each) => each.name === 'linux-x64'))),
      'linux-x64 is supported, but its binary package @granted-lint/cli-linux-x64 is not installed.\n',
      '--omit=optional',
      'npm install --save-dev @granted-lint/cli-linux-x64',
      'make build',
    );
    assertExplained(
      launch(omitted, ['src'], looksLike(TARGETS.find((each) => each.name === 'linux-arm64-musl'))),
      'linux-arm64 (musl) is supported, but its binary package @granted-lint/cli-linux-arm64-musl is not installed.\n',
      'npm install --save-dev @granted-lint/cli-linux-arm64-musl',
    );
    assertExplained(
      launch(omitted, ['src'], looksLike(TARGETS.find((each) => each.name === 'darwin-arm64'))),
      'darwin-arm64 is supported, but its binary package @granted-lint/cli-darwin-arm64 is not installed.\n',
    );
  });

  it('another platform\'s package installed: node_modules from another machine, or another libc', () => {
    assertExplained(
      launch(glibcOnly, ['src'], looksLike(TARGETS.find((each) => each.name === 'darwin-arm64'))),
      '@granted-lint/cli-darwin-arm64 is not installed. The package for linux-x64 (glibc)',
      'installed on another machine',
    );
    assertExplained(
      launch(glibcOnly, ['src'], looksLike(TARGETS.find((each) => each.name === 'linux-x64-musl'))),
      '@granted-lint/cli-linux-x64-musl is not installed. The package for linux-x64 (glibc) is installed instead',
      "npm judged this system's C library otherwise (the launcher found musl)",
    );
  });

  it('Windows: not built yet; WSL, or build from source', () => {
    assertExplained(
      launch(glibcOnly, ['src'], { FAKE_PLATFORM: 'win32-x64' }),
      'granted-lint: there is no granted-lint binary for Windows (win32-x64) yet. Run it in WSL',
      'Supported platforms:\n  darwin-arm64: @granted-lint/cli-darwin-arm64\n',
      '  linux-x64 (musl): @granted-lint/cli-linux-x64-musl\n',
      'git clone https://github.com/granted-lint/granted-lint && cd granted-lint && make build',
    );
  });

  it('another os or architecture: the supported platforms, and how to build', () => {
    assertExplained(
      launch(glibcOnly, ['src'], { FAKE_PLATFORM: 'freebsd-x64' }),
      'granted-lint: there is no granted-lint binary for freebsd-x64. Supported platforms:\n',
      'make build',
    );
    assertExplained(launch(glibcOnly, ['src'], { FAKE_PLATFORM: 'linux-ia32', FAKE_LIBC_REPORT: 'glibc' }), 'no granted-lint binary for linux-ia32.');
  });

  it('GRANTED_LINT_BINARY still wins over the platform packages', () => {
    const standInPath = path.join(scratch, 'override-stand-in', 'granted-lint');
    fs.mkdirSync(path.dirname(standInPath), { recursive: true });
    fs.writeFileSync(standInPath, standIn('the override'), { mode: 0o755 });
    const result = launch(omitted, ['src', '--format', 'json', 'a b', ''], looksLike(TARGETS[0]), {
      GRANTED_LINT_BINARY: standInPath,
      STAND_IN_EXIT_CODE: '3',
    });
    assert.equal(result.stdout, 'stand-in from the override, in override-stand-in: [src] [--format] [json] [a b] []\n');
    assert.equal(result.status, 3);
  });
});
