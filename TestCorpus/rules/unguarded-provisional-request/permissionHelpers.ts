import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';
import type { NotificationPermissionsStatus } from 'expo-notifications';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

function isUndetermined(status: IosAuthorizationStatus | undefined): boolean {
  return status === IosAuthorizationStatus.NOT_DETERMINED;
}

function alreadyDecided(settings: NotificationPermissionsStatus): boolean {
  return !settings.canAskAgain || settings.ios?.status !== IosAuthorizationStatus.NOT_DETERMINED;
}

async function neverAskedBefore(): Promise<boolean> {
  const { ios } = await Notifications.getPermissionsAsync();
  return ios?.status === IosAuthorizationStatus.NOT_DETERMINED;
}

function logPermissionScreen(screen: string) {
  console.log('permission screen', screen);
  return true;
}

// A helper given the iOS status.
export async function askWithStatusHelper() {
  const settings = await Notifications.getPermissionsAsync();
  if (!isUndetermined(settings.ios?.status)) return settings;
  return Notifications.requestPermissionsAsync(QUIET); // expect: request-when-denied
}

// A helper given the whole response, as an early exit.
export async function askWithResponseHelper() {
  const settings = await Notifications.getPermissionsAsync();
  if (alreadyDecided(settings)) return settings;
  return Notifications.requestPermissionsAsync(QUIET); // expect: request-when-denied
}

// A helper that reads the permissions itself.
export async function askWithReadingHelper() {
  if (await neverAskedBefore()) {
    return Notifications.requestPermissionsAsync(QUIET);
  }
  return null;
}

// The test kept in a constant first.
export async function askWithNamedTest() {
  const settings = await Notifications.getPermissionsAsync();
  const neverAsked = settings.ios?.status === IosAuthorizationStatus.NOT_DETERMINED;
  if (!neverAsked) return settings;
  return Notifications.requestPermissionsAsync(QUIET); // expect: request-when-denied
}

// A helper that tests nothing about the permission state does not guard.
export async function askAfterLogging() {
  if (!logPermissionScreen('quiet')) return null;
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request
}
