// Exercises deprecated-should-show-alert with a call as the value inside an expression-bodied arrow `async (n) => ({ … })`.
import * as Notifications from 'expo-notifications';

const QUIET_HOURS = { start: 22, end: 7 };

function shouldAlert(n: Notifications.Notification): boolean {
  if (n.request.content.data.urgent === true) return true;
  const hour = new Date(n.date).getHours();
  return hour < QUIET_HOURS.start && hour >= QUIET_HOURS.end;
}

Notifications.setNotificationHandler({
  handleNotification: async (n) => {
    const showAlert = shouldAlert(n);
    return { shouldShowBanner: showAlert, shouldShowList: showAlert, shouldPlaySound: false, shouldSetBadge: false };
  }, // expect: deprecated-should-show-alert
});
