const { Linking } = require('react-native');
const {
  getPermissionsAsync,
  requestPermissionsAsync,
  getExpoPushTokenAsync,
} = require('expo-notifications');

const PROJECT_ID = '3f9c2a10-7d4e-4b8a-9c61-2e5f0d8a1b47';
const PUSH_OPTIONS = { ios: { allowAlert: true, allowSound: true } };

let pushEnabled = false;

function checkPushEnabled() {
  return getPermissionsAsync().then(({ status }) => status === 'granted'); // expect: provisional-blind-check
}

function refreshPushFlag() {
  return getPermissionsAsync().then((res) => {
    pushEnabled = res.granted; // expect: provisional-blind-check
    return pushEnabled;
  });
}

function askForPushToken() {
  return requestPermissionsAsync(PUSH_OPTIONS) // expect: missing-allow-provisional
    .then((res) => {
      if (!res.granted) { // expect: provisional-blind-check
        return null;
      }
      return getExpoPushTokenAsync({ projectId: PROJECT_ID });
    })
    .then((token) => (token ? token.data : null));
}

function openSettingsIfBlocked() {
  return getPermissionsAsync().then(({ status, canAskAgain }) => {
    if (status === 'denied' && !canAskAgain) {
      return Linking.openSettings();
    }
    return undefined;
  });
}

function logPermissionSnapshot() {
  getPermissionsAsync().then((res) => {
    console.log(`[push] status=${res.status} granted=${res.granted}`);
    console.log('[push] details', res.granted, res.ios);
  });
}

module.exports = {
  checkPushEnabled,
  refreshPushFlag,
  askForPushToken,
  openSettingsIfBlocked,
  logPermissionSnapshot,
};
