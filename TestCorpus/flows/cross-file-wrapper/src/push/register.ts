import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { askForPermission, getNotificationStatus } from '../lib/permissions';

/** Makes sure we may notify, then returns this device's Expo push token (or null). */
export async function registerDevice(): Promise<string | null> {
  let status = await getNotificationStatus();
  if (status !== 'granted') {
    status = await askForPermission();
  }
  if (status !== 'granted') {
    console.info('[push] user did not allow notifications');
    return null;
  }

  const projectId = Constants.expoConfig?.extra?.eas?.projectId;
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  return token.data;
}
