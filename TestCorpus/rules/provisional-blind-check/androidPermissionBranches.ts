import { Platform } from 'react-native';
import * as Notifications from 'expo-notifications';

function iosReachable(settings: Notifications.NotificationPermissionsStatus): boolean {
  return settings.granted || settings.ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL;
}

export async function prepareNotifications(): Promise<boolean> {
  if (Platform.OS === 'android') {
    await Notifications.setNotificationChannelAsync('default', {
      name: 'General',
      importance: Notifications.AndroidImportance.DEFAULT,
    });
    const { status } = await Notifications.getPermissionsAsync();
    if (status !== 'granted') {
      const res = await Notifications.requestPermissionsAsync(); // expect: request-when-denied
      return res.granted;
    }
    return true;
  }
  return iosReachable(await Notifications.getPermissionsAsync());
}

export async function pushToggleValue(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'ios') {
    return iosReachable(settings);
  } else {
    return settings.granted;
  }
}

export async function warnIfAndroidBlocked(showBanner: (message: string) => void): Promise<void> {
  if (Platform.OS !== 'android') return;
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.granted) {
    showBanner('Notifications are blocked for this app in Android settings.');
  }
}

export async function logAndroidImportance(): Promise<void> {
  if (Platform.OS === 'ios') return;
  const { granted, android } = await Notifications.getPermissionsAsync();
  console.log('[push] android importance', android?.importance, granted ? 'granted' : 'not granted');
}

export async function permissionFlags() {
  const isAndroid = Platform.OS === 'android';
  const settings = await Notifications.getPermissionsAsync();
  const blockedOnAndroid = Platform.OS !== 'ios' && !settings.granted;
  const enabledOnAndroid = isAndroid && settings.granted;
  const toggle = Platform.OS === 'android' ? settings.granted : iosReachable(settings);
  const describe = Platform.select({
    android: () => (settings.status === 'granted' ? 'Enabled' : 'Disabled'),
    default: () => (iosReachable(settings) ? 'Enabled' : 'Disabled'),
  });
  return { blockedOnAndroid, enabledOnAndroid, toggle, label: describe() };
}
