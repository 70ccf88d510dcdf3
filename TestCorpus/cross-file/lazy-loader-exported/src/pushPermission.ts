// Reaches the notifications module only through the loader: no import of it here.
import { getNotifications } from '../lib/notifications';

export async function ensurePushPermission(): Promise<boolean> {
  const Notifications = getNotifications();
  if (!Notifications) return false;
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }
  return finalStatus === 'granted'; // expect: provisional-blind-check
}
