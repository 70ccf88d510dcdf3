// EXPECT: PBC on all
import * as Notifications from 'expo-notifications';

export async function a() {
  const perms = await Notifications.getPermissionsAsync();
  const { status } = perms;
  return status === 'granted'; // expect: provisional-blind-check
}
export async function b() {
  return (await Notifications.getPermissionsAsync()).granted === true; // expect: provisional-blind-check
}
export async function c() {
  const { granted } = await Notifications.getPermissionsAsync();
  return Boolean(granted); // expect: provisional-blind-check
}
export async function d() {
  const perm = await Notifications.getPermissionsAsync();
  return perm?.granted ?? false; // expect: provisional-blind-check
}
