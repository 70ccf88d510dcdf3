// Exercises deprecated-should-show-alert when `shouldShowAlert: false` sits next to `shouldShowBanner: true` and `shouldShowList: true`.
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: false, // expect: deprecated-should-show-alert
    shouldShowBanner: true,
    shouldShowList: true,
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});
