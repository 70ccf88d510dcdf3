import notifee, { AuthorizationStatus } from '@notifee/react-native';
import { Alert } from 'react-native';

/**
 * Whether we may display local notifications. AUTHORIZED and PROVISIONAL both
 * deliver, so compare with >= rather than ===.
 */
export async function ensureNotificationPermission(): Promise<boolean> {
  const { authorizationStatus } = await notifee.getNotificationSettings();
  if (authorizationStatus >= AuthorizationStatus.AUTHORIZED) {
    return true;
  }
  if (authorizationStatus === AuthorizationStatus.DENIED) {
    // The system will not show the prompt again.
    return false;
  }

  const settings = await notifee.requestPermission({ sound: true, alert: true, badge: true });
  return settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED;
}

/** Older helper still used by the chat screen before showing a message notification. */
export async function checkNotificationsEnabled(): Promise<boolean> {
  const settings = await notifee.requestPermission();
  if (settings.authorizationStatus === AuthorizationStatus.AUTHORIZED) { // expect: provisional-blind-check
    return true;
  }

  Alert.alert('Notifications disabled', 'Please enable notifications in Settings to get new messages.');
  return false;
}
