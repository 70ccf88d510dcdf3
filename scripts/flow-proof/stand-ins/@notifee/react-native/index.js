'use strict';
// Stand-in of @notifee/react-native, answering as the run's device state (docs/flows.md). Notifee
// has no ephemeral value: an ephemeral device reads as PROVISIONAL.
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const AuthorizationStatus = { NOT_DETERMINED: -1, DENIED: 0, AUTHORIZED: 1, PROVISIONAL: 2 };

const STATUS = {
  'ios-not-determined': -1,
  'ios-denied': 0,
  'ios-authorized': 1,
  'ios-provisional': 2,
  'ios-ephemeral': 2,
  'android-not-determined': -1,
  'android-granted': 1,
  'android-denied': 0,
};

function settings(state) {
  const s = { authorizationStatus: STATUS[state] };
  if (state.startsWith('ios')) s.ios = {};
  else s.android = {};
  return s;
}

const notifee = {
  getNotificationSettings: () => Promise.resolve(settings(rt.device())),
  requestPermission: (options) => {
    const provisional = !!(options && options.provisional === true);
    return Promise.resolve(settings(rt.request(provisional, options)));
  },
  createChannel: (channel) => Promise.resolve((channel && channel.id) || 'default'),
  displayNotification: () => Promise.resolve('stand-in-notification-id'),
  createTriggerNotification: () => Promise.resolve('stand-in-notification-id'),
  cancelNotification: () => Promise.resolve(),
  cancelAllNotifications: () => Promise.resolve(),
  onForegroundEvent: () => () => {},
  onBackgroundEvent() {},
  openNotificationSettings: () => Promise.resolve(),
  getInitialNotification: () => Promise.resolve(null),
  setBadgeCount: () => Promise.resolve(),
  getBadgeCount: () => Promise.resolve(0),
};

module.exports = withFallback('@notifee/react-native', {
  default: notifee,
  AuthorizationStatus,
  AndroidImportance: { DEFAULT: 3, HIGH: 4, LOW: 2, MIN: 1, NONE: 0 },
  EventType: { UNKNOWN: -1, DISMISSED: 0, PRESS: 1, ACTION_PRESS: 2, DELIVERED: 3 },
  TriggerType: { TIMESTAMP: 0, INTERVAL: 1 },
});
