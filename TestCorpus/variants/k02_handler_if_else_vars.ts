// EXPECT: SSA on both consts returned from the handler via if/else
import * as Notifications from 'expo-notifications';

const QUIET = { shouldShowAlert: false, shouldPlaySound: false, shouldSetBadge: false }; // expect: deprecated-should-show-alert
const LOUD = { shouldShowAlert: true, shouldPlaySound: true, shouldSetBadge: true }; // expect: deprecated-should-show-alert
Notifications.setNotificationHandler({
  handleNotification: async (n) => {
    if (n.request.content.data?.silent) return QUIET;
    return LOUD;
  },
});
