import * as Notifications from 'expo-notifications';

// Later, from the settings screen: the full dialog, shown to provisional devices too.
export async function upgradeToAlerts() {
  const current = await Notifications.getPermissionsAsync();
  if (!current.canAskAgain) return current;
  return Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true } }); // expect: missing-allow-provisional=warning
}
