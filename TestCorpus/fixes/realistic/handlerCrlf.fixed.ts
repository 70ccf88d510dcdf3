// Exercises deprecated-should-show-alert in a file with CRLF line endings (a multi-line handler object).
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => {
    return {
      shouldShowBanner: true,
      shouldShowList: true, // expect: deprecated-should-show-alert
      shouldPlaySound: false,
      shouldSetBadge: false,
    };
  },
});
