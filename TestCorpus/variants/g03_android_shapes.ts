// EXPECT: nothing (all android-only / non-iOS)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function a() {
  const { status } = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'ios') {
    return status !== 'denied';
  } else {
    return status === 'granted';
  }
}
export async function b() {
  const { granted } = await Notifications.getPermissionsAsync();
  switch (Platform.OS) {
    case 'android':
      return granted;
    default:
      return false;
  }
}
export async function c() {
  const isIOS = Platform.OS === 'ios';
  if (!isIOS) {
    const { granted } = await Notifications.getPermissionsAsync();
    return granted;
  }
  return false;
}
export async function d() {
  if (Platform.OS !== 'ios') {
    const { granted } = await Notifications.getPermissionsAsync();
    return granted;
  }
}
