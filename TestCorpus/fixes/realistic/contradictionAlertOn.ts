// Exercises deprecated-should-show-alert when `shouldShowAlert: true` sits next to `shouldShowBanner: false` and `shouldShowList: false`.
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true, // ✅ show banner/alert // expect: deprecated-should-show-alert
    shouldShowBanner: false,
    shouldShowList: false,
    shouldPlaySound: true,
    shouldSetBadge: true,
  }),
});
