import * as Notifications from 'expo-notifications';

export async function pushAllowed(): Promise<boolean> {
  const { granted } = await Notifications.getPermissionsAsync();
  return granted; // expect: provisional-blind-check=note
}
