import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';

// The provisional-aware way: this file is clean.

/** True when notifications can be delivered, including quiet (provisional) delivery on iOS. */
export async function canReceiveNotifications(): Promise<boolean> {
  const settings = await Notifications.getPermissionsAsync();
  return settings.granted || settings.ios?.status === IosAuthorizationStatus.PROVISIONAL;
}

/**
 * Asks without an interruptive dialog on iOS, and only a device that was never asked: one that
 * already decided gains nothing from a provisional request. No badge, since provisional never grants one.
 */
export async function requestQuietPermission(): Promise<boolean> {
  const current = await Notifications.getPermissionsAsync();
  if (current.granted || current.ios?.status === IosAuthorizationStatus.PROVISIONAL) return true;
  if (!current.canAskAgain) return false;
  const settings = await Notifications.requestPermissionsAsync({
    ios: { allowAlert: true, allowSound: true, allowProvisional: true },
  });
  return settings.granted || settings.ios?.status === IosAuthorizationStatus.PROVISIONAL;
}
