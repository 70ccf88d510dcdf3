import { Alert, Linking } from 'react-native';
import {
  getPermissionsAsync as readNotificationPermissions,
  requestPermissionsAsync as askForNotifications,
  NotificationPermissionsStatus,
  PermissionStatus,
} from 'expo-notifications';

import i18n from '../i18n';

export async function ensureNotificationsEnabled(): Promise<boolean> {
  const { granted } = await readNotificationPermissions();
  !granted && (await askForNotifications({ ios: { allowAlert: true, allowSound: true, allowProvisional: false } })); // expect: provisional-blind-check, request-when-denied
  if (!granted) { // expect: provisional-blind-check
    Alert.alert(i18n.t('push.disabledTitle'), i18n.t('push.disabledBody'), [
      { text: i18n.t('common.later'), style: 'cancel' },
      { text: i18n.t('common.openSettings'), onPress: () => Linking.openSettings() },
    ]);
    return false;
  }
  return true;
}

export async function requestIfNeeded(): Promise<boolean> {
  const current = await readNotificationPermissions();
  if (current.status === PermissionStatus.GRANTED) { // expect: provisional-blind-check
    return true;
  }
  if (current.status === PermissionStatus.DENIED && !current.canAskAgain) {
    return false;
  }
  const next = await askForNotifications({
    ios: { allowAlert: true, allowSound: true, allowProvisional: false },
  });
  return next.status === PermissionStatus.GRANTED; // expect: provisional-blind-check
}

export async function notificationState(): Promise<'enabled' | 'blocked' | 'unknown'> {
  const { status } = await readNotificationPermissions();
  switch (status) {
    case 'granted': // a label to show for each status: display-only, not reported
      return 'enabled';
    case 'denied':
      return 'blocked';
    default:
      return 'unknown';
  }
}

export async function canSendMarketingPush(): Promise<boolean> {
  const { status } = await readNotificationPermissions();
  return ['granted'].includes(status); // expect: provisional-blind-check
}

export function permissionLabel(permission: NotificationPermissionsStatus): string {
  return permission.granted ? i18n.t('push.on') : i18n.t('push.off'); // expect: provisional-blind-check
}
