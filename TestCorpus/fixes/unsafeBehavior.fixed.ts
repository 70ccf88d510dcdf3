// Fix fixture: a call as the value. Where a declaration can bind it once, --fix does (`legacy`; an
// arrow with an expression body becomes a block, see realistic/handlerCallExpressionBody.ts); in one
// branch of a conditional it cannot, as binding it first would run it for the other branch too, so
// only --fix-unsafe rewrites it, writing the call twice (unsafeBehavior.fixed.ts is the --fix-unsafe
// result).
import * as Notifications from 'expo-notifications';
import { isForeground } from './appState';

Notifications.setNotificationHandler({
  handleNotification: async (notification) =>
    notification.request.content.data.silent === true
      ? { shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false }
      : {
          shouldShowBanner: isForeground(),
          shouldShowList: isForeground(), // expect: deprecated-should-show-alert
          shouldPlaySound: false,
          shouldSetBadge: false,
        },
});

const showAlert = isForeground();
export const legacy: Notifications.NotificationBehavior = {
  shouldShowBanner: showAlert,
  shouldShowList: showAlert, // expect: deprecated-should-show-alert
  shouldPlaySound: false,
  shouldSetBadge: false,
};
