import * as Notifications from 'expo-notifications';

export async function pushAllowed(): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check=warning
}
