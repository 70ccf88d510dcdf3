// EXPECT: nothing (deny-list aware)
import * as Notifications from 'expo-notifications';
const { IosAuthorizationStatus: S } = Notifications;

export async function a() {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  if (granted) return true;
  return ios != null && ios.status !== S.DENIED && ios.status !== S.NOT_DETERMINED;
}
