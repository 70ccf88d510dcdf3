import * as Notifications from 'expo-notifications';

export type NotificationState = 'enabled' | 'disabled';

// The same mapping; in this project its word is only shown in the settings screen: no finding.
export async function notificationState(): Promise<NotificationState> {
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted' ? 'enabled' : 'disabled';
}
