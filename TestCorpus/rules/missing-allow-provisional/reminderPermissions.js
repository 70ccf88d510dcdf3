const { Platform } = require('react-native');
const {
  AndroidImportance,
  IosAuthorizationStatus,
  getPermissionsAsync,
  requestPermissionsAsync,
  setNotificationChannelAsync,
} = require('expo-notifications');

// Android 13+: the channel has to exist before the prompt can show.
async function prepareAndroidReminders() {
  if (Platform.OS === 'ios') return;
  await setNotificationChannelAsync('reminders', {
    name: 'Reminders',
    importance: AndroidImportance.HIGH,
  });
  await requestPermissionsAsync();
}

// People on quiet delivery get the full prompt once they create their first reminder.
async function promoteQuietDelivery() {
  const settings = await getPermissionsAsync();
  if (settings.ios?.status === IosAuthorizationStatus.PROVISIONAL) {
    return requestPermissionsAsync({ ios: { allowAlert: true, allowBadge: true, allowSound: true } }); // expect: request-when-denied
  }
  return settings;
}

// Same idea with the raw UNAuthorizationStatus value (3 = provisional): quiet users
// who open the inbox tab are offered banners and sounds.
async function upgradeFromInbox() {
  const settings = await getPermissionsAsync();
  if (settings.ios?.status === 3) { // expect: numeric-authorization-status
    return requestPermissionsAsync(); // expect: request-when-denied
  }
  return settings;
}

async function askForReminderPermission() {
  const settings = await getPermissionsAsync();
  if (!settings.canAskAgain) {
    return settings;
  }
  return requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional
}

module.exports = {
  prepareAndroidReminders,
  promoteQuietDelivery,
  upgradeFromInbox,
  askForReminderPermission,
};
