// Fix fixture: the value is a call, so only --fix-unsafe rewrites it (unsafeBehavior.fixed.ts).
import * as Notifications from 'expo-notifications';
import { isForeground } from './appState';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowBanner: true,
    shouldShowList: true,
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});

export const legacy: Notifications.NotificationBehavior = {
  shouldShowBanner: isForeground(), shouldShowList: isForeground(), // expect: deprecated-should-show-alert
  shouldPlaySound: false,
  shouldSetBadge: false,
};
