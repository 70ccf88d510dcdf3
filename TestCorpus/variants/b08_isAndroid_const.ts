// EXPECT: nothing: android-only via const isAndroid = Platform.OS === 'android'
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

const isAndroid = Platform.OS === 'android';
export async function check() {
  if (isAndroid) {
    const { status } = await Notifications.getPermissionsAsync();
    return status === 'granted';
  }
  return null;
}
