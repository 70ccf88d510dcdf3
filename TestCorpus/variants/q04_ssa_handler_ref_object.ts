// EXPECT: SSA, handler object declared as const and passed by reference
import * as Notifications from 'expo-notifications';

const notificationHandler: Notifications.NotificationHandler = {
  handleNotification: async () => ({ shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: true }), // expect: deprecated-should-show-alert
};
Notifications.setNotificationHandler(notificationHandler);
