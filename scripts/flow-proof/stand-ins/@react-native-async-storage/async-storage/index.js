'use strict';
// Stand-in of AsyncStorage: getItem(key) is device-independent, taken from the run's environment
// ("AsyncStorage:<key>", default [null]); writes do nothing.
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

function read(key) {
  return rt.env(`AsyncStorage:${key}`, [null], (v) => `AsyncStorage.getItem('${key}') is ${rt.describeValue(v)}`);
}

const AsyncStorage = {
  getItem: (key) => Promise.resolve(read(key)),
  setItem: () => Promise.resolve(),
  removeItem: () => Promise.resolve(),
  mergeItem: () => Promise.resolve(),
  clear: () => Promise.resolve(),
  getAllKeys: () => Promise.resolve([]),
  multiGet: (keys) => Promise.resolve(keys.map((key) => [key, read(key)])),
  multiSet: () => Promise.resolve(),
  multiRemove: () => Promise.resolve(),
};

module.exports = withFallback('@react-native-async-storage/async-storage', {
  default: AsyncStorage,
  useAsyncStorage: (key) => ({
    getItem: () => AsyncStorage.getItem(key),
    setItem: () => Promise.resolve(),
    removeItem: () => Promise.resolve(),
  }),
});
