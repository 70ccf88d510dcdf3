// The app starts without the native module (Expo Go, the web, Jest): expo-notifications is loaded on first use and
// kept, null when it cannot load. The files under src/ reach it only through these loaders.
import type * as ExpoNotifications from 'expo-notifications';

let cached: typeof ExpoNotifications | null | undefined;

export function getNotifications(): typeof ExpoNotifications | null {
  if (cached !== undefined) return cached;
  try {
    cached = require('expo-notifications');
  } catch {
    cached = null;
  }
  return cached;
}

export const loadNotificationsAsync = async () => import('expo-notifications');
