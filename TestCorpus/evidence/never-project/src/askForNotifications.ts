import * as Notifications from 'expo-notifications';

// This app always shows the full dialog, on purpose.
export async function askForNotifications(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (!current.canAskAgain) return false;
  const result = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  return result.granted; // expect: provisional-blind-check=warning
}
