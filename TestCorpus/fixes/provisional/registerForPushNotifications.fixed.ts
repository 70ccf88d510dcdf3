// Repair fixture (shape 1): Expo's copied registration snippet, namespace import. `--fix-unsafe`
// turns it into registerForPushNotifications.fixed.ts, where a provisional device skips the
// re-request and gets its token.
import * as Notifications from 'expo-notifications';

export async function registerForPushNotificationsAsync(projectId: string): Promise<string | undefined> {
  const { status: existingStatus, granted: existingGranted, ios: existingIos } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  let finalDeliverable = existingGranted || existingIos?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
  if (!finalDeliverable) { // expect: provisional-blind-check
    const { status, granted, ios } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
    finalDeliverable = granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL;
  }
  if (!finalDeliverable) { // expect: provisional-blind-check
    // Permission not granted: no token, no push notifications.
    return undefined;
  }
  const token = (await Notifications.getExpoPushTokenAsync({ projectId })).data;
  return token;
}
