import * as Notifications from 'expo-notifications';

import { logger } from '../utils/logger';

const N = Notifications;

const REQUEST_OPTIONS = {
  ios: { allowAlert: true, allowSound: true, allowProvisional: false },
};

export async function hasNotificationPermission(): Promise<boolean> {
  return (await Notifications.getPermissionsAsync()).granted; // expect: provisional-blind-check
}

async function readPermissions() {
  return N.getPermissionsAsync();
}

async function readStatus() {
  const { status } = await N.getPermissionsAsync();
  return status;
}

export async function shouldShowSoftPrompt(): Promise<boolean> {
  const perms = await readPermissions();
  logger.debug('notification permissions', perms.granted, perms.canAskAgain);
  return perms.status === 'undetermined' && perms.canAskAgain; // expect: provisional-blind-check
}

export async function pushRowSubtitle(): Promise<string> {
  const perms = await readPermissions();
  if (perms.granted === false) { // expect: provisional-blind-check
    return perms.canAskAgain ? 'Tap to turn on' : 'Turned off in Settings';
  }
  return 'On';
}

export async function ensurePermission(): Promise<boolean> {
  const current = await readStatus();
  if (current === 'granted') return true; // expect: provisional-blind-check
  const res = await N.requestPermissionsAsync(REQUEST_OPTIONS);
  logger.info(`notification request finished with ${res.status}`);
  return res.status === 'granted'; // expect: provisional-blind-check
}

export async function permissionSnapshot() {
  const isOn = (await Notifications.getPermissionsAsync()).status === 'granted'; // expect: provisional-blind-check
  return { isOn, checkedAt: Date.now() };
}
