'use strict';
// Stand-in of a module the flow proof does not model: every property is another such value, a call
// resolves to undefined. Also withFallback(), which gives a modelled module the same behaviour for
// the names it does not define.

const QUIET = new Set(['then', 'toJSON', 'constructor', 'prototype', '$$typeof', 'inspect', 'valueOf', 'toString', 'nodeType']);

function anything(name) {
  const target = function standIn() {
    return Promise.resolve(undefined);
  };
  return new Proxy(target, {
    get(t, key) {
      if (typeof key === 'symbol' || QUIET.has(key)) return t[key];
      if (key === '__esModule') return true;
      if (key === 'name') return name;
      return anything(`${name}.${key}`);
    },
    construct() {
      return anything(`new ${name}`);
    },
  });
}

function withFallback(name, api) {
  api.__esModule = true;
  const proxy = new Proxy(api, {
    get(t, key) {
      if (key in t || typeof key === 'symbol' || QUIET.has(key)) return t[key];
      return anything(`${name}.${key}`);
    },
  });
  if (!('default' in api)) api.default = proxy;
  return proxy;
}

module.exports = { anything, withFallback };
