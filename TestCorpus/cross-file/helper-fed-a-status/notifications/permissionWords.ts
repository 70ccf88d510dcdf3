import * as Notifications from 'expo-notifications';
import { PermissionStatus } from 'expo-notifications';

// Every call in the project hands these helpers a root status or a whole response: each decides
// inside, where it is reported (its callers' tests of the result are not).
export function toSwitchState(status: string): 'on' | 'off' | 'ask' {
  switch (status) {
    case PermissionStatus.GRANTED: // expect: provisional-blind-check
      return 'on';
    case PermissionStatus.DENIED:
      return 'off';
    default:
      return 'ask';
  }
}

export function isPermissionGranted(response: { status: string }): boolean {
  return response.status === 'granted'; // expect: provisional-blind-check
}

// Fed a root status here and a server's word in settingsScreen.tsx: not a status.
export function isEnabledWord(status: string): boolean {
  return status === 'granted';
}

export async function readSettings() {
  return Notifications.getPermissionsAsync();
}

export async function shouldShowPrePrompt(): Promise<boolean> {
  const settings = await readSettings();
  return !isPermissionGranted(settings) && !isEnabledWord(settings.status);
}
