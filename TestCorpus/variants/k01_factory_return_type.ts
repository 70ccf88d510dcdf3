// EXPECT: SSA in factory with return type NotificationBehavior; SSA in object with spread
import * as Notifications from 'expo-notifications';

const behavior = (show: boolean): Notifications.NotificationBehavior => ({
  shouldShowAlert: show, // expect: deprecated-should-show-alert
  shouldPlaySound: show,
  shouldSetBadge: false,
});
const defaults = { shouldPlaySound: false, shouldSetBadge: false };
Notifications.setNotificationHandler({
  handleNotification: async () => ({ ...defaults, shouldShowAlert: true }), // expect: deprecated-should-show-alert
});
export { behavior };
