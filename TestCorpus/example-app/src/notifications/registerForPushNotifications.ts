import Constants from 'expo-constants';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

/**
 * Registers this device for push and returns its Expo push token.
 * This is the flow most apps copy from the push set-up guide.
 */
export async function registerForPushNotificationsAsync(): Promise<string | undefined> {
  if (Platform.OS === 'android') {
    // Android 13+ needs a channel before it will show the permission prompt.
    await Notifications.setNotificationChannelAsync('default', {
      name: 'General',
      importance: Notifications.AndroidImportance.HIGH,
    });
  }

  if (!Device.isDevice) {
    console.warn('Push notifications only work on a physical device.');
    return undefined;
  }

  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    finalStatus = status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    console.warn('Notification permission was not granted; skipping push registration.');
    return undefined;
  }

  const projectId = Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;
  if (!projectId) {
    throw new Error('Set extra.eas.projectId in app.json to get a push token.');
  }
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  return data;
}
