// EXPECT: PBC (promise stored then awaited)
import * as Notifications from 'expo-notifications';

export async function a() {
  const pending = Notifications.getPermissionsAsync();
  const res = await pending;
  return res.granted; // expect: provisional-blind-check
}
