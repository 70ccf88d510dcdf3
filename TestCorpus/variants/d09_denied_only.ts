// EXPECT: nothing (denied checks only, or status !== 'denied')
import * as Notifications from 'expo-notifications';

export async function blocked() {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'denied') return false;
  return status === Notifications.PermissionStatus.DENIED;
}
