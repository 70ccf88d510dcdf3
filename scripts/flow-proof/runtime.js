'use strict';
// The run-time side of the flow proof: the logical call stack of the fixture's code, the device state
// of one run, the oracle that answers dialogs and device-independent values, the events a path
// records, and a virtual clock for timers. Installed once as globalThis.__flowProof; the transformed
// fixture code (transform.js) and the stand-in modules (stand-ins/) reach it there.
//
// The call stack: transform.js turns every call in a fixture file into __fp.f / __fp.m / __fp.n,
// which run the callee inside AsyncLocalStorage with a frame {file, line, up} pushed. The store
// follows the call into the callee's awaits, `.then` callbacks and timers, so an event's frames are
// the logical calls that led to it even across files and un-awaited promises. The chain ends in the
// run's root object; code running in another root (module loading, a stale run) records nothing.

const { AsyncLocalStorage } = require('async_hooks');

const als = new AsyncLocalStorage();

const STATES = [
  'ios-not-determined',
  'ios-denied',
  'ios-authorized',
  'ios-provisional',
  'ios-ephemeral',
  'android-not-determined',
  'android-granted',
  'android-denied',
];

const real = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
};

const MAX_TIMER_FIRINGS = 1000;
const INTERVAL_FIRINGS = 5;

let current = null; // the Run being executed

class Run {
  constructor({ state, flowFile, flowKey, prefix, environment }) {
    this.state = state;
    this.device = state;
    this.flowFile = flowFile;
    this.flowKey = flowKey;
    this.root = { root: true };
    this.loadRoot = { root: true };
    this.prefix = prefix; // indices of the choices to take, in order
    this.trace = []; // [{n, c}]: every choice made: how many options, which one
    this.environment = environment || {};
    this.envValues = new Map();
    this.assumes = [];
    this.answers = [];
    this.requests = [];
    this.token = null;
    this.alerts = [];
    this.schedules = [];
    this.exit = null;
    this.tokens = new Set();
    this.timers = [];
    this.clock = 0;
    this.timerSeq = 0;
    this.timerFirings = 0;
    this.unlocated = [];
  }
}

function rootOf(store) {
  let s = store;
  while (s && !s.root) s = s.up;
  return s;
}

function recording() {
  return current !== null && rootOf(als.getStore()) === current.root;
}

// The line, in the flow's own file, of the innermost logical call that is in that file.
function eventLine(what) {
  for (let s = als.getStore(); s && !s.root; s = s.up) {
    if (s.file === current.flowFile) return s.line;
  }
  current.unlocated.push(what);
  return null;
}

function choose(options) {
  const r = current;
  const i = r.trace.length;
  const c = i < r.prefix.length ? r.prefix[i] : 0;
  r.trace.push({ n: options.length, c });
  return options[c];
}

function describeValue(v) {
  if (typeof v === 'string') return `'${v}'`;
  if (v === undefined) return 'undefined';
  return JSON.stringify(v);
}

// The device-independent value KEY (from proof.json's environment, else DEFAULTS), read once per run.
function env(key, defaults, describe) {
  const r = current;
  if (!r) return defaults[0];
  if (r.envValues.has(key)) return r.envValues.get(key);
  const options = Object.prototype.hasOwnProperty.call(r.environment, key) ? r.environment[key] : defaults;
  if (!Array.isArray(options) || options.length === 0) throw new Error(`environment ${key}: a non-empty list of values is needed`);
  const v = choose(options);
  r.envValues.set(key, v);
  r.assumes.push(describe(v));
  return v;
}

function platform() {
  const state = current ? current.device : 'ios-not-determined';
  return state.startsWith('ios') ? 'ios' : 'android';
}

function device() {
  return current ? current.device : 'ios-not-determined';
}

function optionsText(options) {
  if (options === undefined) return '';
  try {
    const text = JSON.stringify(options);
    return text === undefined ? '' : text;
  } catch (e) {
    return String(options);
  }
}

// A permission request (docs/flows.md, "What a request does"): records it, asks the oracle when a
// dialog shows, and gives the device's new state.
function request(provisional, options) {
  const r = current;
  if (!r) return 'ios-not-determined';
  const before = r.device;
  const ios = before.startsWith('ios');
  let dialog = false;
  let next = before;
  switch (before) {
    case 'ios-not-determined':
      if (provisional) next = 'ios-provisional';
      else dialog = true;
      break;
    case 'ios-provisional':
    case 'ios-ephemeral':
      if (!provisional) dialog = true;
      break;
    case 'android-not-determined':
      dialog = true;
      break;
    default:
      break; // ios-denied, ios-authorized, android-granted, android-denied: the state back
  }
  if (!recording()) return before; // module loading or a stale run: not part of this path
  r.requests.push({ line: eventLine('request'), dialog, options: optionsText(options) });
  if (dialog) {
    const answer = choose(['allow', 'deny']);
    r.answers.push(answer);
    if (answer === 'allow') next = ios ? 'ios-authorized' : 'android-granted';
    else next = ios ? 'ios-denied' : 'android-denied';
  }
  r.device = next;
  return next;
}

function token(value, data) {
  const r = current;
  if (r) {
    r.tokens.add(value);
    if (data !== undefined) r.tokens.add(data);
  }
  if (recording() && r.token === null) r.token = eventLine('push-token call');
  return value;
}

function alert() {
  if (recording()) current.alerts.push(eventLine('alert'));
}

function schedule() {
  if (recording()) current.schedules.push(eventLine('scheduled notification'));
}

// The wrappers of transform.js. F: a call of a value; M: a method call OBJ[KEY](...ARGS); N: `new`.
// FLAGS: 1 the object may be nullish (`a?.b()`), 2 the callee may be nullish (`a.b?.()`).
function f(file, line, fn, args, flags) {
  if ((flags & 2) && fn == null) return undefined;
  if (typeof fn !== 'function') throw new TypeError(`${describeCallee(fn)} is not a function (line ${line})`);
  return als.run({ file, line, up: als.getStore() }, Reflect.apply, fn, undefined, args);
}

function m(file, line, obj, key, args, flags) {
  if ((flags & 1) && obj == null) return undefined;
  const fn = obj[key];
  if ((flags & 2) && fn == null) return undefined;
  if (typeof fn !== 'function') throw new TypeError(`${String(key)} is not a function (line ${line})`);
  return als.run({ file, line, up: als.getStore() }, Reflect.apply, fn, obj, args);
}

function n(file, line, ctor, args) {
  return als.run({ file, line, up: als.getStore() }, Reflect.construct, ctor, args);
}

function describeCallee(v) {
  return v === null ? 'null' : typeof v;
}

// Every return of a flow function, and its end: the exit line, when it is the flow's own invocation
// (the run's root store: a call of the flow from the project's code has a frame above the root).
function ret(key, line, value) {
  const r = current;
  if (r && key === r.flowKey && als.getStore() === r.root) r.exit = line;
  return value;
}

// Timers on a virtual clock, fired by settle() in order of due time, each in its caller's store.
function setTimeoutStandIn(cb, ms, ...args) {
  const r = current;
  if (!r) return real.setTimeout(cb, ms, ...args);
  const id = ++r.timerSeq;
  r.timers.push({ id, at: r.clock + Math.max(0, Number(ms) || 0), cb, args, store: als.getStore(), interval: null });
  return id;
}

function setIntervalStandIn(cb, ms, ...args) {
  const r = current;
  if (!r) return real.setInterval(cb, ms, ...args);
  const id = ++r.timerSeq;
  const every = Math.max(1, Number(ms) || 0);
  r.timers.push({ id, at: r.clock + every, cb, args, store: als.getStore(), interval: every, left: INTERVAL_FIRINGS });
  return id;
}

function clearTimerStandIn(id) {
  const r = current;
  if (!r || typeof id !== 'number') {
    if (id && typeof id === 'object') real.clearTimeout(id);
    return;
  }
  r.timers = r.timers.filter((t) => t.id !== id);
}

function fireNextTimer(r) {
  if (r.timers.length === 0 || r.timerFirings >= MAX_TIMER_FIRINGS) return false;
  let k = 0;
  for (let i = 1; i < r.timers.length; i++) {
    const a = r.timers[i];
    const b = r.timers[k];
    if (a.at < b.at || (a.at === b.at && a.id < b.id)) k = i;
  }
  const t = r.timers[k];
  r.timers.splice(k, 1);
  r.clock = t.at;
  r.timerFirings++;
  if (t.interval !== null && --t.left > 0) r.timers.push({ ...t, at: t.at + t.interval });
  try {
    if (typeof t.cb === 'function') als.run(t.store, Reflect.apply, t.cb, undefined, t.args);
  } catch (e) {
    // an exception in a timer callback is not the flow's result
  }
  return true;
}

function turn() {
  return new Promise((resolve) => real.setImmediate(resolve));
}

// Waits until nothing the run started is left: no pending microtask chain, no timer.
async function settle(r) {
  let idle = 0;
  while (idle < 3) {
    await turn();
    if (fireNextTimer(r)) idle = 0;
    else idle++;
  }
}

function begin(run) {
  current = run;
}

function end() {
  current = null;
}

function install() {
  globalThis.setTimeout = setTimeoutStandIn;
  globalThis.setInterval = setIntervalStandIn;
  globalThis.clearTimeout = clearTimerStandIn;
  globalThis.clearInterval = clearTimerStandIn;
  globalThis.requestAnimationFrame = (cb) => setTimeoutStandIn(cb, 16, 16);
  globalThis.cancelAnimationFrame = clearTimerStandIn;
  globalThis.alert = () => alert();
  globalThis.fetch = async () => ({
    ok: true,
    status: 200,
    json: async () => ({}),
    text: async () => '',
  });
  globalThis.__flowProof = api;
}

const api = {
  STATES,
  Run,
  als,
  begin,
  end,
  settle,
  install,
  current: () => current,
  store: () => als.getStore(),
  // for the transformed code
  f,
  m,
  n,
  ret,
  // for the stand-ins
  env,
  describeValue,
  platform,
  device,
  request,
  token,
  alert,
  schedule,
};

module.exports = api;
