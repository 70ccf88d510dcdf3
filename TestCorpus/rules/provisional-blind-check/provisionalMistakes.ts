import Constants from 'expo-constants';
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

const projectId: string | undefined = Constants.expoConfig?.extra?.eas?.projectId;

// Asks for quiet delivery, then throws the quiet answer away.
export async function registerQuietly(): Promise<string | null> {
  const { status: existingStatus } = await Notifications.getPermissionsAsync();
  let finalStatus = existingStatus;
  if (existingStatus === 'undetermined') { // expect: provisional-blind-check
    const { status } = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
      ios: { allowAlert: true, allowSound: true, allowProvisional: true },
    });
    finalStatus = status;
  }
  if (finalStatus !== 'granted') { // expect: provisional-blind-check
    return null;
  }
  const token = await Notifications.getExpoPushTokenAsync({ projectId });
  return token.data;
}

// Mentions PROVISIONAL, but with `||` every provisional device still gets the prompt.
export async function needsPermissionPrompt(): Promise<boolean> {
  const { status, ios } = await Notifications.getPermissionsAsync();
  return status !== 'granted' || ios?.status !== IosAuthorizationStatus.PROVISIONAL; // expect: provisional-blind-check
}

// Both sides can never hold at once for a provisional device.
export async function canSendQuietly(): Promise<boolean> {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  return granted && ios?.status === IosAuthorizationStatus.PROVISIONAL; // expect: provisional-blind-check
}

export function isReachable(settings: Notifications.NotificationPermissionsStatus): boolean {
  return settings.granted || settings.ios?.status === 3 || settings.ios?.status === 4; // expect: numeric-authorization-status, numeric-authorization-status
}

// The provisional test above lives in a sibling function and does not cover this one.
export async function shouldAskAgain(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.canAskAgain === false) return false;
  return settings.status !== 'granted'; // expect: provisional-blind-check
}
