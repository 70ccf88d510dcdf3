import * as Notifications from 'expo-notifications';
import { Linking } from 'react-native';

/** What the "Push notifications" row shows: 'on', 'blocked', or the status the request gave. */
export type ToggleResult = 'on' | 'blocked' | Notifications.PermissionStatus;

/**
 * Runs when the user taps the "Push notifications" switch in Settings.
 * - already allowed: nothing to do;
 * - the system can still ask: show the prompt and report its answer;
 * - declined for good: send the user to the system settings page.
 */
export async function toggleNotifications(): Promise<ToggleResult> {
  const current = await Notifications.getPermissionsAsync();
  if (current.granted) { // expect: provisional-blind-check
    return 'on';
  }

  if (current.canAskAgain) {
    const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
    return status;
  }

  await Linking.openSettings();
  return 'blocked';
}
