import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

export async function registerDevice(): Promise<string | null> {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'Default',
      importance: Notifications.AndroidImportance.HIGH,
    });
  }
  const permission = await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  if (permission.status === 'denied') return null;

  const token = await Notifications.getExpoPushTokenAsync({ projectId: '<YOUR_PROJECT_ID>' }); // expect: push-token-without-project-id
  return token.data;
}

export async function registerDeviceWithConfig(): Promise<string | null> {
  const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  return token.data;
}

// Options come from the caller (tests pass a fake project ID).
export async function tokenFor(options: Notifications.ExpoPushTokenOptions): Promise<string> {
  return (await Notifications.getExpoPushTokenAsync(options)).data;
}
