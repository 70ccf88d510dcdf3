import analytics from '@react-native-firebase/analytics';
import messaging from '@react-native-firebase/messaging';
import notifee, { AuthorizationStatus } from '@notifee/react-native';
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';
import { usePostHog } from 'posthog-react-native';

import { capture, trackEvent } from '../services/analytics';

// A comparison kept in a variable, then sent as a shorthand property. It decides nothing else, so
// the analytics property is the one finding.
export async function capturePushOnLaunch(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  const isGranted = status === 'granted';
  capture('push_permission', { isGranted }); // expect: provisional-blind-analytics
}

// A destructured `granted` nested in PostHog's user properties.
export function usePushUserProperty() {
  const posthog = usePostHog();
  return async () => {
    const { granted } = await Notifications.getPermissionsAsync();
    posthog.capture('push_checked', { $set: { push_enabled: granted } }); // expect: provisional-blind-analytics
  };
}

// A renamed copy, sent twice in one call: each property is its own finding.
export async function syncPushProperties(): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  const pushEnabled = settings.granted;
  const notificationsOn = pushEnabled;
  await analytics().setUserProperties({
    push_enabled: String(pushEnabled), // expect: provisional-blind-analytics
    notifications_on: notificationsOn ? 'yes' : 'no', // expect: provisional-blind-analytics
  });
}

// The same variable also decides: the comparison is reported where it is made, the property where it is sent.
export async function registerAndTrack(register: () => Promise<void>): Promise<void> {
  const { status } = await Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: false } });
  const isGranted = status === 'granted'; // expect: provisional-blind-check
  trackEvent('push_prompt_answered', { isGranted }); // expect: provisional-blind-analytics
  if (isGranted) await register();
}

// A word or a number picked by the test.
export async function trackPushState(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  const pushState = granted ? 'enabled' : 'disabled';
  const pushFlag = granted ? 1 : 0;
  trackEvent('push_state', { pushState, pushFlag }); // expect: provisional-blind-analytics, provisional-blind-analytics
}

// A flag set in a `try`, with a default for when reading the permission fails.
export async function trackPushFlag(): Promise<void> {
  let enabled = false;
  try {
    const { status } = await Notifications.getPermissionsAsync();
    enabled = !(status !== 'granted');
  } catch {
    enabled = false;
  }
  await analytics().logEvent('push_flag', { enabled }); // expect: provisional-blind-analytics
}

// Firebase and Notifee statuses compared with AUTHORIZED alone.
export async function syncFcmPermission(): Promise<void> {
  const authStatus = await messaging().hasPermission();
  const authorized = authStatus === messaging.AuthorizationStatus.AUTHORIZED;
  await analytics().setUserProperty('push_authorized', String(authorized)); // expect: provisional-blind-analytics
}

export async function trackNotifeePermission(): Promise<void> {
  const settings = await notifee.getNotificationSettings();
  const allowed = settings.authorizationStatus == AuthorizationStatus.AUTHORIZED;
  trackEvent('notifee_permission', { allowed }); // expect: provisional-blind-analytics
}

// Not reported: the iOS status travels in the same call.
export async function capturePushWithIosStatus(): Promise<void> {
  const { status, ios } = await Notifications.getPermissionsAsync();
  const isGranted = status === 'granted';
  capture('push_permission', { isGranted, ios_status: ios?.status });
}

// Not reported: the variable is provisional-aware.
export async function captureDeliverable(): Promise<void> {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  const deliverable = granted || ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL;
  capture('push_permission', { deliverable });
}

// Not reported: `>= AUTHORIZED` counts provisional devices in.
export async function trackNotifeeDeliverable(): Promise<void> {
  const settings = await notifee.getNotificationSettings();
  const deliverable = settings.authorizationStatus >= AuthorizationStatus.AUTHORIZED;
  trackEvent('notifee_permission', { deliverable });
}

// Not reported: a variable that holds the server's flag on another path is no blind value (no
// finding when in doubt), and only sent, it decides nothing.
export async function trackPushSource(fromServer: boolean, serverFlag: boolean): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  let enabled = serverFlag;
  if (!fromServer) enabled = granted;
  trackEvent('push_source', { enabled });
}
