#!/usr/bin/env node
'use strict';
// Compares two `flows` JSON documents (docs/flows.md's shape) state by state, each state's paths as
// sets of outcomes: answers, requests (line and dialog), token, alerts, schedules, returns and exit.
// `assumes`, a request's `options` and `unfollowed` are left out; any {"unknown": …} matches any
// other. Flows are matched by path and function; every flow of EXPECTED must be in ACTUAL, and a
// flow only ACTUAL has is not looked at.
//
//   node compare.js [--subset] EXPECTED.json ACTUAL.json
// Exit 0 when they agree, 1 with the differences on stdout when not, 2 on a usage or input error.
// --subset: only ACTUAL's paths must all be among EXPECTED's, not the reverse.

const fs = require('fs');

// The eight states in docs/flows.md's order: the runtime's list.
const { STATES } = require('./runtime');

function normalizeReturns(r) {
  if (r === undefined) return null;
  if (r && typeof r === 'object' && !Array.isArray(r) && Object.prototype.hasOwnProperty.call(r, 'unknown')) return { unknown: '*' };
  return r;
}

function outcome(p) {
  return {
    answers: p.answers || [],
    requests: (p.requests || []).map((q) => ({ line: q.line, dialog: q.dialog })),
    token: p.token === undefined ? null : p.token,
    alerts: p.alerts || [],
    schedules: p.schedules || [],
    returns: normalizeReturns(p.returns),
    exit: p.exit === undefined ? null : p.exit,
  };
}

function key(p) {
  return JSON.stringify(outcome(p));
}

const list = (xs) => (xs.length === 0 ? '-' : xs.join(', '));

function summary(p) {
  const o = outcome(p);
  const requests = o.requests.map((q) => `${q.line}${q.dialog ? ' (dialog)' : ''}`);
  return [
    `answers: ${list(o.answers)}`,
    `requests: ${list(requests)}`,
    `token: ${o.token === null ? '-' : o.token}`,
    `alerts: ${list(o.alerts)}`,
    `schedules: ${list(o.schedules)}`,
    `returns: ${JSON.stringify(p.returns === undefined ? null : p.returns)}`,
    `exit: ${o.exit === null ? '-' : o.exit}`,
  ].join(' | ');
}

function byFlow(doc) {
  const map = new Map();
  for (const flow of (doc && doc.flows) || []) map.set(`${flow.path}\u0000${flow.function}`, flow);
  return map;
}

// The differences, as lines of text; none when the documents agree.
function compareFlows(expected, actual, { subset = false } = {}) {
  const out = [];
  const actualFlows = byFlow(actual);
  for (const [id, flow] of byFlow(expected)) {
    const name = `${flow.path}: ${flow.function}`;
    const other = actualFlows.get(id);
    if (!other) {
      out.push(`${name}: only in EXPECTED`);
      continue;
    }
    for (const state of STATES) {
      const e = new Map(((flow.states || {})[state] || []).map((p) => [key(p), p]));
      const a = new Map(((other.states || {})[state] || []).map((p) => [key(p), p]));
      const onlyExpected = subset ? [] : [...e.keys()].filter((k) => !a.has(k));
      const onlyActual = [...a.keys()].filter((k) => !e.has(k));
      if (onlyExpected.length === 0 && onlyActual.length === 0) continue;
      out.push(`${name}, ${state}:`);
      for (const k of onlyExpected) out.push(`  only in EXPECTED: ${summary(e.get(k))}`);
      for (const k of onlyActual) out.push(`  only in ACTUAL:   ${summary(a.get(k))}`);
    }
  }
  return out;
}

function main(argv) {
  const subset = argv.includes('--subset');
  const files = argv.filter((a) => a !== '--subset');
  if (files.length !== 2) {
    process.stderr.write('usage: compare.js [--subset] EXPECTED.json ACTUAL.json\n');
    return 2;
  }
  let docs;
  try {
    docs = files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
  } catch (e) {
    process.stderr.write(`compare: ${e.message}\n`);
    return 2;
  }
  const differences = compareFlows(docs[0], docs[1], { subset });
  if (differences.length === 0) return 0;
  process.stdout.write(`${differences.join('\n')}\n`);
  return 1;
}

module.exports = { compareFlows, outcome, summary };

if (require.main === module) process.exitCode = main(process.argv.slice(2));
