'use strict';
// Stand-in of redux-saga/effects: plain effect objects, which the harness's saga driver interprets
// (run.js). Each effect keeps the logical call stack of its creation, so that the function a `call`
// runs has the `yield call(...)` line as its caller.
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const IO = '@@redux-saga/IO';

function effect(type, payload) {
  const e = { [IO]: true, combinator: false, type, payload };
  Object.defineProperty(e, 'store', { value: rt.store(), enumerable: false });
  return e;
}

function callPayload(fnDescriptor, args) {
  if (Array.isArray(fnDescriptor)) return { context: fnDescriptor[0], fn: fnDescriptor[1], args };
  if (fnDescriptor && typeof fnDescriptor === 'object' && 'fn' in fnDescriptor) {
    return { context: fnDescriptor.context, fn: fnDescriptor.fn, args };
  }
  return { context: null, fn: fnDescriptor, args };
}

module.exports = withFallback('redux-saga/effects', {
  call: (fn, ...args) => effect('CALL', callPayload(fn, args)),
  apply: (context, fn, args = []) => effect('CALL', { context, fn, args }),
  cps: (fn, ...args) => effect('CPS', callPayload(fn, args)),
  fork: (fn, ...args) => effect('FORK', callPayload(fn, args)),
  spawn: (fn, ...args) => effect('FORK', callPayload(fn, args)),
  put: (action) => effect('PUT', { action }),
  putResolve: (action) => effect('PUT', { action }),
  select: (selector, ...args) => effect('SELECT', { selector, args }),
  take: (pattern) => effect('TAKE', { pattern }),
  takeMaybe: (pattern) => effect('TAKE', { pattern }),
  delay: (ms, value) => effect('DELAY', { ms, value }),
  all: (effects) => effect('ALL', effects),
  race: (effects) => effect('RACE', effects),
  cancel: (task) => effect('CANCEL', task),
  join: (task) => effect('JOIN', task),
  takeEvery: (pattern, worker, ...args) => effect('FORK', { context: null, fn: function* takeEvery() {}, args: [] }),
  takeLatest: (pattern, worker, ...args) => effect('FORK', { context: null, fn: function* takeLatest() {}, args: [] }),
  takeLeading: (pattern, worker, ...args) => effect('FORK', { context: null, fn: function* takeLeading() {}, args: [] }),
});
