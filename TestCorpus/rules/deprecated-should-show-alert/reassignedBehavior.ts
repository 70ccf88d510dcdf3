import * as Notifications from 'expo-notifications';

import { isQuietHours } from './quietHours';

// Either object may be the behavior the handler returns; the one with `shouldShowAlert` is
// reported where it is written.
Notifications.setNotificationHandler({
  handleNotification: async () => {
    let behavior: Notifications.NotificationBehavior = {
      shouldShowBanner: true,
      shouldShowList: true,
      shouldPlaySound: true,
      shouldSetBadge: false,
    };
    if (isQuietHours(new Date())) {
      behavior = {
        shouldShowAlert: false, // expect: deprecated-should-show-alert
        shouldShowBanner: false,
        shouldShowList: true,
        shouldPlaySound: false,
        shouldSetBadge: false,
      };
    }
    return behavior;
  },
});
