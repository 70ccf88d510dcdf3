import * as Notifications from 'expo-notifications';

// Thin facade so screens can be tested with a fake.
export const NotificationsApi = {
  getPermission: Notifications.getPermissionsAsync,
  cancelAll: Notifications.cancelAllScheduledNotificationsAsync,
};
