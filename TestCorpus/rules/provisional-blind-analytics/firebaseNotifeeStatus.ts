import analytics from '@react-native-firebase/analytics';
import messaging from '@react-native-firebase/messaging';
import notifee, { AuthorizationStatus } from '@notifee/react-native';

import { trackEvent } from '../services/analytics';

// AUTHORIZED alone: a provisional device (PROVISIONAL, 2) is recorded as not authorized.
export async function syncFcmPermissionProperty(): Promise<void> {
  const authStatus = await messaging().hasPermission();
  await analytics().setUserProperty('push_authorized', String(authStatus === messaging.AuthorizationStatus.AUTHORIZED)); // expect: provisional-blind-analytics
}

// The raw status keeps PROVISIONAL apart: not reported.
export async function logFcmStatus(): Promise<void> {
  const authStatus = await messaging().hasPermission();
  await analytics().logEvent('fcm_permission', { auth_status: authStatus });
}

export async function trackNotifeeSettings(): Promise<void> {
  const settings = await notifee.getNotificationSettings();
  trackEvent('notifee_permission', {
    authorized: settings.authorizationStatus === AuthorizationStatus.AUTHORIZED, // expect: provisional-blind-analytics
  });
}

// `>= AUTHORIZED` counts provisional devices in: not reported.
export async function trackNotifeeDeliverable(): Promise<void> {
  const settings = await notifee.getNotificationSettings();
  trackEvent('notifee_permission', { deliverable: settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED });
}
