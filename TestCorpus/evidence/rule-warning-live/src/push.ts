import * as Notifications from 'expo-notifications';

export async function askQuietly() {
  return Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // evidence-site // expect: unguarded-provisional-request
}

export async function pushAllowed(): Promise<boolean> {
  const { granted } = await Notifications.getPermissionsAsync();
  return granted; // expect: provisional-blind-check=warning
}
