// EXPECT: PBC on status; MAP on requestPermissionsAsync with ios options but no allowProvisional; SSA on shouldShowAlert
import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';

Notifications.setNotificationHandler({
  handleNotification: async () => ({
    shouldShowAlert: true, // expect: deprecated-should-show-alert
    shouldPlaySound: false,
    shouldSetBadge: false,
  }),
});

export async function registerForPushNotificationsAsync() {
  if (Constants.isDevice) {
    const { status: existingStatus } = await Notifications.getPermissionsAsync();
    let finalStatus = existingStatus;
    if (existingStatus !== 'granted') { // expect: provisional-blind-check
      const { status } = await Notifications.requestPermissionsAsync({ // expect: missing-allow-provisional, request-when-denied
        ios: { allowAlert: true, allowBadge: true, allowSound: true, allowAnnouncements: true }, // expect: removed-notification-api
      });
      finalStatus = status;
    }
    if (finalStatus !== 'granted') return; // expect: provisional-blind-check
    return (await Notifications.getExpoPushTokenAsync()).data; // expect: push-token-without-project-id
  }
}
