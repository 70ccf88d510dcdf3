import * as Notifications from 'expo-notifications';

export type AlertLevel = 'full' | 'quiet' | 'off';

/**
 * The user turned on "Banners and sounds" in the in-app preferences. A provisionally
 * authorized app may still show the real dialog once, so ask with full options only then.
 */
export async function upgradeToFullPermission(): Promise<AlertLevel> {
  const current = await Notifications.getPermissionsAsync();
  if (current.ios?.status !== Notifications.IosAuthorizationStatus.PROVISIONAL) {
    // Already full, declined, or not iOS: nothing to upgrade.
    return current.granted ? 'full' : 'off';
  }

  const { status } = await Notifications.requestPermissionsAsync({ // expect: request-when-denied
    ios: { allowAlert: true, allowBadge: true, allowSound: true },
  });
  if (status === 'granted') {
    return 'full';
  }
  return status === 'denied' ? 'off' : 'quiet';
}
