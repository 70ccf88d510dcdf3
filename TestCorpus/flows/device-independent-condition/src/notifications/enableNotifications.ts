import * as Notifications from 'expo-notifications';

export type EnableResult = 'enabled' | 'skipped' | 'denied';

/**
 * `force` is true when the user tapped "Turn on notifications" themselves; the
 * automatic call after sign-in passes false and never shows a prompt.
 */
export async function enableNotifications(force: boolean): Promise<EnableResult> {
  const settings = await Notifications.getPermissionsAsync();
  if (settings.status === 'granted') { // expect: provisional-blind-check
    return 'enabled';
  }
  if (!force) {
    return 'skipped';
  }

  const { status } = await Notifications.requestPermissionsAsync({ // expect: missing-allow-provisional, request-when-denied
    ios: { allowAlert: true, allowSound: true },
  });
  if (status !== 'granted') { // expect: provisional-blind-check
    alert('Notifications stay off. You can change this in Settings.');
    return 'denied';
  }
  return 'enabled';
}
