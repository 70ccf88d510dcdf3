// Reporting fixture: a finding with a safe fix, on a line with emoji and accented text.
import * as Notifications from 'expo-notifications';

Notifications.setNotificationHandler({
  handleNotification: async () => ({ /* 🔔 réveil */ shouldShowAlert: true, shouldPlaySound: false, shouldSetBadge: false }), // expect: deprecated-should-show-alert
});
