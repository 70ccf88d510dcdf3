import * as Notifications from 'expo-notifications';

import { settings$ } from '../state/settings';

// Every write of `permissionStatus` in the project stores a root status.
export async function syncNotificationPermission(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  settings$.local.permissionStatus.set(status);
}

export async function askForNotifications(): Promise<void> {
  const response = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowBadge: true, allowSound: true, allowProvisional: false },
  });
  settings$.local.permissionStatus.set(response.status);
}
