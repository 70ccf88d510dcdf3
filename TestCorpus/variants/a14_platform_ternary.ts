// EXPECT: no PBC (android-only ternary branch) ; PBC on the ios branch
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function enabled() {
  const s = await Notifications.getPermissionsAsync();
  return Platform.OS === 'android' ? s.granted : s.ios?.status === Notifications.IosAuthorizationStatus.AUTHORIZED;
}
export async function enabled2() {
  const s = await Notifications.getPermissionsAsync();
  return Platform.OS === 'ios' ? s.status === 'granted' : true; // expect: provisional-blind-check
}
