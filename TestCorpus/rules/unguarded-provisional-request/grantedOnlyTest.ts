import * as Notifications from 'expo-notifications';
import { Linking } from 'react-native';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// The copied snippet with a quiet request: the test keeps only granted devices out, so a device
// whose user declined reaches the request and just gets DENIED back.
export async function registerQuietly() {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  if (existingStatus !== 'granted') { // expect: provisional-blind-check
    await Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request, request-when-denied
  }
}

// The same test as an early exit, on `granted`.
export async function ensureQuietDelivery() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.granted) return settings; // expect: provisional-blind-check
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request, request-when-denied
}

// With the enum: still only GRANTED is kept out.
export async function registerWithEnum() {
  const { status } = await Notifications.getPermissionsAsync();
  if (status === Notifications.PermissionStatus.GRANTED) return true; // expect: provisional-blind-check
  await Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request, request-when-denied
  return false;
}

// A declined device leaves first; the granted test then only spares an authorized one.
export async function registerQuietlyUnlessDenied() {
  const { status } = await Notifications.getPermissionsAsync();
  if (status === 'denied') return false;
  if (status !== 'granted') { // expect: provisional-blind-check
    await Notifications.requestPermissionsAsync(QUIET);
  }
  return true;
}

// `canAskAgain === false` is the exit for declined devices.
export async function askQuietlyFromSettings() {
  const { granted, canAskAgain } = await Notifications.getPermissionsAsync();
  if (canAskAgain === false) {
    await Linking.openSettings();
    return;
  }
  if (!granted) { // expect: provisional-blind-check
    await Notifications.requestPermissionsAsync(QUIET);
  }
}
