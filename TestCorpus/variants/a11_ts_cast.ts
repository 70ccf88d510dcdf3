// EXPECT: PBC on (perm as NotificationPermissionsStatus).status === 'granted', PBC on perm!.granted
import * as Notifications from 'expo-notifications';
import type { NotificationPermissionsStatus } from 'expo-notifications';

let cached: NotificationPermissionsStatus | undefined;
export async function check() {
  const perm = (await Notifications.getPermissionsAsync()) as NotificationPermissionsStatus;
  if ((perm as NotificationPermissionsStatus).status === 'granted') return true; // expect: provisional-blind-check
  cached = perm;
  return perm!.granted; // expect: provisional-blind-check
}
