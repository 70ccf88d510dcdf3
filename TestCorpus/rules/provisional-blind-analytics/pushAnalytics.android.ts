import analytics from '@react-native-firebase/analytics';
import * as Notifications from 'expo-notifications';

import { trackEvent } from '../services/analytics';

// Android-only file: no provisional state, the root status is the whole truth.
export async function reportPushPermission(): Promise<void> {
  const { status, granted } = await Notifications.getPermissionsAsync();
  await analytics().setUserProperty('push_enabled', String(granted));
  trackEvent('push_permission', { status });
}
