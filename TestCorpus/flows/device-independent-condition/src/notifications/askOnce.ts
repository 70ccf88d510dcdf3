import AsyncStorage from '@react-native-async-storage/async-storage';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';

const ASKED_KEY = 'notifications.asked';

/** Ask at most once per install; later launches only read the current status. */
export async function maybeAskForNotifications(): Promise<boolean> {
  if (!Device.isDevice) {
    return false;
  }

  const alreadyAsked = await AsyncStorage.getItem(ASKED_KEY);
  if (alreadyAsked === 'true') {
    const { granted } = await Notifications.getPermissionsAsync();
    return granted; // expect: provisional-blind-check
  }

  await AsyncStorage.setItem(ASKED_KEY, 'true');
  const { granted } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
  return granted; // expect: provisional-blind-check
}
