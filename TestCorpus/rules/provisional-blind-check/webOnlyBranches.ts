import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';
import Constants from 'expo-constants';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;

// A browser has no provisional authorization: there the root status is the whole truth.
export async function webPushAllowed(): Promise<boolean> {
  if (Platform.OS !== 'web') return false;
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted';
}

// The web branch and the native path of one function.
export async function registerForPush(subscribeWebPush: () => Promise<string>): Promise<string | null> {
  if (Platform.OS === 'web') {
    const { granted } = await Notifications.getPermissionsAsync();
    if (!granted) return null;
    return subscribeWebPush();
  }
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') return null; // expect: provisional-blind-check
  return (await Notifications.getExpoPushTokenAsync({ projectId })).data;
}

// Leaving for the web first makes what follows native code: still reported.
export async function nativePushAllowed(): Promise<boolean> {
  if (Platform.OS === 'web') return false;
  const settings = await Notifications.getPermissionsAsync();
  return settings.granted; // expect: provisional-blind-check
}

// `&&` after the platform test: the comparison runs only in a browser.
export async function showWebPushBadge(showBadge: () => void): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'web' && status === 'granted') showBadge();
}
