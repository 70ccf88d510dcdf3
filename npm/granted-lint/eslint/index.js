// granted-lint as an ESLint plugin: one ESLint rule per granted-lint rule
// (`granted-lint/provisional-blind-check`, …), so that `expo lint`, `eslint .` and the VS Code ESLint
// extension show granted-lint's findings, with their fixes. The findings come from the native
// binary (runner.js says how, and why it costs about one process per ESLint run); this file turns
// them into ESLint reports. Plain JavaScript with no dependencies: it works with ESLint 6 to 9,
// through the flat config (`configs.recommended`) or a legacy .eslintrc
// (`plugin:granted-lint/legacy-recommended`, through the eslint-plugin-granted-lint package).
'use strict';

const path = require('node:path');
const catalog = require('./rules.json');
const { Runner } = require('./runner');
const { version } = require('../package.json');

const PLUGIN_NAME = 'granted-lint';
const runner = new Runner();
// ESLint runs from the project (its working directory is process.cwd() unless the API is told
// otherwise): the run over it starts now, while ESLint is still finding files.
runner.startEarly(process.cwd());

// ESLint 9 gives these as properties, ESLint 6 to 8 through methods (gone in ESLint 10).
const sourceCodeOf = (context) => context.sourceCode || context.getSourceCode();
const filenameOf = (context) => context.filename || context.getFilename();
const cwdOf = (context) => context.cwd || (context.getCwd ? context.getCwd() : process.cwd());

// A text ESLint lints without a file name (`eslint --stdin` alone, a RuleTester case without one)
// is linted as a TypeScript/JSX file in the working directory.
function fileOf(context) {
  const name = filenameOf(context);
  const root = cwdOf(context);
  if (!name || name === '<input>' || name === '<text>') return { file: path.join(root, '<input>.tsx'), root };
  return { file: path.isAbsolute(name) ? name : path.resolve(root, name), root };
}

// The report's message: the finding's message on the first line, as the command line writes it,
// then what the command line shows below it (ESLint has no notes): each note, the evidence that
// makes a provisional-blind finding live (a latent one says so in its own note), the help. The
// editor shows them all on hover; `settings: { 'granted-lint': { notes: false } }` keeps the first
// line only, for one-line formats.
function messageOf(finding, evidence, withNotes) {
  const lines = [finding.message];
  if (!withNotes) return finding.message;
  for (const note of finding.notes || []) lines.push(`note: ${note}`);
  // The run's evidence (where provisional authorization is requested), unless the finding says it
  // itself (a configuration that declares the app requests it).
  if (finding.evidence === 'live' && evidence && !lines.some((line) => line.startsWith('note: live:'))) {
    lines.push(`note: live: ${evidence.replace(/, so the provisional-blind checks below are live.*$/, '')}`);
  }
  if (finding.help) lines.push(`help: ${finding.help}`);
  return lines.join('\n');
}

// ESLint's locations: 1-based lines, 0-based columns in UTF-16 units; granted-lint's columns are
// 1-based UTF-16 units.
const locationOf = (line, column) => ({ line, column: column - 1 });

// The fix's edits as ESLint text ranges, or null when one does not fit the text ESLint holds.
function rangesOf(fix, sourceCode) {
  try {
    return fix.edits.map((edit) => ({
      range: [
        sourceCode.getIndexFromLoc(locationOf(edit.line, edit.column)),
        sourceCode.getIndexFromLoc(locationOf(edit.endLine, edit.endColumn)),
      ],
      replacement: edit.replacement,
    }));
  } catch (_) {
    return null;
  }
}

const fixerOf = (edits) => (fixer) => edits.map((edit) => fixer.replaceTextRange(edit.range, edit.replacement));

function reportOf(finding, evidence, sourceCode, meta, withNotes) {
  const report = {
    message: messageOf(finding, evidence, withNotes),
    loc: {
      start: locationOf(finding.line, finding.column),
      end: locationOf(finding.endLine, finding.endColumn),
    },
  };
  const edits = finding.fix && rangesOf(finding.fix, sourceCode);
  if (edits) {
    // A safe fix is ESLint's fix (`eslint --fix`, fix on save); an unsafe one (the provisional
    // repair changes behaviour) is a suggestion, which the editor offers as a quick fix and
    // `--fix` never applies — as `--fix-unsafe` is asked for on the command line.
    if (finding.fix.applicability === 'safe' && meta.fixable) {
      report.fix = fixerOf(edits);
    } else if (meta.hasSuggestions) {
      report.suggest = [{ desc: finding.fix.title, fix: fixerOf(edits) }];
    }
  }
  return report;
}

// ESLint makes one SourceCode per file it lints and hands it to every rule: the first rule asks
// the runner, the others find the answer here (a file is linted by up to 14 rules).
const answers = new WeakMap();
function answerFor(context, sourceCode) {
  let answer = answers.get(sourceCode);
  if (!answer) {
    const { file, root } = fileOf(context);
    // ESLint takes a byte order mark off the text; the file (and the binary) have it.
    const text = sourceCode.hasBOM ? `\uFEFF${sourceCode.text}` : sourceCode.text;
    answer = runner.findings(file, text, root);
    answers.set(sourceCode, answer);
  }
  return answer;
}

function ruleOf(entry) {
  const meta = {
    type: 'problem',
    docs: { description: entry.summary, url: entry.url, recommended: entry.id !== 'syntax-error' },
    schema: [],
  };
  if (entry.fixes.includes('safe')) meta.fixable = 'code';
  if (entry.fixes.length > 0) meta.hasSuggestions = true;
  return {
    meta,
    // The findings are reported from create() and no listener is returned: the rule needs no
    // node of ESLint's tree (its reports carry their own locations), and ESLint does less for a
    // rule that listens to nothing — over a whole app, most of the plugin's cost in ESLint was the
    // per-file, per-rule work of a `Program` listener.
    create(context) {
      const sourceCode = sourceCodeOf(context);
      const { findings, evidence } = answerFor(context, sourceCode);
      if (findings.length === 0) return {};
      const withNotes = ((context.settings || {})[PLUGIN_NAME] || {}).notes !== false;
      for (const finding of findings) {
        if (finding.rule === entry.id) context.report(reportOf(finding, evidence, sourceCode, meta, withNotes));
      }
      return {};
    },
  };
}

const rules = Object.fromEntries(catalog.map((entry) => [entry.id, ruleOf(entry)]));

// Severities as the command line's defaults: ESLint has no "note", so notes are warnings (which do
// not fail `eslint` unless --max-warnings says so, as notes do not fail granted-lint). syntax-error
// is off: the command line reports it only with --strict-syntax, and ESLint's parser reports syntax
// errors itself.
const SEVERITY = { error: 'error', warning: 'warn', note: 'warn' };
const recommendedRules = Object.fromEntries(
  catalog.map((entry) => [
    `${PLUGIN_NAME}/${entry.id}`,
    entry.id === 'syntax-error' ? 'off' : SEVERITY[entry.severity],
  ]),
);

const plugin = {
  meta: { name: PLUGIN_NAME, version },
  rules,
  configs: {},
};

// The flat config (ESLint 9, and 8 with eslint.config.js): the plugin object itself, the files
// granted-lint reads (so ESLint lints TypeScript ones too; their parser comes from the project's
// config, e.g. eslint-config-expo/flat), and the rules at their default severities.
const flatRecommended = {
  name: `${PLUGIN_NAME}/recommended`,
  files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
  plugins: { [PLUGIN_NAME]: plugin },
  rules: recommendedRules,
};
// The legacy config (.eslintrc, ESLint 8 and older): plugins by name, which ESLint resolves to the
// package eslint-plugin-granted-lint. ESLint's guidance for plugins that serve both: flat configs
// under the plain name, legacy ones prefixed `legacy-`; `flat/recommended` is the older spelling
// some guides use.
const legacyRecommended = {
  plugins: [PLUGIN_NAME],
  rules: recommendedRules,
};
Object.assign(plugin.configs, {
  recommended: flatRecommended,
  'flat/recommended': flatRecommended,
  'legacy-recommended': legacyRecommended,
});

module.exports = plugin;
