// EXPECT: PBC via function alias & namespace destructure
import * as Notifications from 'expo-notifications';
const { getPermissionsAsync, requestPermissionsAsync } = Notifications;
const getPermission = Notifications.getPermissionsAsync;

export async function a() {
  const { status } = await getPermission();
  return status === 'granted'; // expect: provisional-blind-check
}
export async function b() {
  const { granted } = await getPermissionsAsync();
  if (!granted) await requestPermissionsAsync(); // expect: provisional-blind-check, missing-allow-provisional, request-when-denied
}
