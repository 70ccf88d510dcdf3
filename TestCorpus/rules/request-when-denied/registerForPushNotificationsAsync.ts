import Constants from 'expo-constants';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// The set-up guide's flow, with explicit request options. A device the user already said no to
// goes through requestPermissionsAsync again, which returns DENIED at once without any dialog.
export async function registerForPushNotificationsAsync(): Promise<string | null> {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'Default',
      importance: Notifications.AndroidImportance.MAX,
      vibrationPattern: [0, 200, 100, 200],
      lightColor: '#2F80ED',
    });
  }

  if (!Device.isDevice) {
    console.log('[push] a simulator cannot receive push notifications');
    return null;
  }

  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: false },
    });
    finalStatus = status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    return null;
  }

  const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
  const { data } = await Notifications.getExpoPushTokenAsync({ projectId });
  return data;
}

// Reworked version: quiet devices count as reachable, and a blocked device is not asked again.
export async function ensurePushPermission(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  const reachable =
    settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
  if (reachable) return true;
  if (!settings.canAskAgain) return false;

  const next = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  return next.granted || next.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}
