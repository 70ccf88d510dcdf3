import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus } from 'expo-notifications';
import type { NotificationPermissionsStatus } from 'expo-notifications';

const QUIET = { ios: { allowAlert: true, allowSound: true, allowProvisional: true } };

function isDeliverable(settings: NotificationPermissionsStatus): boolean {
  return (
    settings.granted ||
    settings.ios?.status === IosAuthorizationStatus.PROVISIONAL ||
    settings.ios?.status === IosAuthorizationStatus.EPHEMERAL
  );
}

// Provisional-aware, yet it keeps out only devices that already receive notifications: a device
// whose user declined still reaches the quiet request.
export async function startQuietDelivery() {
  const settings = await Notifications.getPermissionsAsync();
  if (isDeliverable(settings)) return settings;
  return Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request, request-when-denied
}

// The same test written inline into a constant.
export async function startQuietDeliveryInline() {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  const deliverable =
    granted || ios?.status === IosAuthorizationStatus.PROVISIONAL || ios?.status === IosAuthorizationStatus.EPHEMERAL;
  if (!deliverable) {
    await Notifications.requestPermissionsAsync(QUIET); // expect: unguarded-provisional-request, request-when-denied
  }
}

// Deliverable first, then an exit for declined devices: only the undecided ones are asked.
export async function startQuietDeliveryOnce() {
  const settings = await Notifications.getPermissionsAsync();
  if (isDeliverable(settings)) return settings;
  if (settings.ios?.status === IosAuthorizationStatus.DENIED) return settings;
  return Notifications.requestPermissionsAsync(QUIET);
}
