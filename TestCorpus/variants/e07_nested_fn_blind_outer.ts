// EXPECT: PBC on outer status check (inner function aware doesn't make outer aware)
import * as Notifications from 'expo-notifications';

export async function register() {
  const isQuiet = (s: Notifications.NotificationPermissionsStatus) =>
    s.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
  const s = await Notifications.getPermissionsAsync();
  if (s.status !== 'granted') return null; // expect: provisional-blind-check
  return isQuiet(s);
}
