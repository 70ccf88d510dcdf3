import analytics from '@react-native-firebase/analytics';
import * as Notifications from 'expo-notifications';

// Start-up diagnostics: the branches only log, nothing is decided.
export async function logPermissionOnLaunch(): Promise<void> {
  const { status: currentStatus } = await Notifications.getPermissionsAsync();
  if (currentStatus === 'granted') {
    console.log('enabled');
  } else {
    console.log('not enabled');
  }
}

// A warning without an else, and a ternary inside the message.
export async function tracePermission(): Promise<void> {
  const { granted } = await Notifications.getPermissionsAsync();
  if (!granted) console.warn('[push] notifications are not granted');
  console.info(`[push] permission is ${granted ? 'granted' : 'not granted'}`);
}

// The branches only pick which analytics event to send.
export async function reportPermissionOnLaunch(): Promise<void> {
  const { status } = await Notifications.getPermissionsAsync();
  if (status === 'granted') {
    await analytics().logEvent('push_permission_granted');
  } else {
    await analytics().logEvent('push_permission_missing');
  }
}

// The same with the enum and a logger object.
export async function debugPermission(logger: { debug: (message: string) => void }): Promise<void> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.status === Notifications.PermissionStatus.GRANTED) {
    logger.debug('push: granted');
  } else {
    logger.debug(`push: ${settings.status}`);
  }
}
