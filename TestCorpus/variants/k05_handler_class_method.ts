// EXPECT: SSA; handler is a class method
import * as Notifications from 'expo-notifications';

class NotificationManager {
  init() {
    Notifications.setNotificationHandler({
      handleNotification: this.handle,
    });
  }
  handle = async () => ({ shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: false }); // expect: deprecated-should-show-alert
}
export default new NotificationManager();
