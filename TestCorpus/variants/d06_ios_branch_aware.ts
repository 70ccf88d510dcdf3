// EXPECT: nothing
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function enabled() {
  const settings = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'ios') {
    return settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || settings.granted;
  }
  return settings.granted;
}
