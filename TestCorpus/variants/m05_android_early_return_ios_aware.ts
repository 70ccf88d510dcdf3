// EXPECT: nothing: iOS branch aware & returns; remainder android-only
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function check() {
  const settings = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'ios') {
    return settings.ios?.status === Notifications.IosAuthorizationStatus.AUTHORIZED ||
      settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
  }
  return settings.status === 'granted';
}
