const Notifications = require('expo-notifications');
const messaging = require('@react-native-firebase/messaging').default;
const notifee = require('@notifee/react-native').default;

const { remoteConfig } = require('./remoteConfig');

// Promotions arrive quietly; whether they carry a badge is decided remotely.
async function optInToPromotions() {
  const wantsBadge = remoteConfig.getBoolean('promo_badge');
  return Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: {
      allowAlert: true,
      allowBadge: wantsBadge, // expect: badge-in-provisional-request
      allowProvisional: true,
    },
  });
}

// Firebase and Notifee take their own option names; neither is expo's request.
async function optInWithFirebase() {
  return messaging().requestPermission({ alert: true, badge: true, provisional: true });
}

async function optInWithNotifee() {
  return notifee.requestPermission({ alert: true, badge: true, provisional: true });
}

// An options object for our own settings store, never passed to expo.
const defaultPromoPreferences = { allowProvisional: true, allowBadge: true, frequency: 'weekly' };

module.exports = { optInToPromotions, optInWithFirebase, optInWithNotifee, defaultPromoPreferences };
