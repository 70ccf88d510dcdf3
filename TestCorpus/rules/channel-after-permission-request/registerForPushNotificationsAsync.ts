import Constants from 'expo-constants';
import * as Device from 'expo-device';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// Written from an old template: the Android channel is created after the token was fetched, so on
// Android 13+ the permission dialog never shows and the request comes back denied.
export async function registerForPushNotificationsAsync(): Promise<string | undefined> {
  if (!Device.isDevice) return undefined;

  const permission = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  if (permission.status === 'denied') return undefined;

  const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
  const token = (await Notifications.getExpoPushTokenAsync({ projectId })).data;

  if (Platform.OS === 'android') {
    Notifications.setNotificationChannelAsync('default', { // expect: channel-after-permission-request
      name: 'default',
      importance: Notifications.AndroidImportance.MAX,
    });
  }
  return token;
}

// The same steps in the right order.
export async function registerForPushNotificationsFixed(): Promise<string | undefined> {
  if (!Device.isDevice) return undefined;

  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'default',
      importance: Notifications.AndroidImportance.MAX,
    });
  }

  const permission = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  if (permission.status === 'denied') return undefined;

  const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}
