// The response is spread into a new object: its `status` is still the root status.
import * as Notifications from 'expo-notifications';

async function readPermissions() {
  const response = await Notifications.getPermissionsAsync();
  return { ...response, checkedAt: Date.now() };
}

export async function canNotify() {
  const result = await readPermissions();
  return result.status === 'granted'; // expect: provisional-blind-check
}

export async function grantedFlag() {
  const { granted } = await readPermissions();
  if (!granted) return false; // expect: provisional-blind-check
  return true;
}
