import * as Notifications from 'expo-notifications';

// The provisional request lives in a native module this linter never reads; the configuration says so.
export async function pushAllowed(): Promise<boolean> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check=error
}
