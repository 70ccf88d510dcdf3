import * as Notifications from 'expo-notifications';
import { Alert, Platform } from 'react-native';

const SETTINGS_HINT = Platform.select({
  ios: 'Open Settings › Notifications › Courier and allow notifications.',
  android: 'Open Settings › Apps › Courier › Notifications and turn them on.',
  default: 'Allow notifications in your system settings.',
});

/**
 * Android 13+ shows no permission prompt until a channel exists, so the channel
 * is created first. Returns the native (FCM / APNs) device token.
 */
export async function setUpNotifications(): Promise<string | null> {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'default',
      importance: Notifications.AndroidImportance.MAX,
      vibrationPattern: [0, 250, 250, 250],
      lightColor: '#FF231F7C',
    });
  }

  const { granted: alreadyGranted } = await Notifications.getPermissionsAsync();
  let granted = alreadyGranted; // expect: provisional-blind-check
  if (!granted) {
    const result = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional, request-when-denied
    granted = result.granted; // expect: provisional-blind-check
  }
  if (!granted) {
    Alert.alert('Delivery updates are off', SETTINGS_HINT);
    return null;
  }

  const deviceToken = await Notifications.getDevicePushTokenAsync();
  return deviceToken.data;
}
