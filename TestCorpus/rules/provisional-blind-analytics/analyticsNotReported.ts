import * as Sentry from '@sentry/react-native';
import crashlytics from '@react-native-firebase/crashlytics';
import Bugsnag from '@bugsnag/react-native';
import analytics from '@react-native-firebase/analytics';
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

import { trackEvent } from '../services/analytics';

// Crash reports carry the status as context: not product analytics.
export async function tagCrashReports(): Promise<void> {
  const { status, granted } = await Notifications.getPermissionsAsync();
  Sentry.setTag('push_status', status);
  await crashlytics().setAttribute('push_granted', String(granted));
  Bugsnag.leaveBreadcrumb('push permission', { status });
  console.log('push permission', { status, granted });
}

// A provisional-aware tier.
export async function trackDeliveryTier(): Promise<void> {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  const quiet = ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL;
  const tier = granted ? 'full' : quiet ? 'quiet' : 'off';
  trackEvent('push_status', { tier });
  await analytics().setUserProperty('push_tier', tier);
}

// The root value next to a provisional-aware one in the same call.
export async function trackGrantedAndTier(): Promise<void> {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  const quiet = ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL;
  trackEvent('push_status', { granted, quiet });
}

// The root status next to the iOS one.
export async function trackBothStatuses(): Promise<void> {
  const { status, ios } = await Notifications.getPermissionsAsync();
  trackEvent('push_status', { status, iosStatus: ios?.status });
}
