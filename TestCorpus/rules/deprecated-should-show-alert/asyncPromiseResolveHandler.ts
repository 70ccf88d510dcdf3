import * as Notifications from 'expo-notifications';

// An async arrow that still wraps its behavior in Promise.resolve (left over from a non-async version).
export function installForegroundHandler() {
  Notifications.setNotificationHandler({
    handleNotification: async () => Promise.resolve({ shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false }), // expect: deprecated-should-show-alert
  });
}

// The same, one property per line, with the notification as a parameter.
export function installChatHandler(isMuted: (chatId: unknown) => boolean) {
  Notifications.setNotificationHandler({
    handleNotification: async (notification) =>
      Promise.resolve({
        shouldShowAlert: !isMuted(notification.request.content.data.chatId), // expect: deprecated-should-show-alert
        shouldPlaySound: true,
        shouldSetBadge: true,
      }),
  });
}

// A returned Promise.resolve in a block body.
export function installQuietHandler() {
  Notifications.setNotificationHandler({
    async handleNotification() {
      return Promise.resolve({ shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false }); // expect: deprecated-should-show-alert
    },
  });
}

// Already migrated: not reported.
export function installMigratedHandler() {
  Notifications.setNotificationHandler({
    handleNotification: async () => Promise.resolve({ shouldShowBanner: true, shouldShowList: true, shouldPlaySound: false, shouldSetBadge: false }),
  });
}
