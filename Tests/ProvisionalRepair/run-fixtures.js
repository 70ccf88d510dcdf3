// Runs exported functions of compiled repair fixtures (TestCorpus/fixes/provisional) against a stub
// expo-notifications that reports one device's permission, and prints what each did as JSON.
// Driven by Tests/GrantedCLITests/ProvisionalRepairTests.swift.
//
//   node run-fixtures.js CASES.json
//
// CASES.json: [{ "module": "/abs/path/file.js", "export": "name", "args": [...], "device": {...},
//               "afterRequest": {...} }]
// `device` is what getPermissionsAsync resolves to; after a request, `afterRequest` when given (the
// user's answer), otherwise the device unchanged (the user dismissed the dialog).
// An argument "$setter" is a function that records what it is called with (a React state setter).
// Output: one object per case: { value, recorded, text, calls }, where `text` is the text of a
// returned element tree (components) and `calls` lists the stub's calls with their arguments.
'use strict';

const fs = require('fs');
const Module = require('module');

let device = null;
let afterRequest = null;
let calls = [];

const copy = (value) => JSON.parse(JSON.stringify(value));

const expoNotifications = {
  PermissionStatus: { GRANTED: 'granted', UNDETERMINED: 'undetermined', DENIED: 'denied' },
  IosAuthorizationStatus: { NOT_DETERMINED: 0, DENIED: 1, AUTHORIZED: 2, PROVISIONAL: 3, EPHEMERAL: 4 },
  async getPermissionsAsync() {
    calls.push({ name: 'getPermissionsAsync', args: [] });
    return copy(device);
  },
  async requestPermissionsAsync(...args) {
    calls.push({ name: 'requestPermissionsAsync', args: copy(args) });
    if (afterRequest) device = afterRequest;
    return copy(device);
  },
  async getExpoPushTokenAsync(...args) {
    calls.push({ name: 'getExpoPushTokenAsync', args: copy(args) });
    return { type: 'expo', data: 'ExponentPushToken[stub]' };
  },
  usePermissions(...args) {
    calls.push({ name: 'usePermissions', args: copy(args) });
    return [copy(device), expoNotifications.requestPermissionsAsync, expoNotifications.getPermissionsAsync];
  },
};
for (const name of Object.keys(expoNotifications.IosAuthorizationStatus)) {
  expoNotifications.IosAuthorizationStatus[expoNotifications.IosAuthorizationStatus[name]] = name;
}

const element = (type, props) => ({ type, props: props || {} });
const stubs = {
  'expo-notifications': expoNotifications,
  'react-native': { Text: 'Text', View: 'View' },
  'react/jsx-runtime': { jsx: element, jsxs: element, Fragment: 'Fragment' },
  react: { createElement: (type, props, ...children) => element(type, { ...props, children }) },
};
const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (Object.prototype.hasOwnProperty.call(stubs, request)) return stubs[request];
  return originalLoad.call(this, request, parent, isMain);
};

/** The text a returned element tree shows (strings and numbers, in order). */
function textOf(node) {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (typeof node === 'object' && 'props' in node) return textOf(node.props.children);
  return '';
}

async function runCase(spec) {
  device = spec.device;
  afterRequest = spec.afterRequest || null;
  calls = [];
  const recorded = [];
  const args = (spec.args || []).map((arg) => (arg === '$setter' ? (value) => recorded.push(value) : arg));
  const exported = require(spec.module)[spec.export];
  if (typeof exported !== 'function') throw new Error(`${spec.module} exports no function ${spec.export}`);
  const value = await exported(...args);
  const isElement = value !== null && typeof value === 'object' && 'props' in value;
  return {
    value: isElement ? null : value === undefined ? null : value,
    recorded,
    text: isElement ? textOf(value) : null,
    calls,
  };
}

async function main() {
  const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const results = [];
  for (const spec of cases) {
    try {
      results.push(await runCase(spec));
    } catch (error) {
      results.push({ error: String(error && error.stack ? error.stack : error) });
    }
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
