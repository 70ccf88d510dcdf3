// EXPECT: SSA in separately declared function handler & conditional expression
import * as Notifications from 'expo-notifications';

async function handleNotification(n: Notifications.Notification) {
  return {
    shouldShowAlert: !n.request.content.data?.silent, // expect: deprecated-should-show-alert
    shouldPlaySound: true,
    shouldSetBadge: false,
  };
}
Notifications.setNotificationHandler({ handleNotification });
