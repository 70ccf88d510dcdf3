// Repair fixture (shape 3): `if (!granted)` on a destructured `granted`, and a `.then` callback
// storing it in a state setter.
import * as Notifications from 'expo-notifications';

export async function ensureNotificationsEnabled(): Promise<boolean> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) { // expect: provisional-blind-check
    const next = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    return next.granted; // expect: provisional-blind-check
  }
  return true;
}

export function refreshNotificationSwitch(setEnabled: (enabled: boolean) => void): Promise<void> {
  return Notifications.getPermissionsAsync().then(({ granted }) => setEnabled(granted)); // expect: provisional-blind-check
}
