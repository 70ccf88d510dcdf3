// Exercises deprecated-should-show-alert when `shouldShowAlert: true` sits next to `shouldShowBanner: false` and `shouldShowList: false`.
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowBanner: false,
    shouldShowList: false,
    shouldPlaySound: true,
    shouldSetBadge: true,
  }),
});
