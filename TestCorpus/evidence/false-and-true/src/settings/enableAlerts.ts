import * as Notifications from 'expo-notifications';

// The settings screen asks for full alerts.
export async function enableAlerts(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (!current.canAskAgain) return false;
  const { status } = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  return status === 'granted'; // expect: provisional-blind-check=error
}
