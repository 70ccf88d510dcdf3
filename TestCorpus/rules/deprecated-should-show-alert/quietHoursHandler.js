const Notifications = require('expo-notifications');

const QUIET_START_HOUR = 22;
const QUIET_END_HOUR = 7;

function isQuietHours(date = new Date()) {
  const hour = date.getHours();
  return hour >= QUIET_START_HOUR || hour < QUIET_END_HOUR;
}

// Used when the user has turned on "Respect quiet hours" in the app settings.
function installQuietHoursHandler() {
  Notifications.setNotificationHandler({
    async handleNotification(notification) {
      const urgent = notification.request.content.data?.urgent === true;
      if (isQuietHours() && !urgent) {
        return {
          shouldShowAlert: false, // expect: deprecated-should-show-alert
          shouldPlaySound: false,
          shouldSetBadge: true,
        };
      }
      return {
        shouldShowAlert: true, // expect: deprecated-should-show-alert
        shouldPlaySound: !isQuietHours(),
        shouldSetBadge: true,
      };
    },
    handleError(notificationId, error) {
      console.warn(`Could not present ${notificationId}`, error);
    },
  });
}

function installDefaultHandler() {
  Notifications.setNotificationHandler({
    handleNotification: () =>
      Promise.resolve({
        shouldShowAlert: true, // expect: deprecated-should-show-alert
        shouldPlaySound: true,
        shouldSetBadge: false,
      }),
  });
}

module.exports = { installQuietHoursHandler, installDefaultHandler, isQuietHours };
