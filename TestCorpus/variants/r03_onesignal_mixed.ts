// EXPECT: nothing: onesignal `granted` (boolean aware)
import * as Notifications from 'expo-notifications';
import { OneSignal } from 'react-native-onesignal';

export async function a() {
  const granted = await OneSignal.Notifications.requestPermission(true);
  if (!granted) return false;
  await Notifications.setBadgeCountAsync(0);
  return true;
}
