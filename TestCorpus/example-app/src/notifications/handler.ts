import * as Notifications from 'expo-notifications';

// Present notifications that arrive while the app is open.
// Imported once, for its side effect, from App.tsx.
Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true, // expect: deprecated-should-show-alert
    shouldPlaySound: true,
    shouldSetBadge: false,
  }),
});
