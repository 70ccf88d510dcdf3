// A same-file wrapper returns an object built from the status; the caller destructures it back.
import * as Notifications from 'expo-notifications';
import { PermissionStatus } from 'expo-notifications';

async function checkPermissions() {
  const { status } = await Notifications.getPermissionsAsync();
  return { status, canAsk: status !== 'denied' };
}

export async function register() {
  const { status } = await checkPermissions();
  if (status === PermissionStatus.GRANTED) { // expect: provisional-blind-check
    return true;
  }
  return false;
}
