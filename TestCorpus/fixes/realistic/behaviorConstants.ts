// Exercises deprecated-should-show-alert in constants typed `Notifications.NotificationBehavior` / `NotificationBehavior`.
import * as Notifications from 'expo-notifications';
import type { NotificationBehavior } from 'expo-notifications';

export const FOREGROUND: Notifications.NotificationBehavior = { shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: false }; // expect: deprecated-should-show-alert

export const SILENT: NotificationBehavior = {
  shouldShowAlert: false, // expect: deprecated-should-show-alert
  shouldPlaySound: false,
  shouldSetBadge: false,
};

Notifications.setNotificationHandler({
  handleNotification: async (notification) => (notification.request.content.data.silent ? SILENT : FOREGROUND),
});
