// EXPECT (spec): PBC on s.granted since awareness is in a separate helper -- spec-literal; arguably FP in real world
import * as Notifications from 'expo-notifications';

function isProvisional(s: Notifications.NotificationPermissionsStatus) {
  return s.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}
export async function canNotify() {
  const s = await Notifications.getPermissionsAsync();
  return s.granted || isProvisional(s);
}
