import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// Android has no provisional state: the shared options object is harmless there.
export async function askOnAndroid() {
  if (Platform.OS === 'android') {
    await Notifications.requestPermissionsAsync(QUIET);
  }
}

export async function askOnAndroidAfterEarlyReturn() {
  if (Platform.OS === 'ios') return null;
  return Notifications.requestPermissionsAsync(QUIET);
}

export const askPerPlatform = () =>
  Platform.select({
    android: () => Notifications.requestPermissionsAsync(QUIET),
    default: () => Promise.resolve(null),
  })?.();

// The iOS branch is where it matters.
export async function askOnIos() {
  if (Platform.OS === 'ios') {
    return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request
  }
  return null;
}

// A platform test is not a permission test.
export async function askOnIosAfterEarlyReturn() {
  if (Platform.OS !== 'ios') return null;
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request
}
