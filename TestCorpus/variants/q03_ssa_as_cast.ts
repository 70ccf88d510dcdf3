// EXPECT: SSA (object cast to NotificationBehavior inside handler & type-assertion angle style not in tsx)
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => {
    return { shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false } as Notifications.NotificationBehavior; // expect: deprecated-should-show-alert
  },
});
