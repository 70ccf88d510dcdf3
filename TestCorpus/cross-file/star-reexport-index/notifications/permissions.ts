import * as Notifications from 'expo-notifications';

export function getPermission(): Promise<Notifications.NotificationPermissionsStatus> {
  return Notifications.getPermissionsAsync();
}
