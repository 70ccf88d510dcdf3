// EXPECT: PBC, removed-notification-api and missing-allow-provisional: the module handed to functions as a parameter,
// by its default (tests pass a mock) or by every call in the file.
export async function registerDevice(
  Notifications: typeof import('expo-notifications') = require('expo-notifications'),
): Promise<string | null> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') return null; // expect: provisional-blind-check
  const token = await Notifications.getDevicePushTokenAsync();
  return String(token.data);
}

async function ensurePermission(Notifications: typeof import('expo-notifications')): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.granted) return true; // expect: provisional-blind-check
  const answer = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
  return answer.status === 'granted'; // expect: provisional-blind-check
}

async function showReminder(Notifications: typeof import('expo-notifications'), body: string): Promise<void> {
  await Notifications.presentNotificationAsync({ title: 'Reminder', body }); // expect: removed-notification-api
}

export async function remindLater(body: string): Promise<void> {
  const Notifications = await import('expo-notifications');
  if (await ensurePermission(Notifications)) {
    await showReminder(Notifications, body);
  }
}

export async function remindNow(body: string): Promise<void> {
  const Notifications = require('expo-notifications');
  await showReminder(Notifications, body);
}
