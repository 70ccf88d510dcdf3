// Exercises deprecated-should-show-alert on a multi-line `return { … }` object, 2-space indentation, trailing commas.
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => {
    return {
      shouldShowAlert: true, // expect: deprecated-should-show-alert
      shouldPlaySound: false,
      shouldSetBadge: false,
    };
  },
});
