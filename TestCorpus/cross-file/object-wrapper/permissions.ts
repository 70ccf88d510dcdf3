// The project's permission module returns objects built from the status.
import * as Notifications from 'expo-notifications';

export async function checkPermissions() {
  const { status, canAskAgain } = await Notifications.getPermissionsAsync();
  return { status, canAsk: canAskAgain };
}

export async function readSettings() {
  const response = await Notifications.getPermissionsAsync();
  return { ...response, checkedAt: Date.now() };
}
