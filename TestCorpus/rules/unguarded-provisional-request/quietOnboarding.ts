import * as Notifications from 'expo-notifications';

import { analytics } from '../services/analytics';

// End of onboarding: reads the settings for the analytics event only, then asks quietly.
export async function finishOnboarding() {
  const settings = await Notifications.getPermissionsAsync();
  analytics.track('onboarding_done', { iosStatus: settings.ios?.status, canAskAgain: settings.canAskAgain });
  return Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } }); // expect: unguarded-provisional-request
}

// A test of the status that neither encloses the request nor leaves the function before it.
export async function startQuietDelivery() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.status === Notifications.IosAuthorizationStatus.NOT_DETERMINED) {
    analytics.track('first_permission_request');
  }
  await Notifications.requestPermissionsAsync({ // expect: unguarded-provisional-request, request-when-denied
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
}

// The status is only looked at after asking.
export async function askThenReport() {
  const result = await Notifications.requestPermissionsAsync({ ios: { allowProvisional: true } }); // expect: unguarded-provisional-request
  if (result.ios?.status === Notifications.IosAuthorizationStatus.DENIED) {
    analytics.track('notifications_denied');
  }
  return result;
}

// Asks quietly only while the device has never been asked.
export async function startQuietDeliveryOnce() {
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.canAskAgain) return settings;
  if (settings.ios && settings.ios.status !== Notifications.IosAuthorizationStatus.NOT_DETERMINED) return settings;
  return Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowSound: true, allowProvisional: true } });
}
