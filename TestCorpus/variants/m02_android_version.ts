// EXPECT: nothing (android-only with version check)
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function ensureAndroid13() {
  if (Platform.OS === 'android' && Platform.Version >= 33) {
    const { status } = await Notifications.getPermissionsAsync();
    if (status !== 'granted') {
      await Notifications.requestPermissionsAsync(); // expect: request-when-denied
    }
  }
}
