// EXPECT: MAP inside wrapper (no options); no MAP at call sites of the wrapper
import * as Notifications from 'expo-notifications';

export function askNotifications() {
  return Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
}
export async function onboard() {
  const res = await askNotifications();
  if (res.status === 'granted') return true; // expect: provisional-blind-check
  return false;
}
