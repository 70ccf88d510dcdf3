// EXPECT: PBC on each comparison form
import * as Notifications from 'expo-notifications';

export async function a() {
  const { status } = await Notifications.getPermissionsAsync();
  if ('granted' === status) return 1; // expect: provisional-blind-check
  if (status == "granted") return 2; // expect: provisional-blind-check
  if (status === Notifications.PermissionStatus.UNDETERMINED) return 3; // expect: provisional-blind-check
  if (status !== `granted`) return 4; // expect: provisional-blind-check
  return 0;
}
