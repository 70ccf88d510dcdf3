import * as Notifications from 'expo-notifications';
import { Alert, Linking } from 'react-native';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// A denied device is sent to Settings, not asked again.
export async function enableReminders() {
  const { canAskAgain } = await Notifications.getPermissionsAsync();
  if (canAskAgain === false) {
    Alert.alert('Notifications are off', 'Turn them on in Settings.', [
      { text: 'Not now', style: 'cancel' },
      { text: 'Open Settings', onPress: () => Linking.openSettings() },
    ]);
    return false;
  }
  await Notifications.requestPermissionsAsync(QUIET);
  return true;
}

// Thrown instead of returned.
export async function enableRemindersOrThrow() {
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.canAskAgain) throw new Error('notifications-denied');
  return Notifications.requestPermissionsAsync(QUIET);
}

// The test shows a hint but does not leave: the request still goes to every device.
export async function enableRemindersWithHint(showHint: (text: string) => void) {
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.canAskAgain) {
    showHint('You turned notifications off; you can turn them on in Settings.');
  }
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request
}
