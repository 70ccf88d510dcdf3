// The same module through an optional chain.
import Notifications from '../lib/expoNotifications';

export async function askOnce() {
  const response = await Notifications?.requestPermissionsAsync(); // expect: missing-allow-provisional
  return response?.granted ?? false; // expect: provisional-blind-check
}
