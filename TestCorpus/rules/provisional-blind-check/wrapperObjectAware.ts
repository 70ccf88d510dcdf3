// The wrapper returns the status and the iOS status; the caller accepts provisional: no finding.
import * as Notifications from 'expo-notifications';

async function checkPermissions() {
  const { status, ios } = await Notifications.getPermissionsAsync();
  return { status, iosStatus: ios?.status };
}

export async function canNotify() {
  const { status, iosStatus } = await checkPermissions();
  return status === 'granted' || iosStatus === Notifications.IosAuthorizationStatus.PROVISIONAL;
}
