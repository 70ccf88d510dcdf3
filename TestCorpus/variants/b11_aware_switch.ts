// EXPECT: nothing (switch on ios.status with PROVISIONAL)
import * as Notifications from 'expo-notifications';
const { IosAuthorizationStatus } = Notifications;

export async function canNotify() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.granted) return true;
  switch (settings.ios?.status) {
    case IosAuthorizationStatus.PROVISIONAL:
    case IosAuthorizationStatus.EPHEMERAL:
      return true;
    default:
      return false;
  }
}
