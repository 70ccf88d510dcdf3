import analytics from '@react-native-firebase/analytics';
import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// The Android branch is exempt; the code after it runs on iOS and is reported.
export async function reportPushPermission(): Promise<void> {
  const { status, granted } = await Notifications.getPermissionsAsync();
  if (Platform.OS === 'android') {
    await analytics().logEvent('push_permission', { granted: String(granted) });
    return;
  }
  await analytics().logEvent('push_permission', { status }); // expect: provisional-blind-analytics
}

// After an early return for iOS, everything is Android.
export async function reportAndroidImportance(): Promise<void> {
  if (Platform.OS === 'ios') return;
  const settings = await Notifications.getPermissionsAsync();
  await analytics().logEvent('android_push', {
    granted: settings.granted,
    importance: settings.android?.importance ?? 0,
  });
}
