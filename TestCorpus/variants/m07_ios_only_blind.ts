// EXPECT: PBC (inside explicit iOS branch)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function check() {
  if (Platform.OS === 'ios') {
    const { granted } = await Notifications.getPermissionsAsync();
    if (!granted) return false; // expect: provisional-blind-check
  }
  return true;
}
