// EXPECT: PBC on const ok = status === GRANTED where PermissionStatus destructured from namespace
import * as Notifications from 'expo-notifications';
const { PermissionStatus } = Notifications;

export async function ok() {
  const { status } = await Notifications.getPermissionsAsync();
  const ok = status === PermissionStatus.GRANTED; // expect: provisional-blind-check
  return ok;
}
