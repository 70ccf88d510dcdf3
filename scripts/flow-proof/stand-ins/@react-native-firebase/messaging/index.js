'use strict';
// Stand-in of @react-native-firebase/messaging (namespaced and modular API), answering as the run's
// device state (docs/flows.md).
const rt = globalThis.__flowProof;
const { withFallback } = require('__flow-proof-any');

const AuthorizationStatus = { NOT_DETERMINED: -1, DENIED: 0, AUTHORIZED: 1, PROVISIONAL: 2, EPHEMERAL: 3 };

const STATUS = {
  'ios-not-determined': -1,
  'ios-denied': 0,
  'ios-authorized': 1,
  'ios-provisional': 2,
  'ios-ephemeral': 3,
  'android-not-determined': -1,
  'android-granted': 1,
  'android-denied': 0,
};

const unsubscribe = () => () => {};

const instance = {
  hasPermission: () => Promise.resolve(STATUS[rt.device()]),
  requestPermission: (options) => {
    const provisional = !!(options && options.provisional === true);
    return Promise.resolve(STATUS[rt.request(provisional, options)]);
  },
  getToken: () => Promise.resolve(rt.token('stand-in-fcm-token')),
  getAPNSToken: () => Promise.resolve('stand-in-apns-token'),
  deleteToken: () => Promise.resolve(),
  registerDeviceForRemoteMessages: () => Promise.resolve(),
  unregisterDeviceForRemoteMessages: () => Promise.resolve(),
  isDeviceRegisteredForRemoteMessages: true,
  isAutoInitEnabled: true,
  setAutoInitEnabled: () => Promise.resolve(),
  onMessage: unsubscribe,
  onNotificationOpenedApp: unsubscribe,
  onTokenRefresh: unsubscribe,
  setBackgroundMessageHandler() {},
  getInitialNotification: () => Promise.resolve(null),
  subscribeToTopic: () => Promise.resolve(),
  unsubscribeFromTopic: () => Promise.resolve(),
};

function messaging() {
  return instance;
}
messaging.AuthorizationStatus = AuthorizationStatus;

module.exports = withFallback('@react-native-firebase/messaging', {
  default: messaging,
  AuthorizationStatus,
  getMessaging: () => instance,
  hasPermission: (m) => (m || instance).hasPermission(),
  requestPermission: (m, options) => (m || instance).requestPermission(options),
  getToken: (m, options) => (m || instance).getToken(options),
  getAPNSToken: (m) => (m || instance).getAPNSToken(),
  deleteToken: (m) => (m || instance).deleteToken(),
  registerDeviceForRemoteMessages: (m) => (m || instance).registerDeviceForRemoteMessages(),
  isDeviceRegisteredForRemoteMessages: (m) => (m || instance).isDeviceRegisteredForRemoteMessages,
  onMessage: unsubscribe,
  onNotificationOpenedApp: unsubscribe,
  onTokenRefresh: unsubscribe,
  setBackgroundMessageHandler() {},
  getInitialNotification: () => Promise.resolve(null),
  subscribeToTopic: () => Promise.resolve(),
  unsubscribeFromTopic: () => Promise.resolve(),
});
