// EXPECT: SSA; handler delegates to local function call
import * as Notifications from 'expo-notifications';

function buildBehavior(active: boolean) {
  return { shouldShowAlert: !active, shouldPlaySound: !active, shouldSetBadge: false }; // expect: deprecated-should-show-alert
}
Notifications.setNotificationHandler({
  handleNotification: async () => buildBehavior(true),
});
