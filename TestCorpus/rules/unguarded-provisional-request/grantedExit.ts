import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus, PermissionStatus } from 'expo-notifications';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

// Leaves for a granted device first.
export async function ensureQuietDelivery() {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.granted) return settings; // expect: provisional-blind-check
  if (!settings.canAskAgain) return settings;
  return Notifications.requestPermissionsAsync(QUIET);
}

// Leaves for each decided iOS state, compared with the enum.
export async function ensureQuietDeliveryIos() {
  const { ios, status } = await Notifications.getPermissionsAsync();
  if (status === PermissionStatus.DENIED) return false;
  if (
    ios?.status === IosAuthorizationStatus.AUTHORIZED ||
    ios?.status === IosAuthorizationStatus.PROVISIONAL ||
    ios?.status === IosAuthorizationStatus.EPHEMERAL
  ) {
    return true;
  }
  await Notifications.requestPermissionsAsync(QUIET);
  return true;
}

// A switch on the iOS status with returns for the authorized states (denied ones left before).
export async function ensureQuietDeliverySwitch() {
  const settings = await Notifications.getPermissionsAsync();
  if (!settings.canAskAgain) return false;
  switch (settings.ios?.status) {
    case IosAuthorizationStatus.AUTHORIZED:
    case IosAuthorizationStatus.PROVISIONAL:
      return true;
    default:
      break;
  }
  await Notifications.requestPermissionsAsync(QUIET);
  return true;
}

// Reads `granted` only to log it: not a test that decides anything before the request.
export async function askAndLog() {
  const settings = await Notifications.getPermissionsAsync();
  console.log('granted before asking', settings.granted);
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request, request-when-denied
}
