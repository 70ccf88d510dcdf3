'use strict';
// Stand-in of expo-notifications, answering as the run's device state (docs/flows.md).
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const PermissionStatus = { GRANTED: 'granted', UNDETERMINED: 'undetermined', DENIED: 'denied' };
const IosAuthorizationStatus = { NOT_DETERMINED: 0, DENIED: 1, AUTHORIZED: 2, PROVISIONAL: 3, EPHEMERAL: 4 };
const AndroidImportance = { NONE: 0, MIN: 1, LOW: 2, DEFAULT: 3, HIGH: 4, MAX: 5 };

// state: [status, granted, canAskAgain, ios.status]
const ROWS = {
  'ios-not-determined': ['undetermined', false, true, 0],
  'ios-denied': ['denied', false, false, 1],
  'ios-authorized': ['granted', true, true, 2],
  'ios-provisional': ['undetermined', false, true, 3],
  'ios-ephemeral': ['undetermined', false, true, 4],
  'android-not-determined': ['undetermined', false, true, null],
  'android-granted': ['granted', true, true, null],
  'android-denied': ['denied', false, false, null],
};

function response(state) {
  const [status, granted, canAskAgain, iosStatus] = ROWS[state];
  const r = { status, granted, canAskAgain, expires: 'never' };
  if (iosStatus === null) r.android = { importance: 3 };
  else r.ios = { status: iosStatus };
  return r;
}

function getPermissionsAsync() {
  return Promise.resolve(response(rt.device()));
}

function requestPermissionsAsync(options) {
  const provisional = !!(options && options.ios && options.ios.allowProvisional === true);
  return Promise.resolve(response(rt.request(provisional, options)));
}

function usePermissions(options) {
  let requestOptions;
  if (options && typeof options === 'object') {
    const { get, request, ...rest } = options;
    if (Object.keys(rest).length > 0) requestOptions = rest;
  }
  const request = () => requestPermissionsAsync(requestOptions);
  return [response(rt.device()), request, getPermissionsAsync];
}

function getExpoPushTokenAsync() {
  const data = 'ExponentPushToken[stand-in]';
  return Promise.resolve(rt.token({ type: 'expo', data }, data));
}

function getDevicePushTokenAsync() {
  const data = 'stand-in-device-push-token';
  return Promise.resolve(rt.token({ type: rt.platform(), data }, data));
}

function scheduleNotificationAsync() {
  rt.schedule();
  return Promise.resolve('stand-in-notification-id');
}

const subscription = () => ({ remove() {} });

module.exports = withFallback('expo-notifications', {
  PermissionStatus,
  IosAuthorizationStatus,
  AndroidImportance,
  AndroidNotificationPriority: { MIN: 'min', LOW: 'low', DEFAULT: 'default', HIGH: 'high', MAX: 'max' },
  SchedulableTriggerInputTypes: {
    CALENDAR: 'calendar', DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly', DATE: 'date', TIME_INTERVAL: 'timeInterval',
  },
  getPermissionsAsync,
  requestPermissionsAsync,
  usePermissions,
  getExpoPushTokenAsync,
  getDevicePushTokenAsync,
  scheduleNotificationAsync,
  setNotificationChannelAsync: () => Promise.resolve(null),
  deleteNotificationChannelAsync: () => Promise.resolve(),
  getNotificationChannelsAsync: () => Promise.resolve([]),
  setNotificationHandler() {},
  setNotificationCategoryAsync: () => Promise.resolve(null),
  addNotificationReceivedListener: subscription,
  addNotificationResponseReceivedListener: subscription,
  addPushTokenListener: subscription,
  removeNotificationSubscription() {},
  getLastNotificationResponseAsync: () => Promise.resolve(null),
  useLastNotificationResponse: () => null,
  getAllScheduledNotificationsAsync: () => Promise.resolve([]),
  cancelScheduledNotificationAsync: () => Promise.resolve(),
  cancelAllScheduledNotificationsAsync: () => Promise.resolve(),
  dismissAllNotificationsAsync: () => Promise.resolve(),
  getBadgeCountAsync: () => Promise.resolve(0),
  setBadgeCountAsync: () => Promise.resolve(true),
});
