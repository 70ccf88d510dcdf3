// Fix fixture: `granted-lint --fix` turns this file into notificationHandler.fixed.tsx.
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async (notification) => {
    if (notification.request.content.data?.silent) {
      return { shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
    }
    return {
      shouldShowBanner: true, // expect: deprecated-should-show-alert
      shouldShowList: true,
      shouldPlaySound: true,
      shouldSetBadge: false,
    };
  },
});
