// EXPECT: PBC on status comparison after local helper returns response
import * as Notifications from 'expo-notifications';

async function readPermission() {
  return Notifications.getPermissionsAsync();
}
export async function canNotify() {
  const { status } = await readPermission();
  return status === 'granted'; // expect: provisional-blind-check
}
