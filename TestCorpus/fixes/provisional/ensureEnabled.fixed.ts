// Repair fixture (shape 3): `if (!granted)` on a destructured `granted`, and a `.then` callback
// storing it in a state setter.
import * as Notifications from 'expo-notifications';

export async function ensureNotificationsEnabled(): Promise<boolean> {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  if (!(granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL)) { // expect: provisional-blind-check
    const next = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    return next.granted || next.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || next.ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL; // expect: provisional-blind-check
  }
  return true;
}

export function refreshNotificationSwitch(setEnabled: (enabled: boolean) => void): Promise<void> {
  return Notifications.getPermissionsAsync().then(({ granted, ios }) => setEnabled(granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL)); // expect: provisional-blind-check
}
