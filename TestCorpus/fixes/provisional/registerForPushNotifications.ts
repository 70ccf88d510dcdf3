// Repair fixture (shape 1): Expo's copied registration snippet, namespace import. `--fix-unsafe`
// turns it into registerForPushNotifications.fixed.ts, where a provisional device skips the
// re-request and gets its token.
import * as Notifications from 'expo-notifications';

export async function registerForPushNotificationsAsync(projectId: string): Promise<string | undefined> {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    // Permission not granted: no token, no push notifications.
    return undefined;
  }
  const token = (await Notifications.getExpoPushTokenAsync({ projectId })).data;
  return token;
}
