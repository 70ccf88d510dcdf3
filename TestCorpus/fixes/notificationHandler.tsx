// Fix fixture: `granted-lint --fix` turns this file into notificationHandler.fixed.tsx.
import * as Notifications from 'expo-notifications';

// granted-lint-disable-next-line provisional-blind-check -- nothing to silence here any more // expect: unused-suppression
Notifications.setNotificationHandler({
  handleNotification: async (notification) => {
    if (notification.request.content.data?.silent) {
      return { shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
    }
    return {
      shouldShowAlert: true, // expect: deprecated-should-show-alert
      shouldShowList: true,
      shouldPlaySound: true,
      shouldSetBadge: false,
    };
  },
});
