import * as Notifications from 'expo-notifications';

import { getMutedCategories } from './preferences';

// 1. The behavior is built in a variable, adjusted, then returned.
export function installCategoryAwareHandler() {
  Notifications.setNotificationHandler({
    handleNotification: async (notification) => {
      const category = notification.request.content.categoryIdentifier ?? 'general';
      const behavior = {
        shouldShowAlert: true, // expect: deprecated-should-show-alert
        shouldPlaySound: true,
        shouldSetBadge: false,
      };
      if ((await getMutedCategories()).includes(category)) {
        behavior.shouldPlaySound = false;
      }
      return behavior;
    },
  });
}

// 2. A named handler passed with the shorthand property.
const handleNotification = async () => ({
  shouldShowAlert: true, // expect: deprecated-should-show-alert
  shouldPlaySound: false,
  shouldSetBadge: false,
});

export function installQuietHandler() {
  Notifications.setNotificationHandler({ handleNotification });
}

// 3. A function declaration passed by name; it also has both new keys.
async function presentDuringCall(notification: Notifications.Notification) {
  const isCallInvite = notification.request.content.data?.type === 'call';
  return {
    shouldShowAlert: isCallInvite, // expect: deprecated-should-show-alert
    shouldShowBanner: isCallInvite,
    shouldShowList: true,
    shouldPlaySound: isCallInvite,
    shouldSetBadge: false,
  };
}

export function installInCallHandler() {
  Notifications.setNotificationHandler({ handleNotification: presentDuringCall });
}

// 4. Already migrated: nothing to report.
export function installMigratedHandler() {
  Notifications.setNotificationHandler({
    handleNotification: async () => ({
      shouldShowBanner: true,
      shouldShowList: true,
      shouldPlaySound: false,
      shouldSetBadge: false,
    }),
  });
}
