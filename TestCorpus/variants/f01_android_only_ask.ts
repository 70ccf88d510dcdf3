// EXPECT: no MAP in android-only shapes; MAP on last (web early return is not android-only)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function a() {
  if (Platform.OS === 'android') {
    await Notifications.requestPermissionsAsync();
  }
}
export async function b() {
  Platform.OS === 'android' && (await Notifications.requestPermissionsAsync());
}
export const c = () => (Platform.OS === 'ios'
  ? Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } }) // expect: unguarded-provisional-request
  : Notifications.requestPermissionsAsync());
export async function d() {
  if (Platform.OS === 'web') return;
  await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
}
