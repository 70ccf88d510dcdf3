// EXPECT: PBC on PermissionStatus.GRANTED imported from expo-notifications, and from expo-modules-core
import * as Notifications from 'expo-notifications';
import { PermissionStatus } from 'expo-modules-core';

export async function isOn() {
  const { status } = await Notifications.getPermissionsAsync();
  return status === PermissionStatus.GRANTED; // expect: provisional-blind-check
}
export async function isOn2() {
  const { status } = await Notifications.getPermissionsAsync();
  return status === Notifications.PermissionStatus.GRANTED; // expect: provisional-blind-check
}
