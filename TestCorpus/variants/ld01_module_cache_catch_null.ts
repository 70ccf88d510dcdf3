// EXPECT: PBC, deprecated-should-show-alert and removed-notification-api through a loader that caches the module in a
// module-level variable (undefined until loaded, null when the native module is missing: Expo Go, the web, Jest).
import type { EventSubscription } from 'expo-modules-core';

let cachedNotifications: typeof import('expo-notifications') | null | undefined;

function loadNotifications(): typeof import('expo-notifications') | null {
  if (cachedNotifications !== undefined) return cachedNotifications;
  try {
    cachedNotifications = require('expo-notifications');
  } catch (error) {
    console.warn('expo-notifications is not available here', error);
    cachedNotifications = null;
  }
  return cachedNotifications;
}

export function installForegroundHandler(): void {
  loadNotifications()?.setNotificationHandler({
    handleNotification: async () => ({
      shouldShowAlert: true, // expect: deprecated-should-show-alert
      shouldPlaySound: true,
      shouldSetBadge: false,
    }),
  });
}

export async function notificationsEnabled(): Promise<boolean> {
  const Notifications = loadNotifications();
  if (!Notifications) return false;
  const { status } = await Notifications.getPermissionsAsync();
  return status === 'granted'; // expect: provisional-blind-check
}

export function stopListening(subscription: EventSubscription | null): void {
  const Notifications = loadNotifications();
  if (Notifications && subscription) {
    Notifications.removeNotificationSubscription(subscription); // expect: removed-notification-api
  }
}
