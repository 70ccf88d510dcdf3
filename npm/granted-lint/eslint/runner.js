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
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { findBinary } = require('../lib/find-binary');

const REUSE_GAP_MS = 2000;
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
  constructor({ now = Date.now } = {}) {
    this.now = now;
    this.binary = null;
    // The run over a directory: { root, startedAt, lastUsed, byFile, evidence }.
    this.directoryRun = null;
    // The last answer for each file linted alone: absolute path → { text, at, findings, evidence }.
    this.alone = new Map();
  }

  run(args, options) {
    if (!this.binary) this.binary = findBinary();
    const result = spawnSync(this.binary, args, { maxBuffer: MAX_REPORT_BYTES, windowsHide: true, ...options });
    if (result.error) throw new GrantedLintRunError(`cannot run ${this.binary}: ${result.error.message}`);
    return result;
  }

  // The findings of `file` (absolute) whose text ESLint holds is `text`, and the evidence sentence
  // of the run they came from. `root`: ESLint's working directory.
  findings(file, text, root) {
    const now = this.now();
    const onDisk = readIfSame(file, text);
    if (onDisk && isInside(file, root)) {
      const run = this.currentDirectoryRun(root, now, file);
      return { findings: run.byFile.get(file) || [], evidence: run.evidence };
    }
    const known = this.alone.get(file);
    if (known && known.text === text && now - known.at <= REUSE_GAP_MS) {
      known.at = now;
      return known;
    }
    const result = this.run(
      ['--stdin-filename', file, '--format', 'json', '--strict-syntax', '-'],
      { cwd: root, input: text },
    );
    const answer = parseReport(result.stdout, result.stderr, result.status, root, file);
    const entry = { text, at: now, findings: answer.byFile.get(file) || [], evidence: answer.evidence };
    this.alone.set(file, entry);
    return entry;
  }

  currentDirectoryRun(root, now, file) {
    const run = this.directoryRun;
    if (run && run.root === root && now - run.lastUsed <= REUSE_GAP_MS && !changedSince(file, run.startedAt)) {
      run.lastUsed = now;
      return run;
    }
    const startedAt = Date.now();
    const result = this.run(['--format', 'json', '--strict-syntax', '.'], { cwd: root });
    const answer = parseReport(result.stdout, result.stderr, result.status, root, root);
    this.directoryRun = { root, startedAt, lastUsed: this.now(), ...answer };
    return this.directoryRun;
  }
}

// Whether the file on disk holds exactly `text` (what ESLint is linting).
function readIfSame(file, text) {
  try {
    const stat = fs.statSync(file);
    // UTF-8 is at least as long as the string's UTF-16 units / 2 … at most 3 bytes per unit: a
    // quick no before reading. Exact comparison below.
    if (!stat.isFile() || stat.size < text.length / 2 || stat.size > text.length * 3) return false;
    return fs.readFileSync(file, 'utf8') === text;
  } catch (_) {
    return false;
  }
}

// Whether the file was written after `time` (ms since the epoch): the directory run may have read
// it before the change. A file that cannot be read again counts as changed.
function changedSince(file, time) {
  try {
    return fs.statSync(file).mtimeMs > time;
  } catch (_) {
    return true;
  }
}

function isInside(file, root) {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

module.exports = { Runner, GrantedLintRunError, REUSE_GAP_MS };
