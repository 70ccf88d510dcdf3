// EXPECT: no MAP on local wrapper call (line 8); PBC on line 9
import * as Notifications from 'expo-notifications';

export async function requestPermissionsAsync() {
  return Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } }); // expect: unguarded-provisional-request
}
export async function enable() {
  const { status } = await requestPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}
