// Fix fixture: a call as the value. Where a declaration can bind it once, --fix does (`legacy`);
// in an arrow with an expression body it cannot, so only --fix-unsafe rewrites it, writing the call
// twice (unsafeBehavior.fixed.ts is the --fix-unsafe result).
import * as Notifications from 'expo-notifications';
import { isForeground } from './appState';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: isForeground(), // expect: deprecated-should-show-alert
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});

export const legacy: Notifications.NotificationBehavior = {
  shouldShowAlert: isForeground(), // expect: deprecated-should-show-alert
  shouldPlaySound: false,
  shouldSetBadge: false,
};
