import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// Tests the status, but only to label the settings row: nothing here runs before the request.
export async function notificationStatusLabel(): Promise<string> {
  const { ios } = await Notifications.getPermissionsAsync();
  if (ios?.status === IosAuthorizationStatus.NOT_DETERMINED) return 'Not set up';
  return ios?.status === IosAuthorizationStatus.DENIED ? 'Off' : 'On';
}

// Exported: its callers (in other files too) are not seen, and nothing in it tests the state.
export async function askQuietly() {
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request
}

// This caller tests first, but askQuietly is exported and may be called from anywhere.
export async function onboardingDone() {
  const { ios, canAskAgain } = await Notifications.getPermissionsAsync();
  if (!canAskAgain || ios?.status !== IosAuthorizationStatus.NOT_DETERMINED) return;
  await askQuietly();
}

// A private helper is judged by its calls: one of them runs without a test.
async function requestQuietDelivery() {
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request
}

export async function fromSettingsScreen() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.ios?.status !== IosAuthorizationStatus.NOT_DETERMINED) return settings;
  return requestQuietDelivery();
}

export async function fromPushBanner() {
  return requestQuietDelivery();
}

// A private helper whose only call comes after the test is guarded.
const requestOnce = () => Notifications.requestPermissionsAsync(QUIET);

export async function fromWelcomeScreen() {
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.canAskAgain || settings.ios?.status !== IosAuthorizationStatus.NOT_DETERMINED) return settings;
  return requestOnce();
}
