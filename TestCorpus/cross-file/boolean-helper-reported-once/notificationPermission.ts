import * as Notifications from 'expo-notifications';

export async function hasNotificationPermission(): Promise<boolean> {
  return (await Notifications.getPermissionsAsync()).granted; // expect: provisional-blind-check
}
