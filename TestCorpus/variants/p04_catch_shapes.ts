// EXPECT: PBC in each (catch variants)
import * as Notifications from 'expo-notifications';

export async function a() {
  const perms = await Notifications.getPermissionsAsync().catch(() => null);
  if (!perms?.granted) return; // expect: provisional-blind-check
}
export async function b() {
  const { status } = await Notifications.getPermissionsAsync().catch(() => ({ status: 'denied' as const }));
  return status === 'granted'; // expect: provisional-blind-check
}
export async function c() {
  const perms = await Notifications.getPermissionsAsync().finally(() => console.log('done'));
  return perms.granted; // expect: provisional-blind-check
}
