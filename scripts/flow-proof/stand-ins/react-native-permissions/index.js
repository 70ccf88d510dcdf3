'use strict';
// Stand-in of react-native-permissions' notification functions, answering as the run's device state
// (docs/flows.md).
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const RESULTS = { DENIED: 'denied', BLOCKED: 'blocked', GRANTED: 'granted', LIMITED: 'limited', UNAVAILABLE: 'unavailable' };

const STATUS = {
  'ios-not-determined': 'denied',
  'ios-denied': 'blocked',
  'ios-authorized': 'granted',
  'ios-provisional': 'granted',
  'ios-ephemeral': 'limited',
  'android-not-determined': 'denied',
  'android-granted': 'granted',
  'android-denied': 'blocked',
};

function result(state) {
  const settings = {};
  if (state === 'ios-provisional') settings.provisional = true;
  return { status: STATUS[state], settings };
}

module.exports = withFallback('react-native-permissions', {
  RESULTS,
  checkNotifications: () => Promise.resolve(result(rt.device())),
  requestNotifications: (options) => {
    const provisional = Array.isArray(options) && options.includes('provisional');
    return Promise.resolve(result(rt.request(provisional, options)));
  },
  openSettings: () => Promise.resolve(),
});
