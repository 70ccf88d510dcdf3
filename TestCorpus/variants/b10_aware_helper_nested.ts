// EXPECT: nothing (provisional-aware)
import * as Notifications from 'expo-notifications';

export async function canNotify() {
  const settings = await Notifications.getPermissionsAsync();
  return (
    settings.granted ||
    settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL ||
    settings.ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL
  );
}
export async function canNotify2() {
  const { status, ios } = await Notifications.getPermissionsAsync();
  if (status === 'granted' || ios?.status === 3) return true; // expect: numeric-authorization-status
  return false;
}
