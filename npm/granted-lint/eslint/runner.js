// How the plugin's ESLint rules get granted-lint's findings: from the native binary, never from a
// second implementation in JavaScript, so that ESLint shows what the command line reports.
//
// ESLint asks for one file at a time, once per enabled rule, and its rules must answer at once (a
// rule cannot wait for a process). Two ways to answer, chosen per file:
//
// - A file whose text is what is on disk (`eslint .`, `expo lint`, CI) is answered from one run of
//   the binary over the working directory, made when ESLint asks for the first such file and reused
//   for the rest of the run: one process for a whole app, which the binary lints faster than ESLint
//   reads it. Its findings are exactly `granted-lint <working directory>`'s, cross-file ones and the
//   live/latent evidence included. A file that cannot hold a finding costs nothing more: the binary's
//   prefilter skipped it inside that one run.
// - A file whose text is not what is on disk (an unsaved buffer in VS Code, ESLint's --stdin, the
//   second pass of `eslint --fix`) is linted alone, its text piped to the binary with
//   `--stdin-filename`: the binary reads the rest of the project from disk, as for any run.
//
// The run over the working directory is reused only while ESLint keeps asking (a gap of more than
// REUSE_GAP_MS ends it, and so does a file changed on disk since it began): an editor keeps the
// plugin loaded for hours, and other files change in between.
//
// That first run is started when ESLint loads the plugin, in the background: it runs on another core while ESLint reads its configuration and finds and
// parses files, and the first rule to need it waits for what is left (benchmarks: a third of the
// plugin's cost over a whole app).
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { findBinary } = require('../lib/find-binary');

const REUSE_GAP_MS = 2000;
// How long a rule waits for the run started in the background before it runs the binary itself.
const EARLY_RUN_TIMEOUT_MS = 120000;
// The largest report the binary may write (a JSON report of a huge monorepo).
const MAX_REPORT_BYTES = 512 * 1024 * 1024;

class GrantedLintRunError extends Error {}
GrantedLintRunError.prototype.name = 'GrantedLintRunError';

// The files of one answer: absolute path → findings, and the run's evidence sentence.
function parseReport(stdout, stderr, status, base, what) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch (_) {
    const said = String(stderr || '').trim() || `exit code ${status}, and no report`;
    throw new GrantedLintRunError(`granted-lint could not lint ${what}: ${said}`);
  }
  const byFile = new Map();
  for (const finding of report.findings) {
    const file = path.resolve(base, finding.path);
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push(finding);
  }
  return { byFile, evidence: report.evidence || null };
}

class Runner {
  constructor() {
    this.binary = null;
    // The run over a directory: { root, startedAt, lastUsed, byFile, evidence }.
    this.directoryRun = null;
  }

  run(args, options) {
    if (!this.binary) this.binary = findBinary();
    const result = spawnSync(this.binary, args, { maxBuffer: MAX_REPORT_BYTES, windowsHide: true, ...options });
    if (result.error) throw new GrantedLintRunError(`cannot run ${this.binary}: ${result.error.message}`);
    return result;
  }

  // The findings of `file` (absolute) whose text ESLint holds is `text`, and the evidence sentence
  // of the run they came from. `root`: ESLint's working directory. (ESLint asks once per file it
  // lints: index.js keeps the answer for the file's other rules.)
  findings(file, text, root) {
    const modified = isInside(file, root) ? modifiedIfSame(file, text) : null;
    if (modified !== null) {
      const run = this.currentDirectoryRun(root, Date.now(), modified);
      return { findings: run.byFile.get(file) || [], evidence: run.evidence };
    }
    const result = this.run(
      ['--stdin-filename', file, '--format', 'json', '--strict-syntax', '-'],
      { cwd: root, input: text },
    );
    const answer = parseReport(result.stdout, result.stderr, result.status, root, file);
    return { findings: answer.byFile.get(file) || [], evidence: answer.evidence };
  }

  currentDirectoryRun(root, now, modified) {
    const run = this.directoryRun;
    if (run && run.root === root && now - run.lastUsed <= REUSE_GAP_MS && modified <= run.startedAt) {
      run.lastUsed = now;
      return run;
    }
    const early = this.takeEarlyRun(root);
    if (early && modified <= early.startedAt) {
      const answer = parseReport(early.stdout, early.stderr, early.status, root, root);
      this.directoryRun = { root, startedAt: early.startedAt, lastUsed: Date.now(), ...answer };
      return this.directoryRun;
    }
    const startedAt = Date.now();
    const result = this.run(DIRECTORY_ARGUMENTS, { cwd: root });
    const answer = parseReport(result.stdout, result.stderr, result.status, root, root);
    this.directoryRun = { root, startedAt, lastUsed: Date.now(), ...answer };
    return this.directoryRun;
  }

  // Starts the run over `root` in the background (see the top of this file). Nothing happens when
  // there is no binary (the first rule says why), on Windows (no binary, no /bin/sh), or in a home
  // directory or at the top of the file system, which ESLint may be started in to lint a project
  // elsewhere: those are not walked before a file under them is asked about.
  startEarly(root) {
    if (this.early || process.platform === 'win32' || root === os.homedir() || root === path.parse(root).root) return;
    let binary;
    try {
      if (!this.binary) this.binary = findBinary();
      binary = this.binary;
    } catch (_) {
      return;
    }
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'granted-lint-eslint-'));
    const files = { stdout: path.join(directory, 'stdout'), stderr: path.join(directory, 'stderr'), status: path.join(directory, 'status') };
    // The shell writes the exit status last, renamed into place: its presence says the report is whole.
    const script = '"$0" "$@" >"$GRANTED_LINT_OUT" 2>"$GRANTED_LINT_ERR"; echo $? >"$GRANTED_LINT_STATUS.tmp"; mv "$GRANTED_LINT_STATUS.tmp" "$GRANTED_LINT_STATUS"';
    let child;
    try {
      child = spawn('/bin/sh', ['-c', script, binary, ...DIRECTORY_ARGUMENTS], {
        cwd: root,
        stdio: 'ignore',
        env: { ...process.env, GRANTED_LINT_OUT: files.stdout, GRANTED_LINT_ERR: files.stderr, GRANTED_LINT_STATUS: files.status },
      });
    } catch (_) {
      fs.rmSync(directory, { recursive: true, force: true });
      return;
    }
    child.on('error', () => {});
    child.unref();
    const cleanUp = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      fs.rmSync(directory, { recursive: true, force: true });
    };
    process.once('exit', cleanUp);
    this.early = { root, startedAt: Date.now(), files, cleanUp };
  }

  // The background run's output, once it has ended (waiting for it here: rules cannot wait any
  // other way), or null when there is none for `root` or it took too long.
  takeEarlyRun(root) {
    const early = this.early;
    if (!early || early.root !== root) return null;
    this.early = null;
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + EARLY_RUN_TIMEOUT_MS;
    while (!fs.existsSync(early.files.status)) {
      if (Date.now() > deadline) {
        early.cleanUp();
        return null;
      }
      Atomics.wait(sleeper, 0, 0, 1);
    }
    const read = (file) => fs.readFileSync(file, 'utf8');
    const output = { startedAt: early.startedAt, stdout: read(early.files.stdout), stderr: read(early.files.stderr), status: Number(read(early.files.status)) };
    early.cleanUp();
    return output;
  }
}

const DIRECTORY_ARGUMENTS = ['--format', 'json', '--strict-syntax', '.'];

// When the file on disk holds exactly `text` (what ESLint is linting), the time it was last
// modified (ms since the epoch); otherwise null. ESLint has just read every file of a run, so this
// is most of the plugin's own cost: the file is read as bytes into a buffer kept from file to file
// and compared with the text encoded into another (no string is decoded, nothing is left for the
// collector: a third less than reading each file into a new buffer), after a length check.
let textBytes = Buffer.allocUnsafe(1 << 20);
let diskBytes = Buffer.allocUnsafe(1 << 20);
function modifiedIfSame(file, text) {
  let descriptor;
  try {
    const size = Buffer.byteLength(text, 'utf8');
    descriptor = fs.openSync(file, 'r');
    const stat = fs.fstatSync(descriptor);
    if (!stat.isFile() || stat.size !== size) return null;
    if (textBytes.length < size) {
      textBytes = Buffer.allocUnsafe(size);
      diskBytes = Buffer.allocUnsafe(size);
    }
    textBytes.write(text, 0, size, 'utf8');
    let read = 0;
    while (read < size) {
      const count = fs.readSync(descriptor, diskBytes, read, size - read, read);
      if (count === 0) return null;
      read += count;
    }
    return textBytes.compare(diskBytes, 0, size, 0, size) === 0 ? stat.mtimeMs : null;
  } catch (_) {
    return null;
  } finally {
    if (descriptor !== undefined) fs.closeSync(descriptor);
  }
}

// Whether `file` (absolute, as ESLint gives it) lies under `root` (a prefix test: path.relative
// for every file of a run cost as much as the rest of this function).
function isInside(file, root) {
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return file.length > prefix.length && file.startsWith(prefix);
}

module.exports = { Runner, GrantedLintRunError };
