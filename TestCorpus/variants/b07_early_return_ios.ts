// EXPECT: nothing for android-only after ios early return in different shape
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function androidCheck() {
  if (Platform.OS !== 'android') return false;
  const { granted } = await Notifications.getPermissionsAsync();
  return granted;
}
export async function androidCheck2() {
  if (Platform.OS === 'ios') {
    return true;
  }
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted';
}
