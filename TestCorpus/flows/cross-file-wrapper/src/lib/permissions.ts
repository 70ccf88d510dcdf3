import * as Notifications from 'expo-notifications';

export type NotificationStatus = 'granted' | 'denied' | 'undetermined';

/** The app-wide notification status; screens import this instead of expo-notifications. */
export async function getNotificationStatus(): Promise<NotificationStatus> {
  const { status } = await Notifications.getPermissionsAsync();
  return status;
}

/** Shows the system prompt (banners, badges, sounds) and returns the new status. */
export async function askForPermission(): Promise<NotificationStatus> {
  const { status } = await Notifications.requestPermissionsAsync({ // expect: missing-allow-provisional
    ios: { allowAlert: true, allowBadge: true, allowSound: true },
  });
  return status;
}
