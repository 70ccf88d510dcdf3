// EXPECT: nothing (aware via alias const S)
import * as Notifications from 'expo-notifications';
const S = Notifications.IosAuthorizationStatus;

export async function ok() {
  const p = await Notifications.getPermissionsAsync();
  return p.granted || p.ios?.status === S.PROVISIONAL || p.ios?.status === S.EPHEMERAL;
}
