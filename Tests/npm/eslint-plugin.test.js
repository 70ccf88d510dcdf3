// The ESLint plugin (npm/granted-lint/eslint, and npm/eslint-plugin-granted-lint for legacy
// configs), run by the ESLint Debian ships (6.4) on the binary under test:
// - its rule catalog is the binary's, and it exports the shapes ESLint 9's flat config and ESLint 8's
//   .eslintrc document (ESLint 9 and `expo lint` cannot be installed here: the shapes are checked
//   against the documented keys);
// - RuleTester, per rule, on the TestCorpus/rules fixtures: the findings their `expect:` comments
//   name, and none in the fixtures that name none;
// - `eslint` over the example app reports exactly the command line's findings (rule, line, column,
//   message, notes, help, live evidence) from one run of the binary; `eslint --fix` applies the safe
//   fix and not the repair; the repair is a suggestion (ESLint 6.4 predates suggestions, so the
//   report the rule makes is checked); an edited buffer is linted as typed, its project read from
//   disk.
//
// Run: GRANTED_LINT_BINARY=.build/debug/granted-lint NODE_PATH=/usr/share/nodejs \
//        node --test Tests/npm/eslint-plugin.test.js
// (Tests/GrantedCLITests/ESLintPluginTests.swift runs it so in the suite.)
'use strict';

const { describe, it, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const binary = path.resolve(process.env.GRANTED_LINT_BINARY || path.join(root, '.build/debug/granted-lint'));
const eslintBin = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');
const { RuleTester, SourceCode } = require('eslint');
const testParser = path.join(__dirname, 'eslint-test-parser.js');
const catalog = JSON.parse(fs.readFileSync(path.join(root, 'npm/granted-lint/eslint/rules.json'), 'utf8'));
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

let scratch;
let calls; // where the stand-in binary writes the arguments of each run
let plugin;

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
}

// The `expect:` comments of a fixture (TestSupport.expectations in Swift): rule, line, column.
function expectations(text) {
  const found = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    const match = /(?:\/\/ |\/\* |\{\/\* )expect: (.*?)(?:\*\/.*)?$/.exec(line);
    if (!match) return;
    for (const item of match[1].split(',')) {
      const [withoutLevel] = item.trim().split('=');
      if (!withoutLevel) continue;
      const [rule, column] = withoutLevel.split('@');
      found.push({ rule, line: index + 1, column: column ? Number(column) : undefined });
    }
  });
  return found;
}

function sourceFiles(directory) {
  const files = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.includes('.fixed.')) files.push(full);
  }
  return files.sort();
}

function binaryCalls() {
  return fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').split('\n').filter(Boolean) : [];
}

// ESLint's JSON report as { file → [{ rule, line, column, endLine, endColumn, message }] }.
function eslintFindings(report, base) {
  const byFile = {};
  for (const result of report) {
    const messages = result.messages.map((message) => {
      assert.ok(message.ruleId, `a message without a rule (a crash or parse error?): ${JSON.stringify(message)}`);
      return {
        rule: message.ruleId.replace(/^granted-lint\//, ''), line: message.line, column: message.column,
        endLine: message.endLine, endColumn: message.endColumn, message: message.message,
      };
    });
    if (messages.length) byFile[path.relative(base, result.filePath)] = messages;
  }
  return byFile;
}

// The command line's JSON report in the same shape, each message written as the plugin writes it.
function commandLineFindings(report, base, cwd) {
  const byFile = {};
  for (const finding of report.findings) {
    const lines = [finding.message, ...finding.notes.map((note) => `note: ${note}`)];
    if (finding.evidence === 'live' && !lines.some((line) => line.startsWith('note: live:'))) lines.push(`note: live: ${report.evidence.replace(/, so the provisional-blind checks below are live.*$/, '')}`);
    if (finding.help) lines.push(`help: ${finding.help}`);
    const file = path.relative(base, path.resolve(cwd, finding.path));
    (byFile[file] = byFile[file] || []).push({
      rule: finding.rule, line: finding.line, column: finding.column,
      endLine: finding.endLine, endColumn: finding.endColumn, message: lines.join('\n'),
    });
  }
  const order = (a, b) => a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule);
  for (const file of Object.keys(byFile)) byFile[file].sort(order);
  return byFile;
}

function copyExampleApp(name) {
  const app = path.join(scratch, name);
  fs.cpSync(path.join(root, 'TestCorpus/example-app'), app, { recursive: true });
  fs.writeFileSync(path.join(app, '.eslintrc.json'), JSON.stringify({
    root: true,
    parser: testParser,
    extends: ['plugin:granted-lint/legacy-recommended'],
  }));
  return app;
}

function eslint(args, cwd) {
  return run(process.execPath, [eslintBin, '--resolve-plugins-relative-to', scratch, '--ext', '.ts,.tsx,.js,.jsx', ...args], { cwd });
}

before(() => {
  assert.ok(fs.existsSync(binary), `no binary at ${binary} (set GRANTED_LINT_BINARY)`);
  scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'granted-lint-eslint-')));
  // The packages as npm installs them (copies: a link would make Node resolve granted-lint from
  // the repository instead of beside the plugin).
  for (const name of ['granted-lint', 'eslint-plugin-granted-lint']) {
    fs.cpSync(path.join(root, 'npm', name), path.join(scratch, 'node_modules', name), { recursive: true });
  }
  // A stand-in binary that notes each run's arguments and runs the binary under test: the count of
  // processes the plugin starts is part of what is tested.
  calls = path.join(scratch, 'calls.log');
  const standIn = path.join(scratch, 'granted-lint');
  fs.writeFileSync(standIn, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec '${binary}' "$@"\n`, { mode: 0o755 });
  process.env.GRANTED_LINT_BINARY = standIn;
  plugin = require(require.resolve('granted-lint/eslint', { paths: [scratch] }));
});

after(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the plugin', () => {
  it('has one ESLint rule per granted-lint rule: the binary\'s catalog', () => {
    const listed = run(binary, ['--list-rules', '--format', 'json']);
    assert.equal(listed.status, 0, listed.stderr);
    assert.deepEqual(catalog, JSON.parse(listed.stdout), 'npm/granted-lint/eslint/rules.json is not the binary\'s: regenerate it with `granted-lint --list-rules --format json`');
    assert.deepEqual(Object.keys(plugin.rules), catalog.map((rule) => rule.id));
    for (const entry of catalog) {
      const { meta } = plugin.rules[entry.id];
      assert.equal(meta.type, 'problem');
      assert.equal(meta.docs.url, `https://github.com/granted-lint/granted-lint/blob/main/docs/rules/${entry.id}.md`);
      assert.equal(meta.docs.description, entry.summary);
      assert.equal(meta.fixable, entry.fixes.includes('safe') ? 'code' : undefined, entry.id);
      assert.equal(meta.hasSuggestions, entry.fixes.length > 0 ? true : undefined, entry.id);
      assert.deepEqual(meta.schema, []);
      assert.equal(typeof plugin.rules[entry.id].create, 'function');
      assert.ok(fs.existsSync(path.join(root, 'docs/rules', `${entry.id}.md`)), `no page for ${entry.id}`);
    }
    const version = JSON.parse(fs.readFileSync(path.join(root, 'npm/granted-lint/package.json'), 'utf8')).version;
    assert.deepEqual(plugin.meta, { name: 'granted-lint', version });
  });

  it('exports a flat config of the shape ESLint 9 documents', () => {
    const flat = plugin.configs.recommended;
    // https://eslint.org/docs/latest/use/configure/configuration-files#configuration-objects
    const keys = ['name', 'files', 'ignores', 'languageOptions', 'linterOptions', 'processor', 'plugins', 'rules', 'settings'];
    for (const key of Object.keys(flat)) assert.ok(keys.includes(key), `a flat config has no key ${key}`);
    assert.equal(typeof flat.name, 'string');
    assert.ok(flat.files.every((pattern) => typeof pattern === 'string'));
    assert.ok(flat.files.some((pattern) => pattern.includes('tsx')), 'TypeScript files are not included');
    assert.equal(Object.getPrototypeOf(flat.plugins), Object.prototype);
    assert.equal(flat.plugins['granted-lint'], plugin, 'the flat config must hold the plugin object itself');
    assert.equal(plugin.configs['flat/recommended'], flat);
    checkRules(flat.rules);
  });

  it('exports a legacy config of the shape ESLint 8 documents', () => {
    const legacy = plugin.configs['legacy-recommended'];
    // https://eslint.org/docs/v8.x/use/configure/configuration-files
    const keys = ['root', 'env', 'globals', 'parser', 'parserOptions', 'plugins', 'extends', 'rules', 'settings', 'overrides', 'ignorePatterns'];
    for (const key of Object.keys(legacy)) assert.ok(keys.includes(key), `a legacy config has no key ${key}`);
    assert.deepEqual(legacy.plugins, ['granted-lint'], 'a legacy config names its plugins (eslint-plugin-granted-lint)');
    checkRules(legacy.rules);
    // The name ESLint's legacy configuration resolves `granted-lint` to is the same plugin.
    assert.equal(require(require.resolve('eslint-plugin-granted-lint', { paths: [scratch] })), plugin);
  });

  it('gives the same plugin to import and to require', () => {
    const check = path.join(scratch, 'import-check.mjs');
    fs.writeFileSync(check, [
      "import granted, { rules, configs } from 'granted-lint/eslint';",
      "import legacyName from 'eslint-plugin-granted-lint';",
      "import { createRequire } from 'node:module';",
      'const require = createRequire(import.meta.url);',
      "const required = require('granted-lint/eslint');",
      'console.log(JSON.stringify({ same: granted === required && legacyName === required && rules === required.rules && configs === required.configs, rules: Object.keys(granted.rules) }));',
    ].join('\n'));
    const imported = run(process.execPath, [check], { cwd: scratch });
    assert.equal(imported.status, 0, imported.stderr);
    const result = JSON.parse(imported.stdout);
    assert.equal(result.same, true);
    assert.deepEqual(result.rules, catalog.map((rule) => rule.id));
  });
});

function checkRules(rules) {
  assert.deepEqual(Object.keys(rules).sort(), catalog.map((rule) => `granted-lint/${rule.id}`).sort());
  for (const entry of catalog) {
    const expected = entry.id === 'syntax-error' ? 'off' : entry.severity === 'error' ? 'error' : 'warn';
    assert.equal(rules[`granted-lint/${entry.id}`], expected, entry.id);
  }
}

// RuleTester cases per rule from the rule fixtures: each fixture is linted as an unsaved buffer at a
// path in an empty directory (so through --stdin-filename, alone, as the Swift corpus test lints it).
describe('RuleTester on the rule fixtures', () => {
  const fixturesRoot = path.join(root, 'TestCorpus/rules');
  const fixtures = sourceFiles(fixturesRoot).map((file) => {
    const code = fs.readFileSync(file, 'utf8');
    return { relative: path.relative(fixturesRoot, file), code, expected: expectations(code) };
  });
  // A project of its own (package.json), whose notification channel is created in a file of its
  // own: the fixtures expect no project-level "creates no notification channel" note.
  const isolated = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'granted-lint-eslint-alone-')));
  fs.writeFileSync(path.join(isolated, 'package.json'), '{ "name": "fixtures", "private": true }\n');
  fs.writeFileSync(path.join(isolated, 'channel.ts'), [
    "import * as Notifications from 'expo-notifications';",
    "Notifications.setNotificationChannelAsync('default', { name: 'Default', importance: 4 });",
    '',
  ].join('\n'));
  const caseOf = (fixture) => ({
    code: fixture.code,
    filename: path.join(isolated, fixture.relative),
    parser: testParser,
  });
  RuleTester.describe = describe;
  RuleTester.it = it;
  const tester = new RuleTester();
  const workingDirectory = process.cwd();
  before(() => process.chdir(isolated));
  after(() => {
    process.chdir(workingDirectory);
    fs.rmSync(isolated, { recursive: true, force: true });
  });

  for (const entry of catalog.filter((rule) => !['syntax-error', 'unused-suppression'].includes(rule.id))) {
    const mine = fixtures.filter((fixture) => fixture.expected.some((expectation) => expectation.rule === entry.id));
    // The rule's own fixtures that expect none of its findings, and a few of the other rules'.
    const others = fixtures.filter((fixture) => !fixture.expected.some((expectation) => expectation.rule === entry.id));
    const quiet = [
      ...others.filter((fixture) => fixture.relative.startsWith(`${entry.id}/`)),
      ...others.filter((fixture) => !fixture.relative.startsWith(`${entry.id}/`)).filter((_, index) => index % 15 === 0),
    ];
    assert.ok(mine.length > 0, `no fixture expects ${entry.id}`);
    // RuleTester needs `plugin.rules[...]`, loaded in before(): a rule object that defers to it.
    const rule = {
      get meta() { return plugin.rules[entry.id].meta; },
      create: (context) => plugin.rules[entry.id].create(context),
    };
    tester.run(entry.id, rule, {
      valid: quiet.map(caseOf),
      invalid: mine.map((fixture) => ({
        ...caseOf(fixture),
        errors: fixture.expected
          .filter((expectation) => expectation.rule === entry.id)
          .sort((a, b) => a.line - b.line || (a.column || 0) - (b.column || 0))
          .map(({ line, column }) => (column ? { line, column } : { line })),
      })),
    });
  }
});

describe('ESLint over the example app', () => {
  it('reports the command line\'s findings, from one run of the binary', () => {
    const app = copyExampleApp('app');
    fs.rmSync(calls, { force: true });
    const linted = eslint(['-f', 'json', '.'], app);
    assert.equal(linted.status, 1, linted.stderr);
    const byESLint = eslintFindings(JSON.parse(linted.stdout), app);
    assert.deepEqual(binaryCalls(), ['--format json --strict-syntax .'], 'one directory run for the whole ESLint run');

    const commandLine = run(binary, ['--format', 'json', '.'], { cwd: app });
    assert.equal(commandLine.status, 1, commandLine.stderr);
    const report = JSON.parse(commandLine.stdout);
    assert.ok(report.findings.length >= 9, 'the example app has lost its findings');
    assert.ok(report.findings.some((finding) => finding.evidence === 'live'), 'no live finding to compare');
    assert.deepEqual(byESLint, commandLineFindings(report, app, app));
  });

  it('applies the safe fix with --fix, and leaves the repair to a suggestion', () => {
    const app = copyExampleApp('app-fix');
    const expected = copyExampleApp('app-fix-expected');
    const fixed = eslint(['--fix', '.'], app);
    assert.equal(fixed.status, 1, fixed.stderr);
    const byCommandLine = run(binary, ['--fix', '.'], { cwd: expected });
    assert.equal(byCommandLine.status, 1, byCommandLine.stderr);
    for (const file of sourceFiles(expected)) {
      const relative = path.relative(expected, file);
      assert.equal(fs.readFileSync(path.join(app, relative), 'utf8'), fs.readFileSync(file, 'utf8'), relative);
    }
    const handler = fs.readFileSync(path.join(app, 'src/notifications/handler.ts'), 'utf8');
    assert.match(handler, /shouldShowBanner: true,\n\s*shouldShowList: true,/);
    assert.equal(
      fs.readFileSync(path.join(app, 'src/notifications/registerForPushNotifications.ts'), 'utf8'),
      fs.readFileSync(path.join(root, 'TestCorpus/example-app/src/notifications/registerForPushNotifications.ts'), 'utf8'),
      'eslint --fix applied the unsafe repair',
    );
  });

  it('reports the repair as a suggestion that makes what --fix-unsafe makes', () => {
    const app = copyExampleApp('app-suggest');
    const file = path.join(app, 'src/notifications/registerForPushNotifications.ts');
    const text = fs.readFileSync(file, 'utf8');
    const reports = lintWithRule('provisional-blind-check', file, text, app);
    assert.equal(reports.length, 2);
    for (const report of reports) {
      assert.equal(report.fix, undefined, 'the repair must not be an ESLint fix');
      assert.equal(report.suggest.length, 1);
      assert.equal(typeof report.suggest[0].desc, 'string');
    }
    // The repair is one edit of the whole flow (its two checks and the destructuring they read), so
    // each finding's suggestion, applied alone, is what --fix-unsafe writes.
    const byCommandLine = run(binary, ['--fix-unsafe', '--stdin-filename', file, '-'], { cwd: app, input: text });
    assert.notEqual(byCommandLine.stdout, text);
    for (const report of reports) assert.equal(applyFix(text, report.suggest[0].fix), byCommandLine.stdout);
  });

  it('lints an edited buffer as typed, with the rest of the project read from disk', () => {
    const app = copyExampleApp('app-edited');
    const file = path.join(app, 'src/notifications/pushStatus.ts');
    // Two lines above: the finding moves with them. It exists only through the helper this file
    // imports (getPermission, in permissions.ts), which the binary reads from disk.
    const edited = `// edited\n// in the editor\n${fs.readFileSync(file, 'utf8')}`;
    fs.rmSync(calls, { force: true });
    const reports = lintWithRule('provisional-blind-check', file, edited, app);
    assert.deepEqual(reports.map((report) => report.loc.start), [{ line: 9, column: 9 }]);
    assert.deepEqual(binaryCalls(), [`--stdin-filename ${file} --format json --strict-syntax -`]);
    assert.match(reports[0].message, /^`status === 'granted'` rejects provisionally authorized iOS devices\n/);
  });
});

// One rule of the plugin run on `text` as ESLint would for `file` (working directory `cwd`): the
// reports it makes, suggestions included (ESLint 6.4 drops those on the way out).
function lintWithRule(id, file, text, cwd) {
  const ast = require(testParser).parse(text);
  const sourceCode = new SourceCode(text, ast);
  const reports = [];
  const context = {
    getFilename: () => file,
    getSourceCode: () => sourceCode,
    getCwd: () => cwd,
    settings: {},
    report: (report) => reports.push(report),
  };
  plugin.rules[id].create(context);
  return reports;
}

// A fix function's edits (fixer.replaceTextRange), applied to `text`.
function applyFix(text, fix) {
  const fixer = { replaceTextRange: (range, replacement) => ({ range, text: replacement }) };
  const edits = [].concat(fix(fixer)).sort((a, b) => b.range[0] - a.range[0]);
  for (const edit of edits) text = text.slice(0, edit.range[0]) + edit.text + text.slice(edit.range[1]);
  return text;
}
