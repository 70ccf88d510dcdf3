import * as Sentry from '@sentry/react-native';
import crashlytics from '@react-native-firebase/crashlytics';
import * as Notifications from 'expo-notifications';
import Constants from 'expo-constants';
import { Alert } from 'react-native';

import { Logger, debugLog, logError, logInfo, writeToLog } from '../lib/logging';
import { dialog } from '../ui/dialog';

const projectId = Constants.expoConfig?.extra?.eas?.projectId ?? Constants.easConfig?.projectId;
const notyLogger = Logger.create('notifications');
const log = (...parts: unknown[]) => console.log('[push]', ...parts);

// The app's own loggers decide nothing, like `console.log`.
export async function logPermissionOnLaunch(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status === 'granted') {
    writeToLog('push: permission granted');
  } else {
    writeToLog(`push: permission ${status}`);
  }
}

export async function tracePermission(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (granted) logInfo('push enabled');
  else logError('push disabled');
  if (!granted) debugLog('push: not granted');
  if (!granted) {
    notyLogger.debug('permission missing', { granted });
    Sentry.addBreadcrumb({ category: 'push', message: 'permission missing' });
    crashlytics().log('push permission missing');
  }
  if (granted) log('permission granted');
}

// A logger branch next to the branch that decides: only the deciding one is reported.
export async function registerDevice(save: (token: string) => Promise<void>): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) notyLogger.warn('skipping push token');
  if (!granted) return; // expect: provisional-blind-check
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  await save(token.data);
}

// Alerts and dialogs are effects: showing one to a provisional device is a decision.
export async function warnIfOff(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status !== 'granted') { // expect: provisional-blind-check
    Alert.alert('Notifications are off', 'Turn them on in Settings.');
  }
}

export async function promptIfOff(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) dialog.show('notifications-off'); // expect: provisional-blind-check
}

// A branch that logs and also does something else decides.
export async function logAndOpen(openSettings: () => void): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) { // expect: provisional-blind-check
    logInfo('opening settings');
    openSettings();
  }
}
