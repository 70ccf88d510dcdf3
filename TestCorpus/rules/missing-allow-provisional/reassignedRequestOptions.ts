import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';

// The options object reaching the request is the literal declared first: it is reassigned only
// after the call.
export async function askWithLoggedOptions(log: (entry: object) => void): Promise<boolean> {
  let options: Notifications.NotificationPermissionsRequest = { ios: { allowAlert: true, allowSound: true } };
  const { canAskAgain } = await Notifications.getPermissionsAsync();
  if (!canAskAgain) return false;
  const response = await Notifications.requestPermissionsAsync(options); // expect: missing-allow-provisional
  options = { ...options, android: {} };
  log({ options, response });
  return response.status !== 'denied';
}

// Overwritten before the call: the second literal is what the request receives.
export async function askQuietlyAfterDefaults(): Promise<void> {
  let options: Notifications.NotificationPermissionsRequest = { ios: { allowAlert: true } };
  options = { ios: { allowAlert: true, allowProvisional: true } };
  await Notifications.requestPermissionsAsync(options); // expect: unguarded-provisional-request
}

// Two objects may reach the call (the branch may or may not run): not reported.
export async function askForPlatform(): Promise<void> {
  let options: Notifications.NotificationPermissionsRequest = { ios: { allowProvisional: true } };
  if (Platform.OS === 'ios' && Platform.Version >= '15') {
    options = { ios: { allowAlert: true, allowBadge: true } };
  }
  await Notifications.requestPermissionsAsync(options);
}

// Set only in a branch taken before the call: still two possible objects, not reported.
export async function askWithFallback(saved: Notifications.NotificationPermissionsRequest | null): Promise<void> {
  let options: Notifications.NotificationPermissionsRequest = { ios: { allowAlert: true } };
  if (saved) options = saved;
  await Notifications.requestPermissionsAsync(options);
}
