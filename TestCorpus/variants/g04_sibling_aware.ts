// EXPECT: PBC only in blind()
import * as Notifications from 'expo-notifications';

export async function aware() {
  const s = await Notifications.getPermissionsAsync();
  return s.granted || s.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}
export async function blind() {
  const s = await Notifications.getPermissionsAsync();
  return s.granted; // expect: provisional-blind-check
}
